import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailExists, logIn, validateEmailRemotely } from '../api/auth';
import { fetchExperiments } from '../api/experiments';
import { registerUser } from '../api/users';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { TextField } from '../components/TextField';
import { HumanCheck } from '../humanCheck/HumanCheck';
import { useHumanCheck } from '../humanCheck/useHumanCheck';
import { useRecovery } from '../recovery/recoveryContext';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { EmailField } from './EmailField';
import type { FormMessage } from './formMessage';
import { FormAlert, fieldMessages } from './FormMessageText';
import { describeSignupFailure, runEmailSignup, type SignupCalls, type SignupDraft } from './signupFlow';
import type { AuthVariant } from './targets';
import type { MfaChallenge } from './mfa';
import { hasUnderageFlag } from './underage';
import { useAuthSuccess } from './useAuthSuccess';
import { useForgotPassword } from './useForgotPassword';
import { useFormFields } from './useFormFields';
import { latestBirthday, SIGNUP_FIELDS, validateBirthday, validateEmail, validateSignup, type SignupValues } from './validation';
import { ProviderFailureText } from '../social/ProviderFailureText';
import { SsoNote } from '../social/SsoNote';
import { useProviderAttempt, type NotLinked, type ShownFailure } from '../social/useProviderAttempt';
import { useSsoCheck } from '../social/useSsoCheck';

const CALLS: SignupCalls = {
  emailExists,
  validateEmail: validateEmailRemotely,
  logIn,
  register: registerUser,
  experiments: () => fetchExperiments(),
};

interface SignupFormProps {
  variant: AuthVariant;
  /** The server refused the birthday as under age: the card shows UnderageConfirmation. */
  onUnderage: () => void;
  /** The email exists, its password was typed, and two-factor is on: the card shows the code step. */
  onMfaRequired: (challenge: MfaChallenge) => void;
  /** Everything checked and the consent experiment is on: the card shows the consents view. */
  onConsentNeeded: (values: SignupValues) => void;
  /** Back from the consents view: the typed values, and a message the server gave for one of them. */
  draft?: SignupDraft | null;
  /** An SSO email's sign-in found no account: the card goes on to the SSO sign-up with the typed birthday. */
  onNotLinked?: (found: NotLinked & { birthday: string }) => Promise<FormMessage | null> | void;
}

/**
 * The email sign-up form (spec section 4): client rules, then `runEmailSignup` (exists? log in :
 * validate, register). A browser flagged under age (cookie `ph_underage=1`) sees the
 * not-eligible message with the birthday and the button disabled. An email that signs in with
 * SSO (checked as it is typed) hides the password and keeps the birthday: "Continue with SSO"
 * opens the organisation's sign-in in a popup; an account logs in, a new person signs up with
 * the typed birthday.
 */
export function SignupForm({ variant, onUnderage, onMfaRequired, onConsentNeeded, draft, onNotLinked }: SignupFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const recovery = useRecovery();
  const toast = useToast();
  const success = useAuthSuccess(variant);
  const forgot = useForgotPassword();
  const [blocked] = useState(() => hasUnderageFlag());
  const { values, errors, inputs, change, showAt, passes } = useFormFields(SIGNUP_FIELDS, {
    values: draft?.values ?? { email: '', password: '', birthday: '' },
    errors: draft?.message ? { [draft.message.field]: draft.message.message } : {},
    focus: draft?.message?.field ?? null,
  });
  const [alert, setAlert] = useState<FormMessage | null>(null);
  // An existing email logs in, and that log-in may be "too quick" (the IP rule): the human check.
  const check = useHumanCheck();
  const isSso = useSsoCheck(values.email, !blocked);
  const queryClient = useQueryClient();
  const sso = useProviderAttempt({ variant, onMfaRequired, onNotLinked: (found) => onNotLinked?.({ ...found, birthday: values.birthday }) });
  const [ssoFailure, setSsoFailure] = useState<ShownFailure | null>(null);

  const signup = useMutation({
    mutationFn: ({ form, token }: { form: SignupValues; token: string | undefined }) => runEmailSignup(form, CALLS, token),
    onSuccess: async (outcome, { form }) => {
      switch (outcome.type) {
        case 'registered':
          return success.registered(outcome.user);
        case 'logged_in':
          check.succeeded();
          return success.loggedIn();
        case 'email_not_valid':
          return showAt('email', { source: 'validation', code: 'email_not_valid' });
        case 'consent_needed':
          return onConsentNeeded(form);
        case 'failed':
          if (outcome.step === 'login' && check.failed(outcome.error)) return;
          break;
      }
      const failure = describeSignupFailure(outcome.step, outcome.error, form.email.trim());
      switch (failure.type) {
        case 'underage':
          return onUnderage();
        case 'mfa':
          return onMfaRequired({
            credentials: { username_or_email: form.email.trim(), password: form.password },
            factor: failure.factor,
            phoneNumberEnd: failure.phoneNumberEnd,
          });
        case 'field':
          return showAt(failure.field, failure.message);
        case 'alert':
          return setAlert(failure.message);
        case 'recovery':
          return recovery.open(failure.recovery);
        case 'toast': {
          const text = failure.message.source === 'server' ? failure.message.text : t('errors.generic');
          return toast.show({ message: text, durationMs: ERROR_TOAST_MS, tone: 'error' });
        }
      }
    },
    onError: () => setAlert({ source: 'error', code: 'generic' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending || blocked || check.busy || sso.busy) return;
    if (isSso) startSso();
    else send(check.heldToken);
  };

  /** "Continue with SSO": the email and the birthday, then the popup, opened in the press's own handler. */
  const startSso = () => {
    setAlert(null);
    setSsoFailure(null);
    if (!passes({ email: validateEmail(values.email), birthday: validateBirthday(values.birthday) })) return;
    void sso
      .start('sso', {
        email: values.email.trim(),
        onNotSso: () => void queryClient.invalidateQueries({ queryKey: ['sso-check'] }),
      })
      .then((failure) => setSsoFailure(failure));
  };

  /** Client rules, then the sign-up; with the token of a passed human check when there is one. */
  const send = (token: string | undefined) => {
    setAlert(null);
    if (!passes(validateSignup(values))) return;
    if (token) check.sent();
    signup.mutate({ form: values, token });
  };

  const errorFor = fieldMessages(errors, values.email, forgot);

  const busy = signup.isPending || sso.busy !== null;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {blocked ? (
        <div className="form-alert" role="status">
          {t('errors.underage')}
        </div>
      ) : null}
      <FormAlert message={alert} />
      {ssoFailure ? (
        <div className="form-alert" role="alert">
          <ProviderFailureText failure={ssoFailure} provider="sso" />
        </div>
      ) : null}
      <EmailField
        ref={inputs.email}
        id={`${id}-email`}
        label={t('auth.signup.email')}
        placeholder={t('auth.signup.emailPlaceholder')}
        value={values.email}
        onChange={change('email')}
        error={errorFor('email')}
      />
      <SsoNote shown={isSso} />
      {isSso ? null : (
        <TextField
          ref={inputs.password}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('auth.signup.password')}
          placeholder={t('auth.signup.passwordPlaceholder')}
          value={values.password}
          onChange={(event) => change('password')(event.target.value)}
          error={errorFor('password')}
        />
      )}
      <TextField
        ref={inputs.birthday}
        id={`${id}-birthday`}
        name="birthday"
        type="date"
        autoComplete="bday"
        max={latestBirthday()}
        label={t('auth.signup.birthday')}
        value={values.birthday}
        onChange={(event) => change('birthday')(event.target.value)}
        error={errorFor('birthday')}
        disabled={blocked}
      />
      {/* The check passed: the sign-up (its log-in) is retried at once with its token. */}
      <HumanCheck check={check} onPassed={send} />
      {/* The SSO log-in was "too quick": once passed it goes again with the popup's answer. */}
      <HumanCheck check={sso.check} onPassed={(token) => void sso.retry(token).then((done) => setSsoFailure(done?.failure ?? null))} />
      <button type="submit" className="button button--primary button--block" disabled={blocked} {...busyProps(busy)}>
        {busy ? <Spinner /> : null}
        <span>{isSso ? t('social.continueWithSso') : t('auth.signup.submit')}</span>
      </button>
    </form>
  );
}
