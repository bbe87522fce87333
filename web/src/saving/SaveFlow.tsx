import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PickerBoard, Section } from '@pinhive/contracts';
import { AddSectionForm } from '../boards/AddSectionForm';
import { CreateBoardForm } from '../boards/CreateBoardForm';
import { useBoardPicker } from '../boards/queries';
import { Spinner } from '../components/Spinner';
import { fetchBoardTitleSuggestions } from '../pins/api';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { BoardPickerList } from './BoardPickerList';
import { BackIcon } from './icons';
import { SectionPickerList } from './SectionPickerList';
import { useAlreadySaved } from './useAlreadySaved';
import { saveErrorText } from './saveErrors';
import { FIRST_STEP, stepTitleKey } from './steps';
import { useSave, type SaveResult, type SaveTarget } from './useSave';
import { useSteps } from './useSteps';

interface SaveFlowProps {
  target: SaveTarget;
  /** Id for the step's title. */
  titleId: string;
  onSaved: (result: SaveResult) => void;
  /** Back from the first step. */
  onClose: () => void;
  /** The modal hides its back button on the first step (its own × closes it). */
  backOnFirstStep?: boolean;
}

/**
 * The save steps (section 4): choose board → (choose section) → save; create board or add section
 * on the way. A failed save shows message_detail or message as an error toast and goes back to
 * "none" (section 8).
 */
export function SaveFlow({ target, titleId, onSaved, onClose, backOnFirstStep = false }: SaveFlowProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { step, setStep, go, body, title } = useSteps(onClose);
  const picker = useBoardPicker(true, target.kind === 'repin' ? target.pin.id : undefined);
  const save = useSave(target);
  useAlreadySaved(target);
  const pinId = target.kind === 'repin' ? target.pin.id : null;
  const suggestions = useQuery({
    queryKey: ['boardTitleSuggestions', pinId],
    queryFn: ({ signal }) => fetchBoardTitleSuggestions(pinId ?? '', signal),
    enabled: pinId !== null && step.name === 'createBoard',
    staleTime: 5 * 60_000,
    retry: false,
  });


  const saveTo = (board: PickerBoard, section: Section | null) => {
    if (save.isPending) return;
    save.mutate(
      { board, section },
      {
        onSuccess: onSaved,
        onError: (error) => {
          toast.show({ message: saveErrorText(error, t, t('saving.defaultError'), true), durationMs: ERROR_TOAST_MS, tone: 'error' });
          setStep((current) => (current.name === 'boardCreated' ? FIRST_STEP : current));
        },
      },
    );
  };

  const pick = (board: PickerBoard) => {
    if (board.section_count > 0) go({ type: 'pickBoard', board });
    else saveTo(board, null);
  };

  const savingId = save.isPending ? (save.variables.section?.id ?? 'board') : null;
  const showBack = step.name !== 'chooseBoard' || backOnFirstStep;

  let content;
  switch (step.name) {
    case 'chooseBoard':
      content = (
        <BoardPickerList
          data={picker.data}
          loading={picker.isPending}
          failed={picker.isError}
          onRetry={() => void picker.refetch()}
          onPick={pick}
          onCreate={(name) => go({ type: 'create', name })}
          savingBoardId={save.isPending ? save.variables.board.id : null}
          focusSearch
        />
      );
      break;
    case 'chooseSection':
      content = <SectionPickerList board={step.board} onPick={(section) => saveTo(step.board, section)} onCreate={() => go({ type: 'create' })} saving={savingId} />;
      break;
    case 'createBoard':
      content = (
        <CreateBoardForm
          initialName={step.initialName}
          suggestions={suggestions.data ?? []}
          source="board_picker"
          onCancel={() => go({ type: 'back' })}
          onCreated={(board) => {
            go({ type: 'boardCreated', board });
            saveTo(board, null);
          }}
        />
      );
      break;
    case 'addSection':
      content = (
        <AddSectionForm
          boardId={step.board.id}
          onCancel={() => go({ type: 'back' })}
          onCreated={(section) => {
            go({ type: 'sectionCreated' });
            saveTo(step.board, section);
          }}
        />
      );
      break;
    case 'boardCreated':
      content = (
        <div className="picker__state" role="status">
          <Spinner size="large" />
          <p>{t('saving.saveTo', { name: step.board.name })}</p>
        </div>
      );
      break;
  }

  return (
    <div className="save-flow">
      <header className="save-flow__header">
        {showBack ? (
          <button type="button" className="icon-button save-flow__back" aria-label={t('saving.back')} onClick={() => go({ type: 'back' })}>
            <BackIcon />
          </button>
        ) : null}
        <h2 className="save-flow__title" id={titleId} aria-live="polite" tabIndex={-1} ref={title}>
          {t(stepTitleKey(step))}
        </h2>
      </header>
      <div className="save-flow__body" ref={body}>
        {content}
      </div>
    </div>
  );
}
