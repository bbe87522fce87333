import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { followUser, unfollowUser, type FollowList } from './api';
import { FollowButton } from './FollowButton';
import { FollowListDialog } from './FollowListDialog';
import { useFollowControl } from './queries';

/**
 * Under a profile's header: followers and following (buttons that list them) and Follow, which
 * also follows the person's public boards. Nobody follows themselves: their own profile shows
 * the counts alone. Cached under the profile's query (profile/useProfile.ts).
 */
export function ProfileFollow({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [listing, setListing] = useState<FollowList | null>(null);
  const control = useFollowControl({ queryKey: ['profile', profile.username], follow: () => followUser(profile.id), unfollow: () => unfollowUser(profile.id) });
  const own = viewer.status === 'authenticated' && viewer.user.id === profile.id;
  const name = profile.full_name.trim() || profile.username;
  return (
    <div className="follow-bar">
      <button type="button" className="follow-bar__count" aria-haspopup="dialog" onClick={() => setListing({ kind: 'userFollowers', userId: profile.id })}>
        {t('follow.followers', { count: profile.follower_count })}
      </button>
      <button type="button" className="follow-bar__count" aria-haspopup="dialog" onClick={() => setListing({ kind: 'userFollowing', userId: profile.id })}>
        {t('follow.followingCount', { count: profile.following_count })}
      </button>
      {own || viewer.status === 'loading' ? null : (
        <FollowButton
          followed={profile.followed_by_me}
          pending={control.pending}
          onToggle={control.toggle}
          onLoginNeeded={control.requestAfterLogin}
          visual={{ kind: 'avatar', name, imageUrl: profile.image_large_url }}
        />
      )}
      {listing ? (
        <FollowListDialog list={listing} title={listing.kind === 'userFollowing' ? t('follow.followingTitle') : t('follow.followersTitle')} onClose={() => setListing(null)} />
      ) : null}
    </div>
  );
}
