import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { usernameSchema, type Board } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { profilePath } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { BoardCollaborators } from '../collaborators/BoardCollaborators';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { BoardFollow } from '../follows/BoardFollow';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Organiser } from '../moves/Organiser';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PinGrid } from '../pins/PinGrid';
import { ColorFilter } from '../search/ColorFilter';
import { selectedColors } from '../search/paths';
import { LockIcon } from '../saving/icons';
import { AddSectionForm } from './AddSectionForm';
import { useBoardBySlug, useBoardFeed, useBoardPinsByColor, useSections } from './queries';
import { canWrite, sectionHref } from './rules';

/** `/:username/:slug`: a board (header, its sections as cards, its pins in the masonry grid). */
export function BoardPage() {
  const { username = '', slug = '' } = useParams();
  const { t } = useTranslation();
  const board = useBoardBySlug(username, slug);
  useDocumentTitle(t('titles.board', { name: board.data?.name ?? slug }));
  if (!usernameSchema.safeParse(username).success || isNotFound(board.error)) return <NotFoundPage />;
  if (board.data) return <BoardView board={board.data} />;
  return <Pending failed={board.isError} retry={() => void board.refetch()} label={t('boards.loading')} />;
}

export function Pending({ failed, retry, label }: { failed: boolean; retry: () => void; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      {failed ? (
        <StatusView
          role="alert"
          title={t('errors.generic')}
          action={
            <button type="button" className="button button--secondary" onClick={retry}>
              {t('common.tryAgain')}
            </button>
          }
        />
      ) : (
        <StatusView role="status" visual={<Spinner size="large" />} title={label} />
      )}
    </div>
  );
}

function BoardView({ board }: { board: Board }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const anonymous = viewer.status !== 'authenticated';
  const sections = useSections(board.section_count > 0 || canWrite(board) ? board.id : undefined);
  const feed = useBoardFeed(board.id);
  const [adding, setAdding] = useState(false);
  const pins = feed.data?.pages.flatMap((page) => page.items) ?? [];
  // `?colors=` filters the pins by named colour (the search page's chips): a read of the index, not of the pages.
  const [params] = useSearchParams();
  const colors = selectedColors(params);
  const byColor = useBoardPinsByColor(board.id, colors);
  const coloured = byColor.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page page--board">
      <BoardHeader board={board} />
      {/* One compact row of actions under the title and the owner, so that the pins start in the first screen. */}
      <div className="board-actions">
        <BoardCollaborators board={board} />
        <BoardFollow board={board} />
        {canWrite(board) ? (
          <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {t('boards.section.title')}
          </button>
        ) : null}
      </div>
      {sections.data && sections.data.length > 0 ? (
        <section className="board-sections" aria-labelledby="board-sections-title">
          <h2 className="board-page__subtitle" id="board-sections-title">
            {t('boards.sections')}
          </h2>
          <ul className="board-grid board-grid--sections">
            {sections.data.map((section) => (
              <li key={section.id}>
                <Link to={sectionHref(board.url, section.slug, anonymous)} className="board-card">
                  <span className="board-card__cover board-card__cover--quad">
                    {section.preview_pins.slice(0, 4).map((preview) => (
                      <img key={preview.id} src={preview.image_square_url} alt="" loading="lazy" />
                    ))}
                  </span>
                  <span className="board-card__name">{section.title}</span>
                  <span className="board-card__meta">{t('boards.pinCount', { count: section.pin_count })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {board.pin_count > 0 ? <ColorFilter /> : null}
      {colors.length > 0 ? (
        <FeedGrid feed={byColor} pins={coloured} label={t('boards.pins')} empty={t('boards.noPinsOfColors')} />
      ) : (
        <Organiser board={board}>{(card) => <FeedGrid feed={feed} pins={pins} label={t('boards.pins')} card={card} />}</Organiser>
      )}
      {adding ? <AddSectionDialog boardId={board.id} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}

/** What FeedGrid reads of a paged query: its states and its next page. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

export function FeedGrid({ feed, pins, label, card, empty }: { feed: PagedQuery; pins: Parameters<typeof PinGrid>[0]['pins']; label: string; card?: Parameters<typeof PinGrid>[0]['card']; empty?: string }) {
  const { t } = useTranslation();
  if (feed.isPending) {
    return (
      <div className="board-page__state">
        <Spinner size="large" label={t('pins.loadingMore')} />
      </div>
    );
  }
  if (feed.isError && pins.length === 0) {
    return (
      <div className="board-page__state" role="alert">
        <p>{t('pins.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void feed.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (pins.length === 0) return <p className="board-page__state">{empty ?? t('boards.noPins')}</p>;
  return <PinGrid pins={pins} label={label} hasNextPage={feed.hasNextPage} isFetchingNextPage={feed.isFetchingNextPage} fetchNextPage={feed.fetchNextPage} card={card} />;
}

export function BoardHeader({ board, sectionTitle }: { board: Board; sectionTitle?: string }) {
  const { t } = useTranslation();
  // One rule for names (the close-up's 'Saved by' too): the display name, linking to the profile.
  const ownerName = board.owner.full_name?.trim() || board.owner.username;
  return (
    <header className="board-header">
      <h1 className="board-header__name">
        {sectionTitle ?? board.name}
        {board.privacy !== 'public' && !sectionTitle ? <LockIcon label={board.privacy === 'protected' ? t('boards.protectedIcon') : t('boards.secret')} /> : null}
      </h1>
      {!sectionTitle && board.description.trim() ? <p className="board-header__description">{board.description}</p> : null}
      <p className="board-header__meta">
        {sectionTitle ? null : <span>{t('boards.pinCount', { count: board.pin_count })}</span>}
        <span>
          <Trans
            i18nKey="boards.by"
            values={{ name: ownerName }}
            components={{ ownerLink: <Link to={profilePath(board.owner.username)} className="text-link" /> }}
          />
        </span>
      </p>
    </header>
  );
}

function AddSectionDialog({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog labelledBy="add-section-title" onClose={onClose} className="dialog--save">
      <div className="save-flow">
        <header className="save-flow__header">
          <h2 className="save-flow__title" id="add-section-title">
            {t('boards.section.title')}
          </h2>
        </header>
        <div className="save-flow__body save-flow__body--padded">
          <AddSectionForm boardId={boardId} onCreated={onClose} onCancel={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
