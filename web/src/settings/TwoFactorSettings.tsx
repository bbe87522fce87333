import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthenticatorEnrolment, MfaSettingsStatus as MfaStatus } from '@pinhive/contracts';
import { confirmMfaEnrolment, fetchMfaStatus, startMfaEnrolment } from '../api/mfa';
import type { FormMessage } from '../auth/formMessage';
import { FormAlert, FormMessageText } from '../auth/FormMessageText';
import { MFA_RESEND_TOAST_MS, normaliseMfaCode, validateMfaCode } from '../auth/mfa';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import { CodeField } from '../components/CodeField';
import { TextField } from '../components/TextField';
import { useToast } from '../toast/toastContext';
import { AuthenticatorCodeForm, AuthenticatorSetup, RecoveryCodesView, StartAppButton } from './AuthenticatorSettings';
import { describeEnrolmentFailure, phoneEnding, validatePhone } from './enrolment';
import { showFailure as show } from './settingsForm';
import { useSessionEnded } from './useSessionEnded';
import { useFocusAfterRender } from '../hooks/useFocusAfterRender';

/** The two-factor status of one account; the key carries its id so that another account never sees it. */
export const mfaStatusQueryKey = (userId: string) => ['mfa', userId] as const;

/**
 * What the section shows: what the status says (`auto`: a phone on → its ending, an app on → its
 * buttons, pending → the code form, off → the phone form and the app's button), the phone form
 * (changing the number), the code form for the number just typed (`phone` null: sent before this
 * page was opened), an authenticator being set up, recovery codes shown once, or the code form
 * that turns the app off or gets new recovery codes.
 */
type Mode =
  | { kind: 'auto' }
  | { kind: 'phone' }
  | { kind: 'code'; phone: string | null }
  | { kind: 'app'; enrolment: AuthenticatorEnrolment }
  | { kind: 'recoveryCodes'; codes: string[] }
  | { kind: 'appOff' }
  | { kind: 'newCodes' };

/**
 * Two-factor authentication on the security page: the status (`GET /v3/mfa/`), then enrolment of
 * a phone in two steps: a phone number (`POST /v3/mfa/phone/`, a code is texted to it) and the
 * code (`POST /v3/mfa/phone/verify/`); or of an authenticator app: a QR code (`POST
 * /v3/mfa/totp/`) and the app's first code, after which the recovery codes show once. An app that
 * is on is turned off, or given new recovery codes, with a current code.
 */
export function TwoFactorSettings({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'auto' });
  const statusLine = useRef<HTMLParagraphElement>(null);
  const query = useQuery({
    queryKey: mfaStatusQueryKey(userId),
    queryFn: ({ signal }) => fetchMfaStatus(signal),
    staleTime: 0,
  });

  const { unauthorized, loggedOut } = useSessionEnded(query.error);

  const status = query.data;
  const show = (next: MfaStatus, nextMode: Mode) => {
    queryClient.setQueryData(mfaStatusQueryKey(userId), next);
    setMode(nextMode);
  };

  /** Back to the status, which takes the focus (the view that had it goes away). */
  const backToStatus = () => {
    setMode({ kind: 'auto' });
    window.setTimeout(() => statusLine.current?.focus(), 0);
  };
  const startApp = (label: string) => (
    <StartAppButton label={label} onStarted={(enrolment) => setMode({ kind: 'app', enrolment })} onLoggedOut={loggedOut} />
  );

  let body: ReactNode = null;
  if (status) {
    const view = mode.kind !== 'auto' ? mode : status.pending && !status.enabled ? ({ kind: 'code', phone: null } as const) : null;
    if (view?.kind === 'app') {
      body = (
        <AuthenticatorSetup
          enrolment={view.enrolment}
          onConfirmed={(result) => show(result.status, { kind: 'recoveryCodes', codes: result.recovery_codes })}
          onCancel={backToStatus}
          onLoggedOut={loggedOut}
        />
      );
    } else if (view?.kind === 'recoveryCodes') {
      body = <RecoveryCodesView codes={view.codes} onDone={backToStatus} />;
    } else if (view?.kind === 'appOff') {
      body = (
        <AuthenticatorCodeForm
          purpose={{
            kind: 'off',
            onDone: (next) => {
              queryClient.setQueryData(mfaStatusQueryKey(userId), next);
              backToStatus();
            },
          }}
          onCancel={backToStatus}
          onLoggedOut={loggedOut}
        />
      );
    } else if (view?.kind === 'newCodes') {
      body = (
        <AuthenticatorCodeForm
          purpose={{ kind: 'newCodes', onDone: (result) => show(result.status, { kind: 'recoveryCodes', codes: result.recovery_codes }) }}
          onCancel={backToStatus}
          onLoggedOut={loggedOut}
        />
      );
    } else if (!view && status.factor === 'totp') {
      body = (
        <div className="settings-card__actions">
          <button type="button" className="button button--secondary" onClick={() => setMode({ kind: 'newCodes' })}>
            {t('security.newCodes')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setMode({ kind: 'appOff' })}>
            {t('security.turnOff')}
          </button>
        </div>
      );
    } else if (view?.kind === 'phone' || (!view && !status.enabled)) {
      const phoneForm = (
        <PhoneForm
          onSent={(next, phone) => show(next, { kind: 'code', phone })}
          onCancel={status.enabled ? () => setMode({ kind: 'auto' }) : undefined}
          onLoggedOut={loggedOut}
        />
      );
      // Off: both ways, each under its own heading.
      body = status.enabled ? (
        phoneForm
      ) : (
        <>
          <div className="settings-card__section">
            <h3 className="settings-card__subtitle">{t('security.smsTitle')}</h3>
            {phoneForm}
          </div>
          <div className="settings-card__section">
            <h3 className="settings-card__subtitle">{t('security.appTitle')}</h3>
            <p className="settings-card__about">{t('security.appAbout')}</p>
            {startApp(t('security.appSetUp'))}
          </div>
        </>
      );
    } else if (view?.kind === 'code') {
      body = (
        <CodeForm
          phone={view.phone}
          focusOnMount={mode.kind === 'code'}
          onConfirmed={(next) => {
            show(next, { kind: 'auto' });
            // The form goes away under the focus: the sentence saying it worked takes it.
            window.setTimeout(() => statusLine.current?.focus(), 0);
          }}
          onOtherNumber={() => setMode({ kind: 'phone' })}
          onLoggedOut={loggedOut}
        />
      );
    } else {
      body = (
        <div className="settings-card__actions">
          <button type="button" className="button button--secondary" onClick={() => setMode({ kind: 'phone' })}>
            {t('security.changePhone')}
          </button>
          {startApp(t('security.appInstead'))}
        </div>
      );
    }
  }

  const statusText = !status
    ? null
    : !status.enabled
      ? t('security.disabled')
      : status.factor === 'totp'
        ? `${t('security.enabledApp')} ${t('security.recoveryLeft', { count: status.recovery_codes_left ?? 0 })}`
        : t('security.enabled', { end: status.phone_number_end ?? '' });

  const enabled = status?.enabled === true;
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <div className="settings-card__head">
        <h2 className="settings-card__title" id={headingId}>
          {t('security.mfaTitle')}
        </h2>
        {status ? <span className={`badge${enabled ? ' badge--on' : ''}`}>{enabled ? t('security.on') : t('security.off')}</span> : null}
      </div>
      <p className="settings-card__about">{t('security.mfaAbout')}</p>
      {/* Always in the page, so that the change to "on" is announced. */}
      <p className={`settings-card__status${enabled ? ' settings-card__status--on' : ''}`} role="status" ref={statusLine} tabIndex={-1}>
        {statusText}
      </p>
      {query.isPending ? <Spinner size="large" label={t('security.loading')} /> : null}
      {query.isError && !unauthorized ? (
        <div className="settings-card__error">
          <div className="form-alert" role="alert">
            {t('security.loadFailed')}
          </div>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()} {...busyProps(query.isFetching)}>
            {query.isFetching ? <Spinner /> : null}
            <span>{t('common.tryAgain')}</span>
          </button>
        </div>
      ) : null}
      {body}
    </section>
  );
}

interface PhoneFormProps {
  onSent: (status: MfaStatus, phone: string) => void;
  /** Shown when two-factor is on already (changing the number): back to the status. */
  onCancel: (() => void) | undefined;
  onLoggedOut: () => void;
}

function PhoneForm({ onSent, onCancel, onLoggedOut }: PhoneFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const focus = useFocusAfterRender();

  const send = useMutation({
    mutationFn: (number: string) => startMfaEnrolment(number),
    onSuccess: (status, number) => onSent(status, number),
    onError: (failure) => show(describeEnrolmentFailure(failure), { setError, setAlert, focus: focus.later, onLoggedOut }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setAlert(null);
    const rule = validatePhone(phone);
    if (rule) {
      setError({ source: 'validation', code: rule });
      focus.later();
      return;
    }
    setError(null);
    send.mutate(phone.trim());
  };

  return (
    <form className="settings-form" noValidate onSubmit={onSubmit} aria-busy={send.isPending}>
      <FormAlert message={alert} />
      <TextField
        ref={focus.ref}
        id={`${id}-phone`}
        name="phone_number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t('security.phone')}
        placeholder={t('security.phonePlaceholder')}
        value={phone}
        describedBy={error ? undefined : `${id}-hint`}
        onChange={(event) => {
          setPhone(event.target.value);
          setError(null);
        }}
        error={error ? <FormMessageText message={error} /> : undefined}
        after={
          // The error gives the same example: the hint steps aside meanwhile.
          error ? undefined : (
            <p className="field__hint" id={`${id}-hint`}>
              {t('security.phoneHint')}
            </p>
          )
        }
      />
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" {...busyProps(send.isPending)}>
          {send.isPending ? <Spinner /> : null}
          <span>{t('security.send')}</span>
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('security.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface CodeFormProps {
  /** The number the code went to, when this page sent it (it can then send a new one). */
  phone: string | null;
  /** After the phone form (it goes away under the focus); not when the page opens on this form. */
  focusOnMount: boolean;
  onConfirmed: (status: MfaStatus) => void;
  onOtherNumber: () => void;
  onLoggedOut: () => void;
}

function CodeForm({ phone, focusOnMount, onConfirmed, onOtherNumber, onLoggedOut }: CodeFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormMessage | null>(null);
  const [alert, setAlert] = useState<FormMessage | null>(null);
  const focus = useFocusAfterRender();
  const sink = { setError, setAlert, focus: focus.later, onLoggedOut };

  // The form replaces the phone form under the focus: the code field takes it.
  const [initialFocus] = useState(focusOnMount);
  useEffect(() => {
    if (initialFocus) focus.ref.current?.focus();
  }, [initialFocus, focus.ref]);

  const confirm = useMutation({
    mutationFn: (typed: string) => confirmMfaEnrolment(normaliseMfaCode(typed)),
    onSuccess: onConfirmed,
    onError: (failure) => show(describeEnrolmentFailure(failure), sink),
  });
  const resend = useMutation({
    mutationFn: (number: string) => startMfaEnrolment(number),
    onSuccess: () => {
      setCode('');
      setError(null);
      setAlert(null);
      focus.later();
      toast.show({ message: t('security.resent'), durationMs: MFA_RESEND_TOAST_MS });
    },
    onError: (failure) => {
      const outcome = describeEnrolmentFailure(failure);
      // A refused number cannot be at a field this form does not have.
      show(outcome.type === 'field' && outcome.field === 'phone' ? { type: 'alert', message: outcome.message } : outcome, sink);
    },
  });
  const busy = confirm.isPending || resend.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
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

  const end = phone ? phoneEnding(phone) : '';
  return (
    <form className="settings-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p className="settings-form__lead" id={`${id}-lead`}>
        {end ? t('security.codeSent', { end }) : t('security.codePending')}
      </p>
      <FormAlert message={alert} />
      <CodeField
        ref={focus.ref}
        id={`${id}-code`}
        label={t('security.code')}
        value={code}
        describedBy={`${id}-lead`}
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
        {phone ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (!busy) resend.mutate(phone);
            }}
            {...busyProps(resend.isPending)}
          >
            {resend.isPending ? <Spinner /> : null}
            <span>{t('security.resend')}</span>
          </button>
        ) : null}
        <button type="button" className="inline-link settings-form__link" onClick={onOtherNumber}>
          {t('security.otherPhone')}
        </button>
      </div>
    </form>
  );
}
