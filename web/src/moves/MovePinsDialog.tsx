import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerBoard } from '@pinhive/contracts';
import { AddSectionForm } from '../boards/AddSectionForm';
import { CreateBoardForm } from '../boards/CreateBoardForm';
import { useBoardPicker } from '../boards/queries';
import { Dialog } from '../components/Dialog';
import { BoardPickerList } from '../saving/BoardPickerList';
import { BackIcon } from '../saving/icons';
import { SectionPickerList } from '../saving/SectionPickerList';
import { stepTitleKey } from '../saving/steps';
import { useSteps } from '../saving/useSteps';
import type { MoveTarget } from './useMovePins';

/**
 * Where to move the chosen pins: the save modal's picker steps (choose board, then section when
 * the board has some; create a board or add a section on the way), each row saying Move.
 * Choosing closes it: the move runs from the page (optimistic).
 */
export function MovePinsDialog({ onChoose, onClose }: { onChoose: (target: MoveTarget) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { step, go, body, title } = useSteps(onClose);
  const picker = useBoardPicker(true);

  const choose = (board: { id: string; name: string }, section: { id: string; title: string } | null) =>
    onChoose({ boardId: board.id, sectionId: section?.id ?? null, boardName: board.name, sectionTitle: section?.title ?? null });
  const pick = (board: PickerBoard) => {
    if (board.section_count > 0) go({ type: 'pickBoard', board });
    else choose(board, null);
  };

  let content;
  switch (step.name) {
    case 'chooseBoard':
    case 'boardCreated':
      content = (
        <BoardPickerList
          data={picker.data}
          loading={picker.isPending}
          failed={picker.isError}
          onRetry={() => void picker.refetch()}
          onPick={pick}
          onCreate={(name) => go({ type: 'create', name })}
          savingBoardId={null}
          focusSearch
          actionLabel={t('moves.moveHere')}
        />
      );
      break;
    case 'chooseSection':
      content = (
        <SectionPickerList board={step.board} onPick={(section) => choose(step.board, section)} onCreate={() => go({ type: 'create' })} saving={null} actionLabel={t('moves.moveHere')} />
      );
      break;
    case 'createBoard':
      content = <CreateBoardForm initialName={step.initialName} source="board_picker" onCancel={() => go({ type: 'back' })} onCreated={(board) => choose(board, null)} />;
      break;
    case 'addSection':
      content = <AddSectionForm boardId={step.board.id} onCancel={() => go({ type: 'back' })} onCreated={(section) => choose(step.board, section)} />;
      break;
  }

  return (
    <Dialog labelledBy={`${id}-name`} describedBy={`${id}-title`} onClose={onClose} className="dialog--save">
      <span id={`${id}-name`} className="visually-hidden">
        {t('moves.dialogName')}
      </span>
      <div className="save-flow">
        <header className="save-flow__header">
          {step.name !== 'chooseBoard' ? (
            <button type="button" className="icon-button save-flow__back" aria-label={t('saving.back')} onClick={() => go({ type: 'back' })}>
              <BackIcon />
            </button>
          ) : null}
          <h2 className="save-flow__title" id={`${id}-title`} aria-live="polite" tabIndex={-1} ref={title}>
            {t(stepTitleKey(step))}
          </h2>
        </header>
        <div className="save-flow__body" ref={body}>
          {content}
        </div>
      </div>
    </Dialog>
  );
}
