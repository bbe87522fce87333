import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_NAME_MAX_LENGTH, SAVE_TOAST_MS, type Board } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { useUpdateBoard } from './queries';
import { boardNameProblem, boardNameProblemText, nameRefusal, serverErrorText } from './rules';

/**
 * The board's name, in its settings (its owner's): the create form's rules (required, at most
 * BOARD_NAME_MAX_LENGTH), and a name the owner already gave another board is refused at the field
 * (the server's BOARD_NAME_TAKEN). The board keeps its address.
 */
export function BoardRenameForm({ board, labelledBy }: { board: Board; labelledBy: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState(board.name);
  const rename = useUpdateBoard();
  const problem = boardNameProblem(name);
  const refused = rename.isError ? nameRefusal(rename.error) : null;
  const unchanged = name.trim() === board.name;
  const message = boardNameProblemText(problem, t) ?? refused;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || unchanged || rename.isPending || refused) return;
    rename.mutate(
      { boardId: board.id, name: name.trim() },
      {
        onSuccess: (answer) => toast.show({ message: t('boards.rename.saved', { name: answer.name }), durationMs: SAVE_TOAST_MS }),
        onError: (error) => {
          if (nameRefusal(error) === null) toast.show({ message: serverErrorText(error, t('boards.rename.failed')), durationMs: ERROR_TOAST_MS, tone: 'error' });
        },
      },
    );
  };

  return (
    <form className="board-form" onSubmit={onSubmit} aria-labelledby={labelledBy} noValidate>
      <TextField
        id={`${labelledBy}-field`}
        label={t('boards.rename.label')}
        value={name}
        autoComplete="off"
        maxLength={BOARD_NAME_MAX_LENGTH * 2}
        onChange={(event) => {
          setName(event.target.value);
          if (rename.isError) rename.reset();
        }}
        error={message ?? undefined}
      />
      <div className="board-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={problem !== null || unchanged || refused !== null || rename.isPending}
          aria-busy={rename.isPending || undefined}
        >
          {rename.isPending ? <Spinner label={t('boards.rename.submit')} /> : t('boards.rename.submit')}
        </button>
      </div>
    </form>
  );
}
