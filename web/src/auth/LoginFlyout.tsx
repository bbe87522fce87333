import { useId, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Flyout } from '../components/Flyout';
import { AuthCard } from './AuthCard';
import { useAuthFlyoutOpen, useAuthModal } from './authModalContext';

/**
 * The top bar's "Log in": the log-in card as a flyout under the button (signup-login.md
 * section 1: the card "appears as a modal, a full page, a flyout…"). Programmatic opens
 * (`useAuthModal().open`, the login-required prompt) stay modal.
 */
export function LoginFlyout({ buttonRef }: { buttonRef?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const open = useAuthFlyoutOpen();
  const auth = useAuthModal();
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const setButton = (element: HTMLButtonElement | null) => {
    button.current = element;
    if (typeof buttonRef === 'function') buttonRef(element);
    else if (buttonRef) buttonRef.current = element;
  };
  return (
    <>
      <button
        ref={setButton}
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={auth.toggleFlyout}
      >
        {t('common.logIn')}
      </button>
      {open ? (
        <Flyout id={panelId} labelledBy={titleId} anchor={button} onClose={auth.closeFlyout} className="flyout--auth">
          <AuthCard view="login" variant="flyout" titleId={titleId} />
        </Flyout>
      ) : null}
    </>
  );
}
