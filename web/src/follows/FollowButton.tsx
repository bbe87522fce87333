import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../auth/authModalContext';
import type { AuthVisual } from '../auth/openingContext';
import { useViewer } from '../auth/viewer';
import { busyProps } from '../components/busy';

interface FollowButtonProps {
  followed: boolean;
  pending: boolean;
  onToggle: (next: boolean) => void;
  /** A visitor pressed it: the follow waits for their log-in. */
  onLoginNeeded: () => void;
  /** What the visitor's log-in prompt shows (the board's cover, the person's avatar). */
  visual: AuthVisual;
}

/**
 * 'Follow' / 'Following', a toggle (aria-pressed). Members follow at once (optimistic, see
 * queries.ts); a visitor gets the login-required prompt ("Log in to follow"), as Save does.
 */
export function FollowButton({ followed, pending, onToggle, onLoginNeeded, visual }: FollowButtonProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const auth = useAuthModal();
  const visitor = viewer.status === 'anonymous';
  const onClick = () => {
    if (viewer.status === 'authenticated') onToggle(!followed);
    else if (visitor) {
      onLoginNeeded();
      auth.requireLogin({ action: 'follow', visual });
    }
  };
  return (
    <button
      type="button"
      className={`button button--large follow-button ${followed ? 'button--secondary' : 'button--primary'}`}
      aria-pressed={visitor ? undefined : followed}
      aria-haspopup={visitor ? 'dialog' : undefined}
      onClick={onClick}
      {...busyProps(pending)}
    >
      {followed ? t('follow.following') : t('follow.button')}
    </button>
  );
}
