import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorEnrolment, MfaSettingsStatus, RecoveryCodes } from '@pinhive/contracts';
import { confirmAuthenticator, disableAuthenticator, regenerateRecoveryCodes, startAuthenticatorEnrolment } from '../api/mfa';
import type { FormMessage } from '../auth/formMessage';
import { FormAlert, FormMessageText } from '../auth/FormMessageText';
import { normaliseMfaCode, validateMfaCode } from '../auth/mfa';
import { busyProps } from '../components/busy';
import { CodeField } from '../components/CodeField';
import { CopyButton } from '../components/CopyButton';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { authenticatorCodeToSend, describeEnrolmentFailure, groupedKey, validateAuthenticatorCode } from './enrolment';
import { showFailure } from './settingsForm';
import { useFocusAfterRender } from '../hooks/useFocusAfterRender';

/** Moves the focus to a heading (tabIndex -1) once, when the view it heads replaces what had it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

interface StartAppButtonProps {
  /** "Set up an authenticator app", or "Use an authenticator app instead" when a phone is on. */
  label: string;
  onStarted: (enrolment: AuthenticatorEnrolment) => void;
  onLoggedOut: () => void;
}

/**
 * Starts an authenticator enrolment (`POST /v3/mfa/totp/`): a new secret each time. Started by
 * the click, not when the set-up view mounts, so that exactly one secret is made per start.
 */
export function StartAppButton({ label, onStarted, onLoggedOut }: StartAppButtonProps) {
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const start = useMutation({
    mutationFn: startAuthenticatorEnrolment,
    onSuccess: onStarted,
    onError: (failure) => {
      const outcome = describeEnrolmentFailure(failure);
      if (outcome.type === 'logged_out') onLoggedOut();
      else setAlert(outcome.message);
    },
  });
  return (
    <div className="settings-card__action">
      <FormAlert message={alert} />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          if (start.isPending) return;
          setAlert(null);
          start.mutate();
        }}
        {...busyProps(start.isPending)}
      >
        {start.isPending ? <Spinner /> : null}
        <span>{label}</span>
      </button>
    </div>
  );
}

interface AuthenticatorSetupProps {
  enrolment: AuthenticatorEnrolment;
  onConfirmed: (result: RecoveryCodes) => void;
  onCancel: () => void;
  onLoggedOut: () => void;
}

/**
 * The second step of an authenticator enrolment: the QR code (and the key to type, or a link
 * that opens an app on this device), then the app's first code (`POST /v3/mfa/totp/verify/`),
 * which turns two-factor on and answers the recovery codes.
 */
export function AuthenticatorSetup({ enrolment, onConfirmed, onCancel, onLoggedOut }: AuthenticatorSetupProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const focus = useFocusAfterRender();
  const confirm = useMutation({
    mutationFn: (typed: string) => confirmAuthenticator(normaliseMfaCode(typed)),
    onSuccess: onConfirmed,
    onError: (failure) => showFailure(describeEnrolmentFailure(failure), { setError, setAlert, focus: focus.later, onLoggedOut }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setAlert(null);
    const rule = validateMfaCode(code);
    if (rule) {
      setError({ source: 'validation', code: rule });
      focus.later();
      return;
    }
    setError(null);
    confirm.mutate(code);
  };

  return (
    <form className="settings-form settings-form--wide authenticator-setup" noValidate onSubmit={onSubmit} aria-busy={confirm.isPending} aria-labelledby={`${id}-title`}>
      <h3 className="settings-form__title" id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('security.appSetupTitle')}
      </h3>
      <p className="settings-form__lead" id={`${id}-scan`}>
        {t('security.appScan')}
      </p>
      <img className="authenticator-setup__qr" src={enrolment.qr_code} alt={t('security.appQrAlt')} width={200} height={200} />
      <p className="settings-form__lead" id={`${id}-manual`}>
        {t('security.appManual')}
      </p>
      <div className="authenticator-setup__key">
        <code aria-describedby={`${id}-manual`}>{groupedKey(enrolment.secret)}</code>
        <CopyButton text={enrolment.secret} label={t('security.copyKey')} />
      </div>
      <a className="text-link settings-form__link" href={enrolment.otpauth_uri}>
        {t('security.appOpen')}
      </a>
      <p className="settings-form__lead" id={`${id}-enter`}>
        {t('security.appEnter')}
      </p>
      <FormAlert message={alert} />
      <CodeField
        ref={focus.ref}
        id={`${id}-code`}
        label={t('security.appCode')}
        value={code}
        describedBy={`${id}-enter`}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={error ? <FormMessageText message={error} /> : undefined}
      />
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" {...busyProps(confirm.isPending)}>
          {confirm.isPending ? <Spinner /> : null}
          <span>{t('security.confirm')}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The recovery codes, shown this once (after the enrolment, or new ones): a warning, the list, a
 * copy button, and "I've saved my codes" to leave. The heading takes the focus, so that a screen
 * reader starts here.
 */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="recovery-codes" aria-labelledby={`${id}-title`} aria-describedby={`${id}-warning`}>
      <h3 className="settings-form__title" id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('security.recoveryTitle')}
      </h3>
      <p className="recovery-codes__warning" id={`${id}-warning`}>
        {t('security.recoveryWarning')}
      </p>
      <ol className="recovery-codes__list" aria-label={t('security.recoveryList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings-form__actions">
        <CopyButton text={codes.join('\n')} label={t('security.copyCodes')} />
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('security.recoveryDone')}
        </button>
      </div>
    </section>
  );
}

type CodeFormPurpose = { kind: 'off'; onDone: (status: MfaSettingsStatus) => void } | { kind: 'newCodes'; onDone: (result: RecoveryCodes) => void };

interface AuthenticatorCodeFormProps {
  purpose: CodeFormPurpose;
  onCancel: () => void;
  onLoggedOut: () => void;
}

/**
 * A current code for a change of the authenticator: turning it off (a recovery code does too:
 * a lost phone) or new recovery codes (the app's code only).
 */
export function AuthenticatorCodeForm({ purpose, onCancel, onLoggedOut }: AuthenticatorCodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const focus = useFocusAfterRender();
  const off = purpose.kind === 'off';

  // The form replaces the button under the focus: its field takes it.
  useEffect(() => {
    focus.ref.current?.focus();
  }, [focus.ref]);

  const submit = useMutation({
    mutationFn: async (typed: string) => {
      const sent = authenticatorCodeToSend(typed);
      if (purpose.kind === 'off') purpose.onDone(await disableAuthenticator(sent));
      else purpose.onDone(await regenerateRecoveryCodes(sent));
    },
    onError: (failure) => showFailure(describeEnrolmentFailure(failure), { setError, setAlert, focus: focus.later, onLoggedOut }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setAlert(null);
    const rule = validateAuthenticatorCode(code, off);
    if (rule) {
      setError({ source: 'validation', code: rule });
      focus.later();
      return;
    }
    setError(null);
    submit.mutate(code);
  };

  const field = {
    ref: focus.ref,
    id: `${id}-code`,
    value: code,
    describedBy: `${id}-lead`,
    onChange: (event: { target: { value: string } }) => {
      setCode(event.target.value);
      setError(null);
    },
    error: error ? <FormMessageText message={error} /> : undefined,
  };
  return (
    <form className="settings-form" noValidate onSubmit={onSubmit} aria-busy={submit.isPending}>
      <p className="settings-form__lead" id={`${id}-lead`}>
        {off ? t('security.turnOffLead') : t('security.newCodesLead')}
      </p>
      <FormAlert message={alert} />
      {off ? (
        <TextField {...field} name="code" type="text" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} label={t('security.turnOffCode')} />
      ) : (
        <CodeField {...field} label={t('security.appCode')} />
      )}
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" {...busyProps(submit.isPending)}>
          {submit.isPending ? <Spinner /> : null}
          <span>{off ? t('security.turnOffConfirm') : t('security.newCodesConfirm')}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('security.cancel')}
        </button>
      </div>
    </form>
  );
}
