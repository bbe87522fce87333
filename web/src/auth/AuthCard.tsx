import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { LoginForm } from './LoginForm';
import { withSearch } from './paths';
import { SignupForm } from './SignupForm';
import type { AuthVariant } from './targets';
import { UnderageConfirmation } from './UnderageConfirmation';

/**
 * The one authentication card of the spec (signup-login.md section 2), in a page (`/login`,
 * `/signup`) or a modal. On a page the footer toggles are links to the other page (keeping
 * `next`); in the modal they switch the view in place.
 */
export type AuthView = 'signup' | 'login' | 'UnderageConfirmation';
export type { AuthVariant };

interface AuthCardProps {
  view: AuthView;
  variant?: AuthVariant;
  /** Id for the title, so that a dialog can be labelled by it. */
  titleId: string;
}

interface ViewParts {
  title: string;
  subtitle?: string;
  body: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ view: initialView, variant = 'page', titleId }: AuthCardProps) {
  const [view, setView] = useState<AuthView>(initialView);
  const parts = useViewParts(view, variant, setView);
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
      {parts.subtitle ? <p className="auth-card__subtitle">{parts.subtitle}</p> : null}
      <div className="auth-card__body">{parts.body}</div>
      {parts.footer ? <div className="auth-card__footer">{parts.footer}</div> : null}
    </section>
  );
}

function useViewParts(view: AuthView, variant: AuthVariant, setView: (view: AuthView) => void): ViewParts {
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
        body: <SignupForm variant={variant} onUnderage={() => setView('UnderageConfirmation')} />,
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
      return {
        title: t('auth.login.title'),
        body: <LoginForm variant={variant} />,
        footer: (
          <>
            <p>
              <Trans i18nKey="auth.login.toSignup" components={{ signupLink: toggle('signup') }} />
            </p>
            {business}
          </>
        ),
      };
    case 'UnderageConfirmation':
      return { title: t('errors.underage'), body: <UnderageConfirmation variant={variant} /> };
  }
}
