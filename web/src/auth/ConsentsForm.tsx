import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerUser } from '../api/users';
import { CheckboxField } from '../components/CheckboxField';
import { Spinner } from '../components/Spinner';
import { useRecovery } from '../recovery/recoveryContext';
import { describeConsentFailure, validateConsent } from './consents';
import { GENERIC, type FormMessage } from './formMessage';
import { FormAlert, FormMessageText } from './FormMessageText';
import type { ConsentChoices } from './registration';
import { registerWithConsent, type SignupDraft } from './signupFlow';
import type { AuthVariant } from './targets';
import { useAuthSuccess } from './useAuthSuccess';
import type { SignupValues } from './validation';

const CALLS = { register: registerUser };

/**
 * A provider's sign-up passing through the consents view: `submit` registers with the answers
 * (the card moves on, or resolves with a message to show here); Back leaves the sign-up.
 */
export interface SocialConsents {
  submit: (consent: ConsentChoices) => Promise<FormMessage | null>;
  back: () => void;
}

interface ConsentsFormProps {
  /** What the sign-up view checked (client rules, existence, backend validation); unused with `social`. */
  values: SignupValues;
  variant: AuthVariant;
  /** The card's explanation above the boxes: what the required box agrees to. */
  describedBy: string;
  /** Back to the sign-up view with the typed values; with a message when the server refused one. */
  onBack: (draft: SignupDraft) => void;
  onUnderage: () => void;
  /** Instead of the email sign-up's registration: a provider's (its own failures and Back). */
  social?: SocialConsents;
}

/**
 * The consents view of the `kr_privacy_consent` experiment (signup-login.md sections 2 and 4):
 * a required agreement to the collection and use of personal information, optional marketing
 * emails, then the registration with `kr_privacy_consent_opt_in` and `marketing_notifs_opt_out`.
 * "Create account" reads as unavailable until the required box is checked, but stays pressable
 * (`aria-disabled`): pressing it then says what is missing at the box, which a disabled button
 * could not.
 */
export function ConsentsForm({ values, variant, describedBy, onBack, onUnderage, social }: ConsentsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const recovery = useRecovery();
  const success = useAuthSuccess(variant);
  const [choices, setChoices] = useState<ConsentChoices>({ privacy: false, marketing: false });
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const privacyBox = useRef<HTMLInputElement>(null);
  const focusBox = useRef(false);

  // Focus after the render that marked the box invalid, so it is announced with its message.
  useEffect(() => {
    if (!focusBox.current) return;
    focusBox.current = false;
    privacyBox.current?.focus();
  });

  const showAtBox = (message: FormMessage) => {
    setError({ ...message });
    focusBox.current = true;
  };

  const register = useMutation({
    mutationFn: (consent: ConsentChoices) => registerWithConsent(values, consent, CALLS),
    onSuccess: async (outcome) => {
      if (outcome.type === 'registered') return success.registered(outcome.user);
      const failure = describeConsentFailure(outcome.error, values.email.trim());
      switch (failure.type) {
        case 'underage':
          return onUnderage();
        case 'consent':
          return showAtBox(failure.message);
        case 'signup_field':
          return onBack({ values, message: { field: failure.field, message: failure.message } });
        case 'alert':
          return setAlert(failure.message);
        case 'recovery':
          return recovery.open(failure.recovery);
      }
    },
    onError: () => setAlert(GENERIC),
  });
  const socialRegister = useMutation({
    mutationFn: (consent: ConsentChoices) => (social ? social.submit(consent) : Promise.resolve(null)),
    onSuccess: (message) => {
      if (message?.source === 'error' && message.code === 'consent_required') showAtBox(message);
      else if (message) setAlert(message);
    },
    onError: () => setAlert(GENERIC),
  });
  const busy = register.isPending || socialRegister.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const missing = validateConsent(choices);
    if (missing) return showAtBox(missing);
    setError(null);
    if (social) socialRegister.mutate(choices);
    else register.mutate(choices);
  };

  return (
    <form className="auth-form consents" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormAlert message={alert} />
      <CheckboxField
        ref={privacyBox}
        id={`${id}-privacy`}
        name="kr_privacy_consent_opt_in"
        label={t('consents.privacy')}
        checked={choices.privacy}
        onChange={(event) => {
          const privacy = event.target.checked;
          setChoices((current) => ({ ...current, privacy }));
          if (privacy) setError(null);
        }}
        required
        error={error ? <FormMessageText message={error} /> : undefined}
        describedBy={describedBy}
      />
      <CheckboxField
        id={`${id}-marketing`}
        name="marketing_opt_in"
        label={t('consents.marketing')}
        checked={choices.marketing}
        onChange={(event) => {
          const marketing = event.target.checked;
          setChoices((current) => ({ ...current, marketing }));
        }}
      />
      <button
        type="submit"
        className="button button--primary button--block consents__submit"
        aria-disabled={!choices.privacy || busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner /> : null}
        <span>{t('consents.submit')}</span>
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (social) social.back();
          else onBack({ values });
        }}
      >
        {t('consents.back')}
      </button>
    </form>
  );
}
