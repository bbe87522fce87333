import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerBoard, BoardPicker } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { canWrite } from '../boards/rules';
import { LockIcon, PeopleIcon, PlusIcon, SectionsIcon } from './icons';
import { pickerHasSearch, pickerLists, rowAction, searchChoice } from './picker';

interface BoardPickerListProps {
  data: BoardPicker | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onPick: (board: PickerBoard) => void;
  onCreate: (name: string) => void;
  /** The board being saved to: its row shows a spinner, and other rows wait. */
  savingBoardId: string | null;
  /** The mobile page puts its Create board button in a fixed footer of its own. */
  hideCreate?: boolean;
  /**
   * In a dialog that opened before the boards were there (its focus then fell on Create board):
   * once they are, the search field takes the focus, or the first board when there is no search.
   */
  focusSearch?: boolean;
  /** The rows' action instead of Save (the move dialog's Move). */
  actionLabel?: string;
}

/**
 * The board picker (sections 2, 4, 5): a search field past 3 boards; 'Top choices' and 'All
 * boards', or the matching boards; Enter in the search picks the first match or, with none,
 * creates a board named after the query.
 */
export function BoardPickerList({ data, loading, failed, onRetry, onPick, onCreate, savingBoardId, hideCreate = false, focusSearch = false, actionLabel }: BoardPickerListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const headingId = useId();
  const boards = (data?.all_boards ?? []).filter(canWrite);
  const lists = pickerLists(boards, (data?.boards_shortlist ?? []).filter(canWrite), query);
  const hasSearch = !loading && !failed && pickerHasSearch(boards.length);

  // The keyboard path is Save -> search -> boards: without a search field, the first board.
  const scroll = useRef<HTMLDivElement>(null);
  const openedLoading = useRef(loading);
  useEffect(() => {
    if (!focusSearch || loading || !openedLoading.current) return;
    openedLoading.current = false;
    if (!hasSearch) scroll.current?.querySelector<HTMLButtonElement>('.picker-row')?.focus();
  }, [focusSearch, loading, hasSearch]);

  const choose = (board: PickerBoard) => {
    if (savingBoardId) return;
    onPick(board);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const choice = searchChoice(lists);
    if (!choice) return;
    setQuery('');
    if (choice.kind === 'board') choose(choice.board);
    else onCreate(choice.name);
  };

  const rows = (list: PickerBoard[]) => (
    <ul className="picker__list">
      {list.map((board) => (
        <li key={board.id}>
          <BoardRow board={board} saving={savingBoardId === board.id} waiting={savingBoardId !== null} onChoose={() => choose(board)} actionLabel={actionLabel} />
        </li>
      ))}
    </ul>
  );

  let body;
  if (loading) {
    body = (
      <div className="picker__state">
        <Spinner size="large" label={t('saving.loadingBoards')} />
      </div>
    );
  } else if (failed) {
    body = (
      <div className="picker__state" role="alert">
        <p>{t('saving.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  } else if (boards.length === 0) {
    body = <p className="picker__state">{t('saving.noBoards')}</p>;
  } else {
    switch (lists.kind) {
      case 'flat':
        body = rows(lists.boards);
        break;
      case 'grouped':
        body = (
          <>
            {lists.top.length > 0 ? (
              <section aria-labelledby={`${headingId}-top`}>
                <h3 className="picker__heading" id={`${headingId}-top`}>
                  {t('saving.topChoices')}
                </h3>
                {rows(lists.top)}
              </section>
            ) : null}
            <section aria-labelledby={`${headingId}-all`}>
              <h3 className="picker__heading" id={`${headingId}-all`}>
                {t('saving.allBoards')}
              </h3>
              {rows(lists.all)}
            </section>
          </>
        );
        break;
      case 'search':
        body =
          lists.results.length > 0 ? (
            rows(lists.results)
          ) : (
            <ul className="picker__list">
              <li>
                <button
                  type="button"
                  className="picker-row picker-row--create"
                  onClick={() => {
                    setQuery('');
                    onCreate(lists.query);
                  }}
                >
                  <span className="picker-row__cover picker-row__cover--create">
                    <PlusIcon />
                  </span>
                  <span className="picker-row__name">{t('saving.createNamed', { query: lists.query })}</span>
                </button>
              </li>
            </ul>
          );
        break;
    }
  }

  return (
    <div className="picker">
      {hasSearch ? (
        <div className="picker__search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('saving.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className="field__input picker__search-input"
            placeholder={t('saving.searchPlaceholder')}
            value={query}
            autoComplete="off"
            // Only in the picker dialog, which opened (and placed its focus) before this list loaded.
            autoFocus={focusSearch}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKeyDown}
          />
          <span className="visually-hidden" aria-live="polite">
            {lists.kind === 'search' ? (lists.results.length ? t('saving.results', { count: lists.results.length }) : t('saving.noMatch', { query: lists.query })) : ''}
          </span>
        </div>
      ) : null}
      <div className="picker__scroll" ref={scroll}>
        {body}
      </div>
      {hideCreate ? null : (
        <div className="picker__footer">
          <button type="button" className="picker-row picker-row--create" onClick={() => onCreate(query.trim())}>
            <span className="picker-row__cover picker-row__cover--create">
              <PlusIcon />
            </span>
            <span className="picker-row__name">{t('boards.create.button')}</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** A board row: cover thumbnail (48 px), name, icons, and Save (or Select, or a spinner while saving). */
export function BoardRow({ board, saving, waiting, onChoose, actionLabel }: { board: PickerBoard; saving: boolean; waiting: boolean; onChoose: () => void; actionLabel?: string | undefined }) {
  const { t } = useTranslation();
  const action = rowAction(board);
  return (
    <button
      type="button"
      className="picker-row"
      aria-disabled={waiting || undefined}
      aria-busy={saving || undefined}
      aria-haspopup={action === 'select' ? 'true' : undefined}
      onClick={onChoose}
    >
      <BoardThumb board={board} />
      <span className="picker-row__name">{board.name}</span>
      <span className="picker-row__icons">
        {board.privacy !== 'public' ? <LockIcon label={board.privacy === 'protected' ? t('saving.protected') : t('saving.secret')} /> : null}
        {board.is_collaborative ? <PeopleIcon label={t('saving.collaborative')} /> : null}
        {board.section_count > 0 ? <SectionsIcon label={t('saving.hasSections')} /> : null}
      </span>
      <span className={`picker-row__action${action === 'save' ? ' picker-row__action--save' : ''}`}>
        {saving ? <Spinner label={t('saving.saving')} /> : action === 'save' ? (actionLabel ?? t('saving.save')) : t('saving.select')}
      </span>
    </button>
  );
}

export function BoardThumb({ board }: { board: Pick<PickerBoard, 'image_cover_url' | 'cover_color'> }) {
  return (
    <span className="picker-row__cover" style={{ backgroundColor: board.cover_color ?? undefined }} aria-hidden="true">
      {board.image_cover_url ? <img src={board.image_cover_url} alt="" width={48} height={48} loading="lazy" /> : null}
    </span>
  );
}
