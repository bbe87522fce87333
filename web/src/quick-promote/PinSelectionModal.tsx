import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board, Pin } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { useBoardFeed, useUserBoards } from '../boards/queries';

/**
 * PIN_SELECTION_MODAL: when the flow opens without a pin, the viewer chooses one of theirs, board
 * by board (their profile's boards; secret ones are left out, their pins cannot be promoted).
 */
export function PinSelectionModal({ username, onChoose, onClose }: { username: string; onChoose: (pin: Pin) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [board, setBoard] = useState<Board | null>(null);
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className="dialog--quick-promote dialog--qp-wide" initialFocus={title}>
      <div className="qp-modal">
        <h2 className="qp-modal__title" id={`${id}-title`} ref={title} tabIndex={-1}>
          {t('quickPromote.selection.title')}
        </h2>
        {board ? (
          <BoardPins
            board={board}
            onChoose={onChoose}
            onBack={() => {
              setBoard(null);
              title.current?.focus();
            }}
          />
        ) : (
          <BoardList
            username={username}
            onChoose={(chosen) => {
              setBoard(chosen);
              title.current?.focus();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

function BoardList({ username, onChoose }: { username: string; onChoose: (board: Board) => void }) {
  const { t } = useTranslation();
  const boards = useUserBoards(username);
  if (boards.isPending) return <Spinner size="large" label={t('quickPromote.selection.loading')} />;
  if (boards.isError) {
    return (
      <p role="alert">
        {t('quickPromote.selection.failed')}{' '}
        <button type="button" className="text-link" onClick={() => void boards.refetch()}>
          {t('common.tryAgain')}
        </button>
      </p>
    );
  }
  const all = boards.data.pages.flatMap((page) => page.items);
  // Counts follow the saves' events, so a board is listed even while it says 0 Pins.
  const listed = all.filter((board) => board.privacy !== 'secret');
  return (
    <>
      {listed.length === 0 ? <p>{t('quickPromote.selection.noBoards')}</p> : null}
      <ul className="qp-boards" aria-label={t('quickPromote.selection.boards')}>
        {listed.map((board) => (
          <li key={board.id}>
            <button type="button" className="qp-boards__board" onClick={() => onChoose(board)}>
              {board.image_cover_url ? <img src={board.image_cover_url} alt="" width={48} height={48} /> : <span className="qp-boards__blank" aria-hidden="true" />}
              <span className="qp-boards__name">{board.name}</span>
              <span className="qp-boards__count">{t('boards.pinCount', { count: board.pin_count })}</span>
            </button>
          </li>
        ))}
      </ul>
      {all.length > listed.length ? <p className="qp-hint">{t('quickPromote.selection.secretNote')}</p> : null}
      {boards.hasNextPage ? (
        <button type="button" className="button button--secondary" onClick={() => void boards.fetchNextPage()} aria-busy={boards.isFetchingNextPage || undefined}>
          {t('quickPromote.selection.more')}
        </button>
      ) : null}
    </>
  );
}

function BoardPins({ board, onChoose, onBack }: { board: Board; onChoose: (pin: Pin) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const feed = useBoardFeed(board.id);
  const pins = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <button type="button" className="text-link qp-back" onClick={onBack}>
        {t('quickPromote.selection.backToBoards')}
      </button>
      <h3 className="qp-modal__subtitle">{t('quickPromote.selection.pins', { board: board.name })}</h3>
      {feed.isPending ? <Spinner size="large" label={t('quickPromote.selection.pinsLoading')} /> : null}
      {feed.isError ? (
        <p role="alert">
          {t('quickPromote.selection.failed')}{' '}
          <button type="button" className="text-link" onClick={() => void feed.refetch()}>
            {t('common.tryAgain')}
          </button>
        </p>
      ) : null}
      {feed.isSuccess && pins.length === 0 ? <p>{t('quickPromote.selection.noPins')}</p> : null}
      <ul className="qp-pins">
        {pins.map((pin) => {
          const label = pin.title || pin.description || t('quickPromote.selection.untitled', { id: pin.id });
          return (
            <li key={pin.id}>
              <button type="button" className="qp-pins__pin" onClick={() => onChoose(pin)} aria-label={t('quickPromote.selection.choosePin', { title: label })}>
                <img src={pin.images['236x'].url} alt={pin.alt_text ?? ''} style={{ backgroundColor: pin.dominant_color }} />
              </button>
            </li>
          );
        })}
      </ul>
      {feed.hasNextPage ? (
        <button type="button" className="button button--secondary" onClick={() => void feed.fetchNextPage()} aria-busy={feed.isFetchingNextPage || undefined}>
          {t('quickPromote.selection.more')}
        </button>
      ) : null}
    </>
  );
}
