import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';
import { PinGrid } from './PinGrid';
import { useMoreLikeThis } from './useMoreLikeThis';

/**
 * Under the close-up: pins whose pictures look like this one's (MoreLikeThisResource), in the
 * masonry grid. One capped answer, so nothing more to fetch as the grid's end comes near.
 */
export function MoreLikeThis({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const query = useMoreLikeThis(pinId);
  let body;
  if (query.isPending) body = <Spinner size="large" label={t('pins.moreLikeThis.loading')} />;
  else if (query.isError) {
    body = (
      <div role="alert" className="more-like-this__state">
        <p>{t('pins.moreLikeThis.failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  } else if (query.data.length === 0) body = <p className="more-like-this__state">{t('pins.moreLikeThis.empty')}</p>;
  else body = <PinGrid pins={query.data} label={t('pins.moreLikeThis.title')} hasNextPage={false} isFetchingNextPage={false} fetchNextPage={() => undefined} />;
  return (
    <section className="more-like-this" aria-labelledby="more-like-this-title">
      <h2 id="more-like-this-title" className="more-like-this__title">
        {t('pins.moreLikeThis.title')}
      </h2>
      {body}
    </section>
  );
}
