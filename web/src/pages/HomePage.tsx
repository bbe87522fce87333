import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useViewer } from '../auth/viewer';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** `/`: the landing; its button signs visitors up and takes members to their profile. */
export function HomePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  useDocumentTitle(t('titles.home'));
  return (
    <div className="page page--home">
      <section className="hero" aria-labelledby="home-headline">
        <div className="hero__pattern" aria-hidden="true" />
        <h1 className="hero__headline" id="home-headline">
          <Trans i18nKey="home.headline" components={{ accent: <span className="hero__accent" /> }} />
        </h1>
        <p className="hero__tagline">{t('home.tagline')}</p>
        {viewer.status === 'authenticated' ? (
          <Link to={`/${encodeURIComponent(viewer.user.username)}`} className="button button--primary button--large">
            {t('home.ctaProfile')}
          </Link>
        ) : (
          <Link to="/signup" className="button button--primary button--large">
            {t('home.cta')}
          </Link>
        )}
      </section>
    </div>
  );
}
