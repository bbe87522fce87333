import { lazy, Suspense, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AuthCard } from '../auth/AuthCard';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const HOME = { context: 'home' } as const;

/** The home feed loads with the pin grid's code, which the visitor's landing does without. */
const HomeFeed = lazy(() => import('../feed/HomeFeed').then((m) => ({ default: m.HomeFeed })));

/**
 * `/`: for visitors the spec's home-page container: the auth card beside the hero, sign-up
 * view, form shown at once. Members get their home feed (feed/HomeFeed.tsx) instead.
 */
export function HomePage() {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  useDocumentTitle(t('titles.home'));
  const visitor = viewer.status === 'anonymous';
  if (viewer.status === 'authenticated') {
    return (
      <Suspense fallback={<Spinner size="large" label={t('feed.loading')} />}>
        <HomeFeed viewer={viewer.user} />
      </Suspense>
    );
  }
  return (
    <div className="page page--home">
      <section className={`hero${visitor ? ' hero--visitor' : ''}`} aria-labelledby="home-headline">
        <div className="hero__pattern" aria-hidden="true" />
        <div className="hero__text">
          <h1 className="hero__headline" id="home-headline">
            <Trans i18nKey="home.headline" components={{ accent: <span className="hero__accent" /> }} />
          </h1>
          <p className="hero__tagline">{t('home.tagline')}</p>
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
