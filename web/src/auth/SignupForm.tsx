import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
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
import { latestBirthday, SIGNUP_FIELDS, validateSignup, type SignupValues } from './validation';

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
}

/**
 * The email sign-up form (spec section 4): client rules, then `runEmailSignup` (exists? log in :
 * validate, register). A browser flagged under age (cookie `ph_underage=1`) sees the
 * not-eligible message with the birthday and the button disabled.
 */
export function SignupForm({ variant, onUnderage, onMfaRequired, onConsentNeeded, draft }: SignupFormProps) {
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
    if (signup.isPending || blocked || check.busy) return;
    send(check.heldToken);
  };

  /** Client rules, then the sign-up; with the token of a passed human check when there is one. */
  const send = (token: string | undefined) => {
    setAlert(null);
    if (!passes(validateSignup(values))) return;
    if (token) check.sent();
    signup.mutate({ form: values, token });
  };

  const errorFor = fieldMessages(errors, values.email, forgot);

  const busy = signup.isPending;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {blocked ? (
        <div className="form-alert" role="status">
          {t('errors.underage')}
        </div>
      ) : null}
      <FormAlert message={alert} />
      <EmailField
        ref={inputs.email}
        id={`${id}-email`}
        label={t('auth.signup.email')}
        placeholder={t('auth.signup.emailPlaceholder')}
        value={values.email}
        onChange={change('email')}
        error={errorFor('email')}
      />
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
      <button type="submit" className="button button--primary button--block" disabled={blocked} {...busyProps(busy)}>
        {busy ? <Spinner /> : null}
        <span>{t('auth.signup.submit')}</span>
      </button>
    </form>
  );
}
