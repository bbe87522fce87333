import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordResetPath } from '../auth/paths';
import { Dialog } from '../components/Dialog';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import type { Recovery } from './recovery';
import { useResendResetEmail } from './useResetEmail';

/** Where "Contact us" goes from the suspended and deactivated modals (placeholder address). */
export const SUPPORT_MAILTO = 'mailto:support@pinhive.example';

const KNOWN_REASONS = ['guidelines_violation', 'unusual_activity', 'closure_request'] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (reason: string): reason is KnownReason => (KNOWN_REASONS as readonly string[]).includes(reason);

interface Parts {
  title: string;
  body: ReactNode;
  actions: ReactNode;
}

/** The account-recovery modal: one layout, its words and buttons chosen by the kind. */
export function RecoveryModal({ recovery, onClose }: { recovery: Recovery; onClose: () => void }) {
  const titleId = useId();
  const bodyId = useId();
  const parts = useParts(recovery, onClose);
  return (
    <Dialog labelledBy={titleId} describedBy={bodyId} onClose={onClose} className="dialog--recovery">
      <div className={`recovery recovery--${recovery.kind}`}>
        <h2 className="recovery__title" id={titleId}>
          {parts.title}
        </h2>
        <div className="recovery__body" id={bodyId}>
          {parts.body}
        </div>
        <div className="recovery__actions">{parts.actions}</div>
      </div>
    </Dialog>
  );
}

function useParts(recovery: Recovery, onClose: () => void): Parts {
  const { t } = useTranslation();
  const resend = useResendResetEmail();

  const ok = (
    <button type="button" className="button button--primary" onClick={onClose}>
      {t('recovery.ok')}
    </button>
  );
  const resendButton = (email: string) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => resend.isPending || resend.mutate(email)}
      {...busyProps(resend.isPending)}
    >
      {resend.isPending ? <Spinner /> : null}
      <span>{t('recovery.resend')}</span>
    </button>
  );
  const resetLink = (email?: string) => (
    <Link to={passwordResetPath(email)} className="button button--primary" onClick={onClose}>
      {t('recovery.resetPassword')}
    </Link>
  );
  const sentTo = (email: string) => (email ? <p className="recovery__email">{t('recovery.sentTo', { email })}</p> : null);
  const reasons = (list: string[]) =>
    list.length > 0 ? (
      <>
        <p className="recovery__reasons-title">{t('recovery.reasonsTitle')}</p>
        <ul className="recovery__reasons">
          {list.map((reason) => (
            <li key={reason}>{isKnownReason(reason) ? t(`recovery.reasons.${reason}`) : reason}</li>
          ))}
        </ul>
      </>
    ) : null;
  const contact = (
    <a className="text-link" href={SUPPORT_MAILTO}>
      {t('recovery.contact')}
    </a>
  );

  // "We emailed you": the message, the address, and a resend when the address is known.
  const emailSent = (title: string, text: string, email: string) => ({
    title,
    body: (
      <>
        <p>{text}</p>
        {sentTo(email)}
      </>
    ),
    actions: (
      <>
        {email ? resendButton(email) : null}
        {ok}
      </>
    ),
  });

  switch (recovery.kind) {
    case 'password_reset_sent':
      return emailSent(t('recovery.passwordResetSent.title'), t('errors.password_reset_sent'), recovery.email);
    case 'rate_limited':
      return { title: t('recovery.rateLimited.title'), body: <p>{t('errors.login_rate_limited')}</p>, actions: ok };
    case 'soft_banned':
      return { title: t('recovery.softBanned.title'), body: <p>{t('errors.soft_banned')}</p>, actions: resetLink(recovery.email) };
    case 'suspended':
      return {
        title: t('recovery.suspended.title'),
        body: (
          <>
            <p>{t('errors.suspended')}</p>
            {reasons(recovery.reasons)}
            <p>{contact}</p>
          </>
        ),
        actions: ok,
      };
    case 'login_assistance':
      return emailSent(t('recovery.loginAssistance.title'), t('errors.login_assistance'), recovery.email);
    case 'deactivated':
      return {
        title: t('recovery.deactivated.title'),
        body: (
          <>
            <p>{recovery.reasons.length === 0 && recovery.serverMessage ? recovery.serverMessage : t('errors.deactivated')}</p>
            {reasons(recovery.reasons)}
            <p>{contact}</p>
          </>
        ),
        actions: ok,
      };
    case 'unknown':
      return { title: t('recovery.unknown.title'), body: <p>{t('errors.internal')}</p>, actions: ok };
    case 'social_disabled':
      return { title: t('social.disabled.title'), body: <p>{t(`social.disabled.${recovery.provider}`)}</p>, actions: ok };
    case 'prevent_facebook_register':
    case 'prevent_google_register':
      return {
        title: t('recovery.noMatch.title'),
        body: <p>{t(`errors.${recovery.kind}`)}</p>,
        actions: resetLink(recovery.email),
      };
  }
}
