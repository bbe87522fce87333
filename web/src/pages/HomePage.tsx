import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AuthCard } from '../auth/AuthCard';
import { useViewer } from '../auth/viewer';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const HOME = { context: 'home' } as const;

/**
 * `/`: the landing. For visitors it is the spec's home-page container: the auth card beside the
 * hero, sign-up view, form shown at once. Members get a way to their profile instead.
 */
export function HomePage() {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  useDocumentTitle(t('titles.home'));
  const visitor = viewer.status === 'anonymous';
  return (
    <div className="page page--home">
      <section className={`hero${visitor ? ' hero--visitor' : ''}`} aria-labelledby="home-headline">
        <div className="hero__pattern" aria-hidden="true" />
        <div className="hero__text">
          <h1 className="hero__headline" id="home-headline">
            <Trans i18nKey="home.headline" components={{ accent: <span className="hero__accent" /> }} />
          </h1>
          <p className="hero__tagline">{t('home.tagline')}</p>
          {viewer.status === 'authenticated' ? (
            <Link to={`/${encodeURIComponent(viewer.user.username)}`} className="button button--primary button--large">
              {t('home.ctaProfile')}
            </Link>
          ) : null}
        </div>
        {visitor ? (
          <div className="hero__card">
            <AuthCard view="signup" variant="page" titleId={titleId} opening={HOME} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
