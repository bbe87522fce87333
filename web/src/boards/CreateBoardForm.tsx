import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_NAME_MAX_LENGTH, type Board } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { ProtectedSwitch } from '../advertisers/ProtectedSwitch';
import { boardFormRules, createBoardPrivacy } from '../advertisers/rules';
import { CheckboxField } from '../components/CheckboxField';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { CollaboratorInviteList } from '../collaborators/CollaboratorInviteList';
import type { Invitee } from '../collaborators/rules';
import { useInvitesForNewBoard } from '../collaborators/useInvitesForNewBoard';
import { useCreateBoard } from './queries';
import { boardCreateErrorText, boardNameProblem, boardNameProblemText, canCreateBoard, nameRefusal } from './rules';

interface CreateBoardFormProps {
  initialName?: string;
  /** Suggested names (at most 5), shown as choices under the name field. */
  suggestions?: string[];
  /** Where the board is made from (`aux_data.source`): the picker says `board_picker`. */
  source?: string;
  onCreated: (board: Board) => void;
  onCancel?: () => void;
}

/**
 * Create board (section 5): a name ('Don't forget to name your board!', at most
 * BOARD_NAME_MAX_LENGTH), the secret toggle, and Create, disabled while the trimmed name is empty,
 * an error shows, a create error shows or the board is being saved. A create failure shows in the
 * form in bold red (message plus message_detail, else 'Uh oh! Something went wrong.').
 * Acting for an advertiser, `advertiser_id` is sent; on its behalf (someone else owns it) the
 * board is protected: the secret toggle and the invites give way to the disabled, checked
 * 'Protected board (not listed on user's profile)' switch (sections 5 and 6).
 */
export function CreateBoardForm({ initialName = '', suggestions = [], source, onCreated, onCancel }: CreateBoardFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(initialName.length > 0);
  const [secret, setSecret] = useState(false);
  const create = useCreateBoard();
  const { advertiser } = useActingAs();
  const rules = boardFormRules(advertiser);
  // The collaborator invite list (section 5): sent once the board exists.
  const [invitees, setInvitees] = useState<Invitee[]>([]);
  const inviteToNewBoard = useInvitesForNewBoard();
  const problem = boardNameProblem(name);
  const fieldError = touched && problem !== null;
  // A refusal of the name itself (one the person already gave a board) shows at the field; others under the form.
  const nameRefused = create.isError ? nameRefusal(create.error) : null;
  const createError = create.isError && !nameRefused ? boardCreateErrorText(create.error, t('boards.create.failed')) : null;
  const enabled = canCreateBoard({ name, fieldError, createError: createError !== null || nameRefused !== null, saving: create.isPending });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!enabled || problem) return;
    create.mutate(
      {
        name: name.trim(),
        privacy: createBoardPrivacy(rules, secret),
        ...(rules.advertiserId ? { advertiser_id: rules.advertiserId } : {}),
        ...(source ? { aux_data: { source } } : {}),
      },
      {
        onSuccess: (board) => {
          if (rules.invites) inviteToNewBoard(board, invitees);
          onCreated(board);
        },
      },
    );
  };

  const message = boardNameProblemText(problem, t);

  return (
    <form className="board-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={`${id}-name`}
        label={t('boards.create.name')}
        placeholder={t('boards.create.namePlaceholder')}
        value={name}
        autoComplete="off"
        maxLength={BOARD_NAME_MAX_LENGTH * 2}
        onChange={(event) => {
          setName(event.target.value);
          setTouched(true);
          if (create.isError) create.reset();
        }}
        error={fieldError ? message : (nameRefused ?? undefined)}
      />
      {suggestions.length > 0 ? (
        <div className="board-form__suggestions" role="group" aria-label={t('saving.suggested')}>
          {suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="chip"
              aria-pressed={name.trim() === suggestion}
              aria-label={t('saving.useSuggestion', { name: suggestion })}
              onClick={() => {
                setName(suggestion);
                setTouched(true);
                if (create.isError) create.reset();
              }}
            >
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}
      {rules.secretToggle ? (
        <CheckboxField
          id={`${id}-secret`}
          label={
            <span className="board-form__secret">
              <span>{t('boards.create.secret')}</span>
              <span className="board-form__hint">{t('boards.create.secretHint')}</span>
            </span>
          }
          checked={secret}
          onChange={(event) => setSecret(event.target.checked)}
        />
      ) : null}
      {rules.protectedSwitch && advertiser ? <ProtectedSwitch id={`${id}-protected`} hint={t('advertisers.protectedHint', { name: advertiser.name })} /> : null}
      {rules.invites ? <CollaboratorInviteList chosen={invitees} onChange={setInvitees} disabled={create.isPending} /> : null}
      {createError ? (
        <p className="board-form__error" role="alert">
          {createError}
        </p>
      ) : null}
      <div className="board-form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('boards.create.cancel')}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!enabled} aria-busy={create.isPending || undefined}>
          {create.isPending ? <Spinner /> : null}
          <span>{t('boards.create.submit')}</span>
        </button>
      </div>
    </form>
  );
}
