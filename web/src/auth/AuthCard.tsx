import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { LoginForm } from './LoginForm';
import { MfaForm } from './MfaForm';
import type { MfaChallenge } from './mfa';
import { withSearch } from './paths';
import { SignupForm } from './SignupForm';
import type { AuthVariant } from './targets';
import { UnderageConfirmation } from './UnderageConfirmation';

/**
 * The one authentication card of the spec (signup-login.md section 2), in a page (`/login`,
 * `/signup`, `/add-account`) or a modal. On a page the footer toggles are links to the other page
 * (keeping `next`); in the modal they switch the view in place. `loginMfa` (the two-factor code)
 * follows a log-in, or a sign-up with an existing email, that answered `mfa_required`.
 */
export type AuthView = 'signup' | 'login' | 'loginMfa' | 'UnderageConfirmation';
export type { AuthVariant };

interface AuthCardProps {
  view: AuthView;
  variant?: AuthVariant;
  /** Id for the title, so that a dialog can be labelled by it. */
  titleId: string;
  /**
   * Account-switch mode (`/add-account`): log-in only, the sign-up toggle hidden, the spec's
   * invitation to switch shown, `account_switch: true` sent.
   */
  accountSwitch?: boolean;
}

interface ViewParts {
  title: string;
  subtitle?: string;
  body: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ view: initialView, variant = 'page', titleId, accountSwitch = false }: AuthCardProps) {
  const [view, setView] = useState<AuthView>(initialView);
  // The typed credentials for the code step: in memory only, dropped when the card goes.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const flow: Flow = {
    variant,
    accountSwitch,
    subtitleId: `${titleId}-subtitle`,
    challenge,
    setView,
    startMfa: (next) => {
      setChallenge(next);
      setView('loginMfa');
    },
    newCode: (phoneNumberEnd) => setChallenge((current) => (current ? { ...current, phoneNumberEnd } : current)),
    backToLogin: () => {
      setChallenge(null);
      setView('login');
    },
  };
  const parts = useViewParts(challenge || view !== 'loginMfa' ? view : 'login', flow);
  const Heading = variant === 'modal' ? 'h2' : 'h1';
  const card = useRef<HTMLElement>(null);
  const shown = useRef(view);

  // A view switch removes the control that had the focus: move it to the new view's first control.
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    card.current?.querySelector<HTMLElement>('input:not([disabled]), .auth-card__body button, .auth-card__body a')?.focus();
  }, [view]);

  return (
    <section ref={card} className={`auth-card auth-card--${variant} auth-card--${view}`} aria-labelledby={titleId}>
      <div className="auth-card__mark">
        <LogoMark size={40} />
      </div>
      <Heading className="auth-card__title" id={titleId}>
        {parts.title}
      </Heading>
      {parts.subtitle ? (
        <p className="auth-card__subtitle" id={flow.subtitleId}>
          {parts.subtitle}
        </p>
      ) : null}
      <div className="auth-card__body">{parts.body}</div>
      {parts.footer ? <div className="auth-card__footer">{parts.footer}</div> : null}
    </section>
  );
}

interface Flow {
  variant: AuthVariant;
  accountSwitch: boolean;
  subtitleId: string;
  challenge: MfaChallenge | null;
  setView: (view: AuthView) => void;
  startMfa: (challenge: MfaChallenge) => void;
  newCode: (phoneNumberEnd: string) => void;
  backToLogin: () => void;
}

function useViewParts(view: AuthView, flow: Flow): ViewParts {
  const { variant, accountSwitch, setView } = flow;
  const { t } = useTranslation();
  const { search } = useLocation();
  const toggle = (target: 'login' | 'signup') =>
    variant === 'page' ? (
      <Link to={withSearch(`/${target}`, search)} className="text-link" />
    ) : (
      <button type="button" className="inline-link" onClick={() => setView(target)} />
    );
  const business = (
    <p className="auth-card__business">
      <Trans i18nKey="auth.business" components={{ businessLink: <Link to="/business/create" className="text-link" /> }} />
    </p>
  );

  switch (view) {
    case 'signup':
      return {
        title: t('auth.signup.title'),
        subtitle: t('auth.signup.subtitle'),
        body: <SignupForm variant={variant} onUnderage={() => setView('UnderageConfirmation')} onMfaRequired={flow.startMfa} />,
        footer: (
          <>
            <p>
              <Trans i18nKey="auth.signup.toLogin" components={{ loginLink: toggle('login') }} />
            </p>
            {business}
          </>
        ),
      };
    case 'login':
      if (accountSwitch) {
        return {
          title: t('auth.login.title'),
          subtitle: t('auth.switch.intro'),
          body: <LoginForm variant={variant} accountSwitch onMfaRequired={flow.startMfa} />,
          footer: business,
        };
      }
      return {
        title: t('auth.login.title'),
        body: <LoginForm variant={variant} onMfaRequired={flow.startMfa} />,
        footer: (
          <>
            <p>
              <Trans i18nKey="auth.login.toSignup" components={{ signupLink: toggle('signup') }} />
            </p>
            {business}
          </>
        ),
      };
    case 'loginMfa': {
      const challenge = flow.challenge;
      if (!challenge) return { title: t('auth.mfa.title'), body: null };
      const end = challenge.phoneNumberEnd;
      return {
        title: t('auth.mfa.title'),
        subtitle: end ? t('auth.mfa.sentTo', { end }) : t('auth.mfa.sentToUnknown'),
        body: (
          <MfaForm
            challenge={challenge}
            variant={variant}
            accountSwitch={accountSwitch}
            describedBy={flow.subtitleId}
            onNewCode={flow.newCode}
            onBack={flow.backToLogin}
          />
        ),
      };
    }
    case 'UnderageConfirmation':
      return { title: t('errors.underage'), body: <UnderageConfirmation variant={variant} /> };
  }
}
