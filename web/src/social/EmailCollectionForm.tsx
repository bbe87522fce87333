import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterRender } from '../hooks/useFocusAfterRender';
import { EMAIL_FORMAT } from '@pinhive/contracts';
import { emailExists } from '../api/auth';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { TextField } from '../components/TextField';
import type { FormMessage } from '../auth/formMessage';
import { FormAlert, FormMessageText } from '../auth/FormMessageText';
import type { SocialSignupFlow } from './useSocialSignupFlow';

/** The email step's rules (spec section 5, collected email): required, then the email format. */
export function validateCollectedEmail(raw: string): FormMessage | null {
  const email = raw.trim();
  if (email === '') return { source: 'social', code: 'emailRequired' };
  if (!EMAIL_FORMAT.test(email)) return { source: 'social', code: 'emailFormat' };
  return null;
}

/**
 * The email step of a provider's sign-up (view `EmailCollection`: a Facebook-kind phone-only
 * account, or a provider that gave no email): "What's your email address?", Continue and Not now.
 * Continue checks the rules, then whether an account has the email (the existing-email view if
 * so), then goes on (the birthday step, or the registration). "Not now" returns to sign-up.
 */
export function EmailCollectionForm({ flow, describedBy, onNotNow }: { flow: SocialSignupFlow; describedBy: string; onNotNow: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(flow.signup?.email ?? '');
  const [error, setError] = useState<FormMessage | null>(flow.stepMessage);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = useFocusAfterRender();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const signup = flow.signup;
    if (busy || !signup) return;
    setAlert(null);
    const problem = validateCollectedEmail(email);
    if (problem) {
      setError(problem);
      focus.later();
      return;
    }
    setError(null);
    setBusy(true);
    const typed = email.trim();
    try {
      let taken: boolean;
      try {
        taken = await emailExists(typed);
      } catch {
        // Spec: "Collection failure: Oops! Something went wrong… Click Continue to try again."
        setAlert({ source: 'social', code: 'collectionFailed' });
        return;
      }
      if (taken) return flow.emailTaken(typed);
      const message = await flow.proceed({ ...signup, email: typed });
      if (message) setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={alert} />
      <TextField
        ref={focus.ref}
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t('social.emailCollection.label')}
        placeholder={t('social.emailCollection.placeholder')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={error ? <FormMessageText message={error} /> : undefined}
        describedBy={describedBy}
      />
      <button type="submit" className="button button--primary button--block" {...busyProps(busy)}>
        {busy ? <Spinner /> : null}
        <span>{t('social.emailCollection.submit')}</span>
      </button>
      <button type="button" className="button button--secondary button--block" onClick={() => busy || onNotNow()} {...busyProps(busy)}>
        {t('social.emailCollection.notNow')}
      </button>
    </form>
  );
}
