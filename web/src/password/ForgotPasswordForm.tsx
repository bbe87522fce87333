import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../api/auth';
import { isApiError } from '../api/client';
import { EmailField } from '../auth/EmailField';
import type { FormMessage } from '../auth/formMessage';
import { FormMessageText } from '../auth/FormMessageText';
import { validateEmail } from '../auth/validation';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { useResendResetEmail } from '../recovery/useResetEmail';

/** Asks for a reset link (`POST /v3/users/forgot_password/`); the answer is the same for any email. */
export function ForgotPasswordForm({ initialEmail, titleId }: { initialEmail: string; titleId: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<FormMessage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resend = useResendResetEmail();
  const send = useMutation({
    mutationFn: async (address: string) => {
      await requestPasswordReset(address);
      return address;
    },
    onError: (failure) => {
      setError(isApiError(failure) ? { source: 'server', text: failure.message } : { source: 'error', code: 'generic' });
      input.current?.focus();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const code = validateEmail(email);
    if (code) {
      setError({ source: 'validation', code });
      input.current?.focus();
      return;
    }
    setError(null);
    send.mutate(email.trim());
  };

  if (send.isSuccess) {
    return (
      <>
        <h1 className="auth-card__title" id={titleId}>
          {t('passwordReset.sentTitle')}
        </h1>
        <p className="auth-card__subtitle" role="status">
          {t('passwordReset.sentBody', { email: send.data })}
        </p>
        <div className="auth-card__body auth-card__body--actions">
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => resend.isPending || resend.mutate(send.data)}
            {...busyProps(resend.isPending)}
          >
            {resend.isPending ? <Spinner /> : null}
            <span>{t('passwordReset.resend')}</span>
          </button>
          <Link to="/login" className="button button--primary button--block">
            {t('passwordReset.backToLogin')}
          </Link>
        </div>
      </>
    );
  }

  const busy = send.isPending;
  return (
    <>
      <h1 className="auth-card__title" id={titleId}>
        {t('passwordReset.title')}
      </h1>
      <p className="auth-card__subtitle">{t('passwordReset.intro')}</p>
      <form className="auth-form auth-card__body" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          ref={input}
          id="forgot-email"
          label={t('passwordReset.email')}
          placeholder={t('passwordReset.emailPlaceholder')}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(null);
          }}
          error={error ? <FormMessageText message={error} /> : undefined}
        />
        <button type="submit" className="button button--primary button--block" {...busyProps(busy)}>
          {busy ? <Spinner /> : null}
          <span>{t('passwordReset.send')}</span>
        </button>
      </form>
      <p className="auth-card__footer">
        <Link to="/login" className="text-link">
          {t('passwordReset.backToLogin')}
        </Link>
      </p>
    </>
  );
}
