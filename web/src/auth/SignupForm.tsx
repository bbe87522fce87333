import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerUser } from '../api/users';
import { isApiError } from '../api/client';
import { TextField } from '../components/TextField';
import { Spinner } from '../components/Spinner';
import { buildRegisterRequest } from './registration';
import {
  latestBirthday,
  SIGNUP_FIELDS,
  validateSignup,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from './validation';

/** A failure from the server: at a field when `error.data.field` names one of ours, else above the form. */
type ServerError = { field?: SignupField; message: string };

const EMPTY: SignupValues = { email: '', password: '', birthday: '' };

function isSignupField(value: unknown): value is SignupField {
  return typeof value === 'string' && (SIGNUP_FIELDS as readonly string[]).includes(value);
}

/** The email sign-up form: client rules first, then `POST /v3/register/`, then the new profile. */
export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    birthday: useRef<HTMLInputElement>(null),
  };
  const focusNext = useRef<SignupField | null>(null);

  // Focus after the render that marked the field invalid, so it is announced with its message.
  useEffect(() => {
    if (!focusNext.current) return;
    inputs[focusNext.current].current?.focus();
    focusNext.current = null;
  });

  const register = useMutation({
    mutationFn: registerUser,
    onSuccess: ({ user }) => {
      void navigate(`/${user.username}`, { state: { justRegistered: true } });
    },
    onError: (error) => {
      const field = isApiError(error) ? error.field : undefined;
      const message = isApiError(error) ? error.message : t('errors.generic');
      if (isSignupField(field)) {
        setServerError({ field, message });
        focusNext.current = field;
      } else {
        setServerError({ message });
      }
    },
  });

  const onChange = (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setServerError((current) => (current?.field === field ? null : current));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const found = validateSignup(values);
    setErrors(found);
    setServerError(null);
    const firstInvalid = SIGNUP_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusNext.current = firstInvalid;
      return;
    }
    register.mutate(buildRegisterRequest(values));
  };

  const errorFor = (field: SignupField): string | undefined => {
    const code = errors[field];
    if (code) return t(`validation.${code}`);
    return serverError?.field === field ? serverError.message : undefined;
  };

  const busy = register.isPending;
  return (
    <form className="signup-form" noValidate onSubmit={onSubmit}>
      {serverError && !serverError.field ? (
        <div className="form-alert" role="alert">
          {serverError.message}
        </div>
      ) : null}
      <TextField
        ref={inputs.email}
        id="signup-email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t('auth.signup.email')}
        placeholder={t('auth.signup.emailPlaceholder')}
        value={values.email}
        onChange={onChange('email')}
        error={errorFor('email')}
      />
      <TextField
        ref={inputs.password}
        id="signup-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('auth.signup.password')}
        placeholder={t('auth.signup.passwordPlaceholder')}
        value={values.password}
        onChange={onChange('password')}
        error={errorFor('password')}
      />
      <TextField
        ref={inputs.birthday}
        id="signup-birthday"
        name="birthday"
        type="date"
        autoComplete="bday"
        max={latestBirthday()}
        label={t('auth.signup.birthday')}
        value={values.birthday}
        onChange={onChange('birthday')}
        error={errorFor('birthday')}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <Spinner /> : null}
        <span>{t('auth.signup.submit')}</span>
      </button>
    </form>
  );
}
