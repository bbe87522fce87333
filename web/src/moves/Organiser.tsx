import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVE_PINS_MAX, type Board, type Section } from '@pinhive/contracts';
import { canWrite } from '../boards/rules';
import type { GridPin } from '../pins/PinCard';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { MovePinsDialog } from './MovePinsDialog';
import { OrganiseContext, type OrganiseState } from './organiseContext';
import { EVERYTHING_SELECTED, NOTHING_SELECTED, selectedCount, selectionProblem, toggle, type Selection } from './rules';
import { SelectablePinCard } from './SelectablePinCard';
import { useMovePins, type MoveTarget } from './useMovePins';

interface OrganiserProps {
  board: Board;
  /** On a section's page: its pins are the ones shown, and they can go back to the board root. */
  section?: Section | undefined;
  /** The page's grid, given the card to show each pin with (selectable ones while organising). */
  children: (card: ComponentType<{ pin: GridPin; width: number }> | undefined) => ReactNode;
}

/**
 * Organise mode on a board or section page, for its owner and collaborators: tick pins (or
 * Select all, then untick some), see how many are chosen, and Move them to another board or
 * section, or back to the board root from a section. Others just see the grid.
 */
export function Organiser({ board, section, children }: OrganiserProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [organising, setOrganising] = useState(false);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [choosing, setChoosing] = useState(false);
  const move = useMovePins({ boardId: board.id, sectionId: section?.id ?? null });
  const state = useMemo<OrganiseState>(() => ({ selection, toggle: (pinId) => setSelection((current) => toggle(current, pinId)) }), [selection]);
  const total = section ? section.pin_count : board.pin_count;
  // Nothing to organise on an empty page (a move that emptied it ends Organise mode).
  if (!canWrite(board) || (total === 0 && !organising)) return <>{children(undefined)}</>;

  const count = selectedCount(selection, total);
  const stop = () => {
    setOrganising(false);
    setSelection(NOTHING_SELECTED);
  };
  const ready = () => {
    if (selectionProblem(selection, total) !== 'tooMany') return true;
    toast.show({ message: t('moves.tooMany', { max: MOVE_PINS_MAX }), durationMs: ERROR_TOAST_MS, tone: 'error' });
    return false;
  };
  const moveTo = (target: MoveTarget) => {
    setChoosing(false);
    if (ready()) move.mutate({ target, selection }, { onSuccess: stop });
  };
  const waiting = count === 0 || move.isPending;

  return (
    <>
      <div className="organise-bar" role="toolbar" aria-label={t('moves.toolbar')} aria-busy={move.isPending || undefined}>
        <button type="button" className="button button--secondary" aria-pressed={organising} onClick={() => (organising ? stop() : setOrganising(true))}>
          {t('moves.organise')}
        </button>
        {organising ? (
          <>
            <span className="organise-bar__count" aria-live="polite">
              {count === 0 ? t('moves.organiseHint') : t('moves.selected', { count })}
            </span>
            <button type="button" className="button button--secondary" aria-pressed={selection.mode === 'all'} onClick={() => setSelection(selection.mode === 'all' ? NOTHING_SELECTED : EVERYTHING_SELECTED)}>
              {t('moves.selectAll')}
            </button>
            <button type="button" className="button button--primary" aria-haspopup="dialog" disabled={waiting} onClick={() => ready() && setChoosing(true)}>
              {t('moves.move')}
            </button>
            {section ? (
              <button type="button" className="button button--secondary" disabled={waiting} onClick={() => moveTo({ boardId: board.id, sectionId: null, boardName: board.name, sectionTitle: null })}>
                {t('moves.moveToRoot')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <OrganiseContext value={state}>{children(organising ? SelectablePinCard : undefined)}</OrganiseContext>
      {choosing ? <MovePinsDialog onChoose={moveTo} onClose={() => setChoosing(false)} /> : null}
    </>
  );
}
