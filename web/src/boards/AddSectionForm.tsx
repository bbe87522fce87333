import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTION_NAME_MAX_LENGTH, SECTION_NAME_SOURCES, type Section } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { useCreateSection } from './queries';
import { canAddSection, sectionNameProblem, serverErrorText } from './rules';

/**
 * Add section (sections 2, 4, 5): a Name field (placeholder Like "Lighting") and Add; Enter
 * submits. Add is disabled while the name is blank, while saving and while an error shows; typing
 * clears the error. A server error shows under the field (message_detail or message).
 */
export function AddSectionForm({ boardId, onCreated, onCancel }: { boardId: string; onCreated: (section: Section) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const create = useCreateSection();
  const error = localError ?? (create.isError ? serverErrorText(create.error, t('boards.section.failed')) : null);
  const enabled = canAddSection({ name, saving: create.isPending, error: error !== null });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    if (sectionNameProblem(name) === 'tooLong') {
      setLocalError(t('boards.section.tooLong', { maxLength: SECTION_NAME_MAX_LENGTH }));
      return;
    }
    create.mutate({ board_id: boardId, name: name.trim(), name_source: SECTION_NAME_SOURCES.TYPED }, { onSuccess: onCreated });
  };

  return (
    <form className="board-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={`${id}-name`}
        label={t('boards.section.name')}
        placeholder={t('boards.section.placeholder')}
        value={name}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setLocalError(null);
          if (create.isError) create.reset();
        }}
        error={error ?? undefined}
      />
      <div className="board-form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('boards.create.cancel')}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!enabled} aria-busy={create.isPending || undefined}>
          {create.isPending ? <Spinner /> : null}
          <span>{t('boards.section.add')}</span>
        </button>
      </div>
    </form>
  );
}
