import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionTag } from '@pinhive/contracts';
import { serverErrorText } from '../boards/rules';
import { busyProps } from '../components/busy';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { useCreateConversionTag } from './queries';

/** The longest tag name (contracts' conversionTagCreateSchema). */
const TAG_NAME_MAX = 64;

/** TAG_MODAL: makes a conversion tag for a web-conversion ad; the new tag is chosen on the page. */
export function TagModal({ advertiserId, onCreated, onClose }: { advertiserId: string; onCreated: (tag: ConversionTag) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const create = useCreateConversionTag(advertiserId);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > TAG_NAME_MAX) {
      setProblem(trimmed === '' ? t('quickPromote.tag.nameRequired') : t('quickPromote.business.tooLong', { maxLength: TAG_NAME_MAX }));
      field.current?.focus();
      return;
    }
    create.mutate(trimmed, { onSuccess: onCreated, onError: () => field.current?.focus() });
  };

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-intro`} onClose={onClose} className="dialog--quick-promote">
      <form className="qp-modal" onSubmit={submit} noValidate>
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.tag.title')}
        </h2>
        <p className="qp-modal__intro" id={`${id}-intro`}>
          {t('quickPromote.tag.intro')}
        </p>
        <TextField
          ref={field}
          id={`${id}-name`}
          label={t('quickPromote.tag.name')}
          placeholder={t('quickPromote.tag.placeholder')}
          value={name}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
            if (create.isError) create.reset();
          }}
          error={problem ?? (create.isError ? serverErrorText(create.error, t('advertisers.failed')) : undefined)}
        />
        <div className="qp-modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('quickPromote.cancel')}
          </button>
          <button type="submit" className="button button--primary" {...busyProps(create.isPending)}>
            {create.isPending ? <Spinner /> : null}
            <span>{t('quickPromote.tag.create')}</span>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
