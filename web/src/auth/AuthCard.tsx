import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import { SignupForm } from './SignupForm';

/**
 * The one authentication card of the spec (signup-login.md section 2). Views and variants grow
 * here: `login`, `loginMfa`, ... as views; `modal` and `flyout` as variants.
 */
export type AuthView = 'signup';
export type AuthVariant = 'page';

interface AuthCardProps {
  view: AuthView;
  variant?: AuthVariant;
}

interface ViewParts {
  title: string;
  subtitle?: string;
  body: ReactNode;
  footer?: ReactNode;
}

function useViewParts(view: AuthView): ViewParts {
  const { t } = useTranslation();
  switch (view) {
    case 'signup':
      return {
        title: t('auth.signup.title'),
        subtitle: t('auth.signup.subtitle'),
        body: <SignupForm />,
        footer: (
          <Trans i18nKey="auth.signup.toLogin" components={{ loginLink: <Link to="/login" className="text-link" /> }} />
        ),
      };
  }
}

export function AuthCard({ view, variant = 'page' }: AuthCardProps) {
  const parts = useViewParts(view);
  const titleId = `auth-card-${view}-title`;
  return (
    <section className={`auth-card auth-card--${variant}`} aria-labelledby={titleId}>
      <div className="auth-card__mark">
        <LogoMark size={40} />
      </div>
      <h1 className="auth-card__title" id={titleId}>
        {parts.title}
      </h1>
      {parts.subtitle ? <p className="auth-card__subtitle">{parts.subtitle}</p> : null}
      <div className="auth-card__body">{parts.body}</div>
      {parts.footer ? <p className="auth-card__footer">{parts.footer}</p> : null}
    </section>
  );
}
