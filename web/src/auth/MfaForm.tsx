import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logIn } from '../api/auth';
import { Spinner } from '../components/Spinner';
import { busyProps } from '../components/busy';
import { CodeField } from '../components/CodeField';
import { HumanCheck } from '../humanCheck/HumanCheck';
import { useHumanCheck } from '../humanCheck/useHumanCheck';
import { useRecovery } from '../recovery/recoveryContext';
import { useToast } from '../toast/toastContext';
import type { FormMessage } from './formMessage';
import { FormAlert, FormMessageText } from './FormMessageText';
import { TextField } from '../components/TextField';
import {
  challengeFactor,
  describeMfaFailure,
  MFA_RESEND_TOAST_MS,
  mfaLoginRequest,
  validateMfaCode,
  validateRecoveryCode,
  type MfaChallenge,
  type MfaStep,
} from './mfa';
import type { AuthVariant } from './targets';
import { useAuthSuccess } from './useAuthSuccess';
import { useForgotPassword } from './useForgotPassword';

interface MfaFormProps {
  challenge: MfaChallenge;
  variant: AuthVariant;
  accountSwitch: boolean;
  /** The id of the card's sentence saying where the code went (or which app): it describes the code field. */
  describedBy: string;
  /** An authenticator account's step takes a recovery code instead of the app's (the card's subtitle says so). */
  recoveryMode: boolean;
  onRecoveryModeChange: (on: boolean) => void;
  /** A new code went out (resend), perhaps to a phone with another ending. */
  onNewCode: (phoneNumberEnd: string) => void;
  /** Back to the log-in form (the credentials are dropped). */
  onBack: () => void;
}

/**
 * The code step of a two-factor log-in (view `loginMfa`): the code is sent with the same
 * credentials (`mfa_token`). A texted code: "Resend code" asks for a new one (`mfa_resend`) and
 * says so in a 5-second toast. An authenticator app's: nothing to resend; "Use a recovery code"
 * swaps the field for one that takes a recovery code (sent as `mfa_token` too), and back.
 */
export function MfaForm({ challenge, variant, accountSwitch, describedBy, recoveryMode, onRecoveryModeChange, onNewCode, onBack }: MfaFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const recovery = useRecovery();
  const toast = useToast();
  const success = useAuthSuccess(variant);
  const forgot = useForgotPassword();
  const factor = challengeFactor(challenge);
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const focusCode = useRef(false);
  const email = challenge.credentials.username_or_email ?? challenge.credentials.sso_user_email ?? '';
  // The IP rule applies to this step's posts too; a passed check repeats the step that was refused.
  const check = useHumanCheck();
  const lastStep = useRef<MfaStep>({ resend: true });

  // Focus after the render that marked the field invalid, so it is announced with its message.
  useEffect(() => {
    if (!focusCode.current) return;
    input.current?.focus();
    focusCode.current = false;
  });

  const newCodeSent = (phoneNumberEnd: string) => {
    onNewCode(phoneNumberEnd || challenge.phoneNumberEnd);
    setCode('');
    setError(null);
    setAlert(null);
    focusCode.current = true;
    toast.show({ message: t('auth.mfa.resent'), durationMs: MFA_RESEND_TOAST_MS });
  };

  const fail = (failure: unknown) => {
    if (check.failed(failure)) return;
    const outcome = describeMfaFailure(failure, email);
    switch (outcome.type) {
      case 'field':
        setError(outcome.message);
        focusCode.current = true;
        break;
      case 'alert':
        setAlert(outcome.message);
        break;
      case 'recovery':
        recovery.open(outcome.recovery);
        break;
      case 'challenge':
        check.succeeded();
        // An app's code is asked for again: nothing was sent.
        if (outcome.factor === 'sms') newCodeSent(outcome.phoneNumberEnd);
        else focusCode.current = true;
        break;
    }
  };

  const done = () => {
    check.succeeded();
    return success.mfaLoggedIn(accountSwitch);
  };
  const verify = useMutation({
    mutationFn: ({ step, token }: { step: MfaStep; token: string | undefined }) => logIn(mfaLoginRequest(challenge.credentials, step, accountSwitch, token)),
    onSuccess: done,
    onError: fail,
  });
  // A resend answers `mfa_required` (a new code is on its way): that is its success.
  const resend = useMutation({
    mutationFn: (token: string | undefined) => logIn(mfaLoginRequest(challenge.credentials, { resend: true }, accountSwitch, token)),
    onSuccess: done,
    onError: fail,
  });
  const busy = verify.isPending || resend.isPending || check.busy;

  /** Sends the code (after its rules), with a passed human check's token when there is one. */
  const sendCode = (token: string | undefined) => {
    setAlert(null);
    const rule = recoveryMode ? validateRecoveryCode(code) : validateMfaCode(code);
    if (rule) {
      setError({ source: 'validation', code: rule });
      focusCode.current = true;
      return;
    }
    setError(null);
    const step: MfaStep = recoveryMode ? { recoveryCode: code } : { code };
    lastStep.current = step;
    if (token) check.sent();
    verify.mutate({ step, token });
  };

  /** Between the app's code and a recovery code: the field starts empty and takes the focus. */
  const switchMode = () => {
    if (busy) return;
    onRecoveryModeChange(!recoveryMode);
    setCode('');
    setError(null);
    setAlert(null);
    focusCode.current = true;
  };

  const askResend = (token: string | undefined) => {
    lastStep.current = { resend: true };
    if (token) check.sent();
    resend.mutate(token);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) sendCode(check.heldToken);
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormAlert message={alert} reset={{ email, start: () => forgot.mutate(email), busy: forgot.isPending }} />
      {recoveryMode ? (
        <TextField
          ref={input}
          id={`${id}-recovery`}
          name="recovery_code"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="field__input--code"
          label={t('auth.mfa.recoveryCode')}
          placeholder={t('auth.mfa.recoveryPlaceholder')}
          value={code}
          describedBy={describedBy}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          error={error ? <FormMessageText message={error} /> : undefined}
        />
      ) : (
        <CodeField
          ref={input}
          id={`${id}-code`}
          label={t('auth.mfa.code')}
          value={code}
          describedBy={describedBy}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          error={error ? <FormMessageText message={error} /> : undefined}
        />
      )}
      <HumanCheck check={check} onPassed={(token) => ('resend' in lastStep.current ? askResend(token) : sendCode(token))} />
      <button type="submit" className="button button--primary button--block" {...busyProps(verify.isPending)}>
        {verify.isPending ? <Spinner /> : null}
        <span>{t('auth.mfa.submit')}</span>
      </button>
      {factor === 'sms' ? (
        <p className="auth-form__aside">
          {t('auth.mfa.noCode')}{' '}
          <button
            type="button"
            className="inline-link"
            onClick={() => {
              if (!busy) askResend(check.heldToken);
            }}
            {...busyProps(resend.isPending)}
          >
            {t('auth.mfa.resend')}
          </button>
        </p>
      ) : (
        <p className="auth-form__aside">
          <button type="button" className="inline-link" onClick={switchMode}>
            {recoveryMode ? t('auth.mfa.useApp') : t('auth.mfa.useRecovery')}
          </button>
        </p>
      )}
      <button type="button" className="inline-link auth-form__back" onClick={onBack}>
        {t('auth.mfa.back')}
      </button>
    </form>
  );
}
