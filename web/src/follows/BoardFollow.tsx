import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Board } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { boardKeys } from '../boards/queries';
import { followBoard, unfollowBoard } from './api';
import { FollowButton } from './FollowButton';
import { FollowListDialog } from './FollowListDialog';
import { useFollowControl } from './queries';

/**
 * Under a board's header: its followers (a button that lists them) and Follow. Only public
 * boards of others can be followed (the server's board policy); the owner sees the count alone.
 * On the board page (`/:username/:slug`), whose params its board answer is cached under.
 */
export function BoardFollow({ board }: { board: Board }) {
  const { t } = useTranslation();
  const { username = '', slug = '' } = useParams();
  const viewer = useViewer();
  const [listing, setListing] = useState(false);
  const control = useFollowControl({ queryKey: boardKeys.bySlug(username, slug), follow: () => followBoard(board.id), unfollow: () => unfollowBoard(board.id) });
  const own = viewer.status === 'authenticated' && viewer.user.id === board.owner.id;
  const followable = board.privacy === 'public' && !own && viewer.status !== 'loading';
  const cover = board.image_cover_url;
  return (
    <div className="follow-bar">
      {board.follower_count !== undefined ? (
        <button type="button" className="follow-bar__count" aria-haspopup="dialog" onClick={() => setListing(true)}>
          {t('follow.followers', { count: board.follower_count })}
        </button>
      ) : null}
      {followable ? (
        <FollowButton
          followed={board.followed_by_me}
          pending={control.pending}
          onToggle={control.toggle}
          onLoginNeeded={control.requestAfterLogin}
          visual={cover ? { kind: 'image', src: cover, alt: '', ...(board.cover_color ? { dominantColor: board.cover_color } : {}) } : { kind: 'avatar', name: board.owner.username, imageUrl: null }}
        />
      ) : null}
      {listing ? <FollowListDialog list={{ kind: 'boardFollowers', boardId: board.id }} title={t('follow.followersTitle')} onClose={() => setListing(false)} /> : null}
    </div>
  );
}
