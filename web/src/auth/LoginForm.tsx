import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logIn } from '../api/auth';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { TextField } from '../components/TextField';
import { HumanCheck } from '../humanCheck/HumanCheck';
import { useHumanCheck } from '../humanCheck/useHumanCheck';
import { useRecovery } from '../recovery/recoveryContext';
import { EmailField } from './EmailField';
import type { FormMessage } from './formMessage';
import { FormAlert, fieldMessages } from './FormMessageText';
import { ProviderFailureText } from '../social/ProviderFailureText';
import { describeLoginError } from './loginErrors';
import type { MfaChallenge } from './mfa';
import { passwordResetPath } from './paths';
import type { AuthVariant } from './targets';
import { useAuthSuccess } from './useAuthSuccess';
import { useForgotPassword } from './useForgotPassword';
import { useFormFields } from './useFormFields';
import { LOGIN_FIELDS, validateEmail, validateLogin } from './validation';
import { SsoNote } from '../social/SsoNote';
import { useProviderAttempt, type NotLinked, type ShownFailure } from '../social/useProviderAttempt';
import { useSsoCheck } from '../social/useSsoCheck';
import { PasskeyLoginButton } from '../passkeys/PasskeyLoginButton';

interface LoginFormProps {
  variant: AuthVariant;
  /** Adds another account (`account_switch: true`); success goes to the new account's profile. */
  accountSwitch?: boolean;
  /** The password was right and the account has two-factor on: the card shows the code step. */
  onMfaRequired: (challenge: MfaChallenge) => void;
  /**
   * The welcome-back view (PersonalizedLogin): the recognised account's email, shown read-only
   * and sent as `username_or_email`; only the password is asked for.
   */
  fixedEmail?: string;
  /** An SSO email's sign-in found no account: the card goes on to the SSO sign-up. */
  onNotLinked?: (found: NotLinked) => Promise<FormMessage | null> | void;
}

/**
 * The email log-in: client rules, `POST /v3/login/`, then the success target or the modal closes;
 * `mfa_required` hands the credentials (kept in memory only) to the code step. An email that
 * signs in with SSO (checked as it is typed) hides the password: the button reads "Continue with
 * SSO" and opens the organisation's sign-in in a popup, whose code logs in.
 */
export function LoginForm({ variant, accountSwitch = false, onMfaRequired, fixedEmail, onNotLinked }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const recovery = useRecovery();
  const success = useAuthSuccess(variant);
  const forgot = useForgotPassword();
  const { values, errors, inputs, change, showAt, passes } = useFormFields(LOGIN_FIELDS, { values: { email: fixedEmail ?? '', password: '' } });
  const [alert, setAlert] = useState<FormMessage | null>(null);
  // "Too quick" (the IP rule): the check belongs to this attempt; editing the fields keeps it.
  const check = useHumanCheck();
  const isSso = useSsoCheck(values.email);
  const queryClient = useQueryClient();
  const sso = useProviderAttempt({ variant, accountSwitch, onMfaRequired, onNotLinked: (found) => onNotLinked?.(found) });
  const [ssoFailure, setSsoFailure] = useState<ShownFailure | null>(null);

  const login = useMutation({
    mutationFn: logIn,
    onSuccess: ({ user }) => {
      check.succeeded();
      return accountSwitch ? success.accountAdded(user) : success.loggedIn();
    },
    onError: (error, credentials) => {
      if (check.failed(error)) return;
      // This form always sends both (provider log-ins are other components').
      const outcome = describeLoginError(error, credentials.username_or_email ?? '');
      switch (outcome.type) {
        case 'mfa':
          onMfaRequired({
            credentials: { username_or_email: credentials.username_or_email ?? '', password: credentials.password ?? '' },
            factor: outcome.factor,
            phoneNumberEnd: outcome.phoneNumberEnd,
          });
          break;
        case 'field':
          showAt(outcome.field, outcome.message);
          break;
        case 'alert':
          setAlert(outcome.message);
          break;
        case 'recovery':
          recovery.open(outcome.recovery);
          break;
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || check.busy || sso.busy) return;
    if (isSso) startSso();
    else send(check.heldToken);
  };

  /** "Continue with SSO": the popup opens now, in the press's own handler (popup blockers). */
  const startSso = () => {
    setAlert(null);
    setSsoFailure(null);
    if (!passes({ email: validateEmail(values.email) })) return;
    void sso
      .start('sso', {
        email: values.email.trim(),
        // Not SSO after all (the fresh check): the password form comes back.
        onNotSso: () => void queryClient.invalidateQueries({ queryKey: ['sso-check'] }),
      })
      .then((failure) => setSsoFailure(failure));
  };

  /** Client rules, then the attempt; with the token of a passed human check when there is one. */
  const send = (recaptchaV2Token: string | undefined) => {
    setAlert(null);
    if (!passes(validateLogin(values))) return;
    if (recaptchaV2Token) check.sent();
    login.mutate({
      username_or_email: values.email.trim(),
      password: values.password,
      ...(accountSwitch ? { account_switch: true } : {}),
      recaptchaV3Token: 'default',
      ...(recaptchaV2Token ? { recaptchaV2Token } : {}),
    });
  };

  const errorFor = fieldMessages(errors, values.email, forgot);

  const busy = login.isPending || sso.busy !== null;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormAlert message={alert} />
      {ssoFailure ? (
        <div className="form-alert" role="alert">
          <ProviderFailureText failure={ssoFailure} provider="sso" />
        </div>
      ) : null}
      {fixedEmail === undefined ? (
        <EmailField
          ref={inputs.email}
          id={`${id}-email`}
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          value={values.email}
          onChange={change('email')}
          error={errorFor('email')}
          autoComplete="username"
        />
      ) : (
        // Read-only, not disabled: it stays readable by screen readers and password managers
        // (`username` pairs it with the password), and an error the server gives for it can show.
        <TextField
          ref={inputs.email}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          label={t('auth.login.email')}
          value={values.email}
          readOnly
          error={errorFor('email')}
        />
      )}
      <SsoNote shown={isSso} />
      {isSso ? null : (
        <>
          <TextField
            ref={inputs.password}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('auth.login.password')}
            placeholder={t('auth.login.passwordPlaceholder')}
            value={values.password}
            onChange={(event) => change('password')(event.target.value)}
            error={errorFor('password')}
          />
          <Link className="auth-form__forgot text-link" to={passwordResetPath(values.email)}>
            {t('auth.login.forgot')}
          </Link>
        </>
      )}
      {/* The check passed: the log-in is retried at once with its token. */}
      <HumanCheck check={check} onPassed={send} />
      {/* The SSO log-in was "too quick": once passed it goes again with the popup's answer. */}
      <HumanCheck check={sso.check} onPassed={(token) => void sso.retry(token).then((done) => setSsoFailure(done?.failure ?? null))} />
      <button type="submit" className="button button--primary button--block" {...busyProps(busy)}>
        {busy ? <Spinner /> : null}
        <span>{isSso ? t('social.continueWithSso') : t('auth.login.submit')}</span>
      </button>
      {/* No email, no password: the browser offers this site's passkeys (hidden without WebAuthn), in the welcome-back view too. */}
      <PasskeyLoginButton accountSwitch={accountSwitch} onLoggedIn={(user) => void (accountSwitch ? success.accountAdded(user) : success.loggedIn())} />
    </form>
  );
}
