import { Link, useParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { usernameSchema, type Board } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { useViewer } from '../auth/viewer';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Organiser } from '../moves/Organiser';
import { NotFoundPage } from '../pages/NotFoundPage';
import { BoardHeader, FeedGrid, Pending } from './BoardPage';
import { useBoardBySlug, useBoardFeed, useSectionBySlug } from './queries';
import { boardHref } from './rules';

/** `/:username/:slug/:section`: one section of a board and its pins. */
export function SectionPage() {
  const { username = '', slug = '', section = '' } = useParams();
  const { t } = useTranslation();
  const board = useBoardBySlug(username, slug);
  if (!usernameSchema.safeParse(username).success || isNotFound(board.error)) return <NotFoundPage />;
  if (board.data) return <SectionView board={board.data} slug={section} />;
  return <Pending failed={board.isError} retry={() => void board.refetch()} label={t('boards.loading')} />;
}

function SectionView({ board, slug }: { board: Board; slug: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const section = useSectionBySlug(board.id, slug);
  const feed = useBoardFeed(board.id, section.data?.id);
  useDocumentTitle(t('titles.section', { section: section.data?.title ?? slug, board: board.name }));
  if (isNotFound(section.error)) return <NotFoundPage />;
  if (!section.data) return <Pending failed={section.isError} retry={() => void section.refetch()} label={t('boards.loading')} />;
  const pins = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="page page--board">
      <p className="board-header__crumb">
        <Trans
          i18nKey="boards.sectionIn"
          values={{ board: board.name }}
          components={{ boardLink: <Link to={boardHref(board.url, viewer.status !== 'authenticated')} className="text-link" /> }}
        />
      </p>
      <BoardHeader board={board} sectionTitle={section.data.title} />
      <Organiser board={board} section={section.data}>
        {(card) => <FeedGrid feed={feed} pins={pins} label={t('boards.pins')} card={card} />}
      </Organiser>
    </div>
  );
}
