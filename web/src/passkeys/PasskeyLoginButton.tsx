import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@pinhive/contracts';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import { passkeyLogIn, webAuthnAvailable } from './ceremonies';
import { describePasskeyFailure, type PasskeyFailure } from './passkeyMessages';
import { PasskeyIcon } from './PasskeyIcon';
import './passkeys.css';

export interface PasskeyLoginButtonProps {
  /**
   * The session cookies are set: the caller goes on as after any log-in (useAuthSuccess's
   * `loggedIn`, or `accountAdded` in account-switch mode), refreshing the viewer.
   */
  onLoggedIn: (user: SessionUser) => void;
  /** Account-switch mode: the current account is kept for switching, as the log-in form's `account_switch`. */
  accountSwitch?: boolean;
}

/**
 * "Log in with a passkey": no email, no password. The browser shows the passkeys it has for this
 * site and the person picks one (and unlocks it with a fingerprint, face or PIN); the server then
 * opens the session. Not shown where the browser cannot use passkeys. While the browser's prompt
 * is open the button is busy (and a status line says what is awaited); a failure is announced
 * in an alert under it, and the button stays for another try.
 */
export function PasskeyLoginButton({ onLoggedIn, accountSwitch = false }: PasskeyLoginButtonProps) {
  const { t } = useTranslation();
  const id = useId();
  const [supported] = useState(webAuthnAvailable);
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const login = useMutation({
    mutationFn: () => passkeyLogIn(accountSwitch),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => onLoggedIn(answer.user),
    onError: (error) => setFailure(describePasskeyFailure(error, 'login')),
  });

  if (!supported) return null;
  const errorText = !failure ? '' : failure.kind === 'server' ? failure.text : failure.kind === 'message' ? t(`passkeys.messages.${failure.key}`) : t('passkeys.messages.generic');
  return (
    <div className="passkey-login">
      <button
        type="button"
        className="button button--secondary button--block passkey-login__button"
        onClick={() => {
          if (!login.isPending) login.mutate();
        }}
        aria-describedby={errorText ? `${id}-error` : undefined}
        {...busyProps(login.isPending)}
      >
        {login.isPending ? <Spinner /> : <PasskeyIcon />}
        <span>{t('passkeys.logIn')}</span>
      </button>
      {/* Live regions stay in the page, so that what is put into them is announced. */}
      <p className="visually-hidden" role="status">
        {login.isPending ? t('passkeys.loggingIn') : ''}
      </p>
      <p className="passkey-login__error" id={`${id}-error`} role="alert">
        {errorText}
      </p>
    </div>
  );
}
