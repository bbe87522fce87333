import { useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { ReceivedPin } from '@pinhive/contracts';
import { loginPathFor, profilePath } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { pinAlt } from '../pins/PinCard';
import { useFetchMoreNearEnd } from '../pins/useFetchMoreNearEnd';
import { pinHref } from '../saving/success';
import { RECEIVED_PINS_PATH } from './paths';
import { useReceivedPins } from './queries';

/** `/inbox/`: "Sent to you", the pins people sent the viewer, newest first, more as the end comes near. */
export function ReceivedPinsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const query = useReceivedPins(viewer.status === 'authenticated');
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const end = useRef<HTMLDivElement>(null);
  useFetchMoreNearEnd(end, query, query.data?.pages.length ?? 0);
  useDocumentTitle(t('titles.received'));
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(RECEIVED_PINS_PATH)} replace />;

  let body;
  if (viewer.status === 'loading' || query.isPending) {
    body = <StatusView level={2} role="status" visual={<Spinner size="large" />} title={t('received.loading')} />;
  } else if (query.isError && items.length === 0) {
    body = (
      <StatusView
        level={2}
        role="alert"
        title={t('received.loadFailed')}
        action={
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <p className="received__empty">{t('received.empty')}</p>;
  } else {
    body = (
      <ul className="invitations received" aria-labelledby="received-title">
        {items.map((item) => (
          <ReceivedItem key={item.id} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page page--received">
      <h1 className="received__title" id="received-title">
        {t('received.title')}
      </h1>
      {body}
      <div ref={end} className="received__end" aria-live="polite">
        {query.isFetchingNextPage ? <Spinner label={t('received.loadingMore')} /> : null}
      </div>
    </div>
  );
}

function ReceivedItem({ item }: { item: ReceivedPin }) {
  const { t, i18n } = useTranslation();
  const { pin, sender } = item;
  const senderName = sender.full_name || sender.username;
  const image = pin.images['236x'];
  const when = new Date(item.sent_at).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });

  return (
    <li className="received__item">
      <Link to={pinHref(pin.id)} className="received__pin">
        <span className="received__image" style={{ backgroundColor: pin.dominant_color }}>
          <img src={image.url} alt={pinAlt(pin, t('pins.imageAlt'))} width={image.width || undefined} height={image.height || undefined} loading="lazy" />
        </span>
        <span className="received__pin-title">{pin.title.trim() || t('pins.untitled')}</span>
      </Link>
      <p className="received__from">
        <Avatar name={senderName} imageUrl={sender.image_medium_url} size="small" />
        <span>
          <Trans i18nKey="received.from" values={{ name: senderName }} components={{ senderLink: <Link to={profilePath(sender.username)} className="text-link" /> }} />
          {' · '}
          <time dateTime={item.sent_at}>{when}</time>
        </span>
      </p>
    </li>
  );
}
