import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerBoard, Section } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { useSections } from '../boards/queries';
import { BoardThumb } from './BoardPickerList';
import { PlusIcon } from './icons';

interface SectionPickerListProps {
  board: PickerBoard;
  onPick: (section: Section | null) => void;
  onCreate: () => void;
  /** What is being saved to: `board` for the board itself, or a section id. */
  saving: string | null;
  hideCreate?: boolean;
  /** The rows' action instead of Save (the move dialog's Move). */
  actionLabel?: string;
}

/** The section step (titles 'Board' and 'Section'): the board itself, then its sections. */
export function SectionPickerList({ board, onPick, onCreate, saving, hideCreate = false, actionLabel }: SectionPickerListProps) {
  const { t } = useTranslation();
  const action = actionLabel ?? t('saving.save');
  const headingId = useId();
  const sections = useSections(board.id);
  const waiting = saving !== null;

  const row = (key: string, label: string, thumb: string | null, pick: () => void) => (
    <li key={key}>
      <button type="button" className="picker-row" aria-disabled={waiting || undefined} aria-busy={saving === key || undefined} onClick={() => waiting || pick()}>
        <span className="picker-row__cover" aria-hidden="true">
          {thumb ? <img src={thumb} alt="" width={48} height={48} loading="lazy" /> : null}
        </span>
        <span className="picker-row__name">{label}</span>
        <span className="picker-row__action picker-row__action--save">{saving === key ? <Spinner label={t('saving.saving')} /> : action}</span>
      </button>
    </li>
  );

  return (
    <div className="picker">
      <div className="picker__scroll">
        <section aria-labelledby={`${headingId}-board`}>
          <h3 className="picker__heading" id={`${headingId}-board`}>
            {t('saving.board')}
          </h3>
          <ul className="picker__list">
            <li>
              <button
                type="button"
                className="picker-row"
                aria-disabled={waiting || undefined}
                aria-busy={saving === 'board' || undefined}
                onClick={() => waiting || onPick(null)}
              >
                <BoardThumb board={board} />
                <span className="picker-row__name">{board.name}</span>
                <span className="picker-row__action picker-row__action--save">
                  {saving === 'board' ? <Spinner label={t('saving.saving')} /> : action}
                </span>
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby={`${headingId}-section`}>
          <h3 className="picker__heading" id={`${headingId}-section`}>
            {t('saving.section')}
          </h3>
          {sections.isPending ? (
            <div className="picker__state">
              <Spinner size="large" label={t('saving.loadingBoards')} />
            </div>
          ) : sections.isError ? (
            <div className="picker__state" role="alert">
              <p>{t('saving.loadFailed')}</p>
              <button type="button" className="button button--secondary" onClick={() => void sections.refetch()}>
                {t('common.tryAgain')}
              </button>
            </div>
          ) : (
            <ul className="picker__list">
              {sections.data.map((section) => row(section.id, section.title, section.preview_pins[0]?.image_square_url ?? null, () => onPick(section)))}
            </ul>
          )}
        </section>
      </div>
      {hideCreate ? null : (
        <div className="picker__footer">
          <button type="button" className="picker-row picker-row--create" onClick={onCreate}>
            <span className="picker-row__cover picker-row__cover--create">
              <PlusIcon />
            </span>
            <span className="picker-row__name">{t('boards.section.altTitle')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
