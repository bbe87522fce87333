import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profilePath } from '../auth/targets';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { PlacementSlot } from '../experiences/PlacementSlot';
import { PinGrid } from '../pins/PinGrid';
import { ImpressionsProvider } from '../promoted/ImpressionsProvider';
import { gridItemKey, placeAdsOnPages } from '../promoted/placement';
import { PinOrPromotedCard } from '../promoted/PromotedPinCard';
import { ColorFilter } from '../search/ColorFilter';
import { selectedColors } from '../search/paths';
import { PopularPins } from './PopularPins';
import { useHomeFeed } from './queries';

/**
 * `/` for a signed-in person: the pins saved to the boards they follow, newest first, in the
 * masonry grid, more as they scroll. Someone who follows nothing yet is told how to start and
 * shown popular pins with their boards to follow; a follow's pins fill the feed a moment later.
 * The colour chips (`?colors=`) keep to the pins of the colours chosen. The onboarding steps
 * (experiences at `home_onboarding`) sit above it until done or dismissed. Promoted pins that
 * came in time for a page sit among its pins (at most one in ten), their impressions counted.
 */
export function HomeFeed({ viewer }: { viewer: { id: string; username: string } }) {
  const { t } = useTranslation();
  const [waitingForPins, setWaitingForPins] = useState(false);
  const [params] = useSearchParams();
  const colors = selectedColors(params);
  const feed = useHomeFeed(viewer.id, waitingForPins, colors);
  const pins = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const gridItems = feed.data ? placeAdsOnPages(feed.data.pages) : [];
  const title = (
    <h1 className="home-feed__title" id="home-feed-title">
      {t('feed.title')}
    </h1>
  );

  // The onboarding steps (experiences service), above the feed until done or dismissed.
  const onboarding = <PlacementSlot viewerId={viewer.id} placementId="home_onboarding" />;

  if (feed.isPending) {
    return (
      <div className="page page--feed">
        {title}
        <StatusView role="status" level={2} visual={<Spinner size="large" />} title={t('feed.loading')} />
      </div>
    );
  }
  if (feed.isError && pins.length === 0) {
    return (
      <div className="page page--feed">
        {title}
        <StatusView
          role="alert"
          level={2}
          title={t('feed.loadFailed')}
          action={
            <button type="button" className="button button--secondary" onClick={() => void feed.refetch()}>
              {t('common.tryAgain')}
            </button>
          }
        />
      </div>
    );
  }
  if (pins.length === 0 && colors.length > 0) {
    return (
      <div className="page page--feed">
        {title}
        <ColorFilter />
        <p className="board-page__state">{t('feed.noPinsOfColors')}</p>
      </div>
    );
  }
  if (pins.length === 0) {
    return (
      <div className="page page--feed">
        {title}
        {onboarding}
        <div className="home-feed__empty">
          <h2 className="home-feed__empty-title">{t('feed.emptyTitle')}</h2>
          <p className="home-feed__empty-hint">{t('feed.emptyHint')}</p>
          <Link to={profilePath(viewer.username)} className="button button--primary button--large">
            {t('home.ctaProfile')}
          </Link>
          {waitingForPins ? (
            <p role="status" className="home-feed__waiting">
              {t('feed.waitingForPins')}
            </p>
          ) : null}
        </div>
        <PopularPins onFollowed={() => setWaitingForPins(true)} />
      </div>
    );
  }
  return (
    <div className="page page--feed">
      {title}
      {onboarding}
      <ColorFilter />
      <ImpressionsProvider>
        <PinGrid
          pins={gridItems}
          label={t('feed.label')}
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          fetchNextPage={feed.fetchNextPage}
          card={PinOrPromotedCard}
          itemKey={gridItemKey}
        />
      </ImpressionsProvider>
    </div>
  );
}
