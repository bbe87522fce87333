import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { useFetchMoreNearEnd } from '../pins/useFetchMoreNearEnd';
import { BoardCard } from './BoardCard';
import { CreateBoardButton } from './CreateBoardButton';
import { useUserBoards } from './queries';

/** A profile's boards under its header (public ones; secret ones too on your own profile). */
export function ProfileBoards({ username }: { username: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const own = viewer.status === 'authenticated' && viewer.user.username.toLowerCase() === username.toLowerCase();
  const query = useUserBoards(username);
  const end = useRef<HTMLDivElement>(null);
  useFetchMoreNearEnd(end, query, query.data?.pages.length ?? 0);

  const boards = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="profile-boards" aria-labelledby="profile-boards-title">
      <div className="profile-boards__header">
        <h2 className="profile-boards__title" id="profile-boards-title">
          {t('boards.boards')}
        </h2>
        {own ? <CreateBoardButton /> : null}
      </div>
      {query.isPending ? (
        <div className="profile-boards__state">
          <Spinner size="large" label={t('boards.profileLoading')} />
        </div>
      ) : query.isError ? (
        <div className="profile-boards__state" role="alert">
          <p>{t('boards.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : boards.length === 0 ? (
        <p className="profile-boards__state">{own ? t('boards.profileEmptyOwn') : t('boards.profileEmpty')}</p>
      ) : (
        <ul className="board-grid">
          {boards.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} anonymous={viewer.status !== 'authenticated'} />
            </li>
          ))}
        </ul>
      )}
      <div ref={end} className="profile-boards__end" aria-live="polite">
        {query.isFetchingNextPage ? <Spinner size="large" label={t('boards.profileLoading')} /> : null}
      </div>
    </section>
  );
}
