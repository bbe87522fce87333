import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAfterRender } from '../hooks/useFocusAfterRender';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { TextField } from '../components/TextField';
import type { FormMessage } from '../auth/formMessage';
import { FormAlert, FormMessageText } from '../auth/FormMessageText';
import { hasUnderageFlag } from '../auth/underage';
import { latestBirthday, validateBirthday } from '../auth/validation';
import type { SocialSignupFlow } from './useSocialSignupFlow';

/**
 * The birthday step of a provider's sign-up (view `socialSignupWithAge`): "Enter your
 * birthdate", the explanation (the card's subtitle, which describes the field), and "Create
 * account", unavailable while the field is empty (spec section 5). A browser flagged under age
 * sees the not-eligible message with the field and the button disabled.
 */
export function SocialBirthdayForm({ flow, describedBy }: { flow: SocialSignupFlow; describedBy: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [blocked] = useState(() => hasUnderageFlag());
  const [birthday, setBirthday] = useState(flow.signup?.birthday ?? '');
  const [error, setError] = useState<FormMessage | null>(flow.stepMessage);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = useFocusAfterRender();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const signup = flow.signup;
    if (busy || blocked || !signup) return;
    setAlert(null);
    const problem = validateBirthday(birthday);
    if (problem) {
      setError({ source: 'validation', code: problem });
      focus.later();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const message = await flow.proceed({ ...signup, birthday });
      if (message) setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {blocked ? (
        <div className="form-alert" role="status">
          {t('errors.underage')}
        </div>
      ) : null}
      <FormAlert message={alert} />
      <TextField
        ref={focus.ref}
        id={`${id}-birthday`}
        name="birthday"
        type="date"
        autoComplete="bday"
        max={latestBirthday()}
        label={t('social.birthday.label')}
        value={birthday}
        onChange={(event) => {
          setBirthday(event.target.value);
          setError(null);
        }}
        error={error ? <FormMessageText message={error} /> : undefined}
        describedBy={describedBy}
        disabled={blocked}
      />
      <button type="submit" className="button button--primary button--block" disabled={blocked || birthday === ''} {...busyProps(busy)}>
        {busy ? <Spinner /> : null}
        <span>{t('social.birthday.submit')}</span>
      </button>
    </form>
  );
}
