import type { PublicProfile } from '@pinhive/contracts';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../auth/authModalContext';
import { useViewer } from '../auth/viewer';

/**
 * "Follow" on a profile, for visitors only: it opens the login-required prompt ("Log in to
 * follow", with the profile's avatar). Following itself comes later, so members see no button
 * rather than one that pretends to follow.
 */
export function FollowButton({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const auth = useAuthModal();
  if (viewer.status !== 'anonymous') return null;
  const name = profile.full_name.trim() || profile.username;
  return (
    <button
      type="button"
      className="button button--primary button--large"
      aria-haspopup="dialog"
      onClick={() => auth.requireLogin({ action: 'follow', visual: { kind: 'avatar', name, imageUrl: profile.image_large_url } })}
    >
      {t('follow.button')}
    </button>
  );
}
