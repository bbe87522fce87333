import { Link, useParams, useSearchParams } from 'react-router';
import { LoadFailedPage } from '../components/LoadFailedPage';
import { Trans, useTranslation } from 'react-i18next';
import type { Pin } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { useViewer } from '../auth/viewer';
import { profilePath } from '../auth/targets';
import { boardHref } from '../boards/rules';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SaveButton } from '../saving/SaveButton';
import { HashtagText } from '../search/HashtagText';
import { ShareSheet } from '../sends/ShareSheet';
import { sharing, withSharing } from '../sends/share';
import { closeupLayout, linkHost, scaledHeight } from './closeup';
import { MoreLikeThis } from './MoreLikeThis';
import { pinAlt } from './PinCard';
import { usePin } from './usePin';
import { useWindowWidth } from './useWindowWidth';

/** `/pin/:id`: the pin close-up (image, title, description, link, board, pinner, Send, Save); `?share=true` opens its share sheet. */
export function PinPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const query = usePin(id);
  useDocumentTitle(query.data?.title.trim() ? t('titles.pin', { title: query.data.title }) : t('titles.pinUntitled'));
  if (!/^\d{1,24}$/.test(id) || isNotFound(query.error)) return <NotFoundPage />;
  if (query.data) return <PinCloseup pin={query.data} />;
  if (query.isPending) {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('pins.loading')} />
      </div>
    );
  }
  return (
    <LoadFailedPage title={t('errors.generic')} onRetry={() => void query.refetch()} />
  );
}

export function PinCloseup({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const layout = closeupLayout(useWindowWidth());
  const anonymous = viewer.status !== 'authenticated';
  const host = linkHost(pin.link);
  const image = pin.images.orig.width > 0 ? pin.images.orig : pin.images['236x'];
  const pinnerName = pin.pinner.full_name.trim() || pin.pinner.username;
  // The sheet is open while the address says so: the success dialog's 'Send' links there, and
  // closing it takes `share=true` out (replaced: Back does not open it again).
  const [params, setParams] = useSearchParams();
  const setSharing = (open: boolean) => setParams(withSharing(params, open), { replace: true, preventScrollReset: true });

  return (
    <div className={`page page--closeup closeup--${layout}`}>
      <article className="closeup">
        <div className="closeup__image" style={{ backgroundColor: pin.dominant_color, aspectRatio: `${image.width || 1} / ${image.height || 1}` }}>
          <img src={image.url} alt={pinAlt(pin, t('pins.imageAlt'))} width={image.width || undefined} height={image.height ? scaledHeight(image, image.width) : undefined} />
        </div>
        <div className="closeup__details">
          {/* One row of actions, Save last at the right; the link under it, on a line of its own. */}
          <div className="closeup__bar">
            <div className="closeup__actions">
              <button type="button" className="button button--secondary button--large" aria-haspopup="dialog" onClick={() => setSharing(true)}>
                {t('share.open')}
              </button>
              <SaveButton pin={pin} />
            </div>
          </div>
          {host && pin.link ? (
            <a className="closeup__link" href={pin.link} target="_blank" rel="noopener noreferrer nofollow" data-pin-id={pin.id}>
              {t('pins.visit', { host })}
            </a>
          ) : null}
          {pin.title.trim() ? <h1 className="closeup__title">{pin.title}</h1> : <h1 className="visually-hidden">{t('pins.untitled')}</h1>}
          {pin.description.trim() ? (
            <p className="closeup__description">
              <HashtagText text={pin.description} />
            </p>
          ) : null}
          <p className="closeup__board">
            <Trans
              i18nKey="pins.onBoard"
              values={{ board: pin.board.name }}
              components={{ boardLink: <Link to={boardHref(pin.board.url, anonymous)} className="text-link" /> }}
            />
          </p>
          <Link to={profilePath(pin.pinner.username)} className="closeup__pinner">
            <Avatar name={pinnerName} imageUrl={pin.pinner.image_medium_url} size="medium" />
            <span>
              <Trans i18nKey="pins.savedBy" values={{ name: pinnerName }} components={{ pinnerLink: <strong /> }} />
            </span>
          </Link>
        </div>
      </article>
      <MoreLikeThis pinId={pin.id} />
      {sharing(params) ? <ShareSheet pin={pin} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}
