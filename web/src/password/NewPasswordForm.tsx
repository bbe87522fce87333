import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../api/auth';
import { isApiError } from '../api/client';
import { GENERIC, messageForCode, type FormMessage } from '../auth/formMessage';
import { FormAlert, FormMessageText } from '../auth/FormMessageText';
import { validatePassword } from '../auth/validation';
import { refreshViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { TextField } from '../components/TextField';

/**
 * Sets a new password with the emailed token (`POST /v3/users/reset_password/`). Success logs in
 * (other sessions end) and goes to the member's profile.
 */
export function NewPasswordForm({ token, titleId }: { token: string; titleId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<FormMessage | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: (newPassword: string) => resetPassword(token, newPassword),
    onSuccess: async ({ user }) => {
      await navigate(`/${encodeURIComponent(user.username)}`, { replace: true });
      await refreshViewer(queryClient);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'reset_token_invalid') return setLinkInvalid(true);
      if (isApiError(error) && error.http_status > 0 && error.http_status < 500 && error.field === 'password') {
        setFieldError(messageForCode(error.code, error.message));
        input.current?.focus();
        return;
      }
      setAlert(isApiError(error) && error.http_status > 0 && error.http_status < 500 ? messageForCode(error.code, error.message) : GENERIC);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const code = validatePassword(password);
    setAlert(null);
    if (code) {
      setFieldError({ source: 'validation', code });
      input.current?.focus();
      return;
    }
    setFieldError(null);
    save.mutate(password);
  };

  const busy = save.isPending;
  return (
    <>
      <h1 className="auth-card__title" id={titleId}>
        {t('passwordReset.newTitle')}
      </h1>
      <p className="auth-card__subtitle">{t('passwordReset.newIntro')}</p>
      <form className="auth-form auth-card__body" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {linkInvalid ? (
          <div className="form-alert" role="alert">
            <p>{t('errors.reset_token_invalid')}</p>
            <Link to="/password/reset/" className="text-link">
              {t('passwordReset.askAgain')}
            </Link>
          </div>
        ) : null}
        <FormAlert message={alert} />
        <TextField
          ref={input}
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('passwordReset.newPassword')}
          placeholder={t('passwordReset.newPasswordPlaceholder')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ? <FormMessageText message={fieldError} /> : undefined}
        />
        <button type="submit" className="button button--primary button--block" disabled={linkInvalid} {...busyProps(busy)}>
          {busy ? <Spinner /> : null}
          <span>{t('passwordReset.save')}</span>
        </button>
      </form>
    </>
  );
}
