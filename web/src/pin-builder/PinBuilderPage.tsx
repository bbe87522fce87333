import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PIN_ASPECT_RATIOS,
  PIN_BUILDER_ALT_TEXT_MAX,
  PIN_BUILDER_DESCRIPTION_MAX,
  PIN_BUILDER_TITLE_MAX,
  PIN_LINK_MAX_LENGTH,
  pinBuilderScenario,
  type PickerBoard,
  type PinAspectRatio,
  type PinBuilderGate,
  type PinBuilderScenario,
  type SavedPin,
  type Section,
} from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { isApiError } from '../api/client';
import { idempotencyKey } from '../api/idempotency';
import { boardKeys, useBoardPicker, useCreateBoard } from '../boards/queries';
import { FieldError } from '../components/FieldError';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { BoardPickerList } from '../saving/BoardPickerList';
import { SectionPickerList } from '../saving/SectionPickerList';
import { pinHref } from '../saving/success';
import { useToast } from '../toast/toastContext';
import { createPins } from './api';
import { ImageDrop } from './ImageDrop';
import { builderStatus, readyUploads } from './images';
import { useBuilderImages } from './useBuilderImages';
import { useBuilderGate } from './useBuilderGate';
import { notePinCreated } from '../upsells/afterCreate';

const SUCCESS_TOAST_MS = 4000;

/**
 * `/pin-builder/` (saving-boards-ads.md sections 3, 6 and 9): pins made from uploaded images.
 * What shows is what the gating (contracts pin-builder.ts) answers for this viewer: a visitor is
 * asked to log in, pin creation switched off shows a message instead of the form, and several
 * images at once only where multi-pin is on. `?scenario=` names the builder's scenario.
 */
export function PinBuilderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const scenario = pinBuilderScenario(params.get('scenario'));
  const builder = useBuilderGate(scenario);
  useDocumentTitle(t('titles.pinBuilder'));

  if (builder.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('pinBuilder.loading')} />
      </div>
    );
  }
  const { gate } = builder;
  if (gate.loginRequired) {
    return (
      <div className="page">
        <StatusView
          title={t('pinBuilder.loginRequired')}
          action={
            <Link className="button button--primary" to={`/login?next=${encodeURIComponent('/pin-builder/')}`}>
              {t('common.logIn')}
            </Link>
          }
        />
      </div>
    );
  }
  if (!gate.canCreate) {
    return (
      <div className="page">
        <StatusView role="alert" title={t('pinBuilder.creationDisabledTitle')} body={t('errors.pin_creation_disabled')} />
      </div>
    );
  }
  return <Builder gate={gate} scenario={scenario} />;
}

function Builder({ gate, scenario }: { gate: PinBuilderGate; scenario: PinBuilderScenario }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { advertiser } = useActingAs();
  const advertiserId = advertiser?.id;
  const images = useBuilderImages({ scenario, advertiserId });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [link, setLink] = useState('');
  const [altText, setAltText] = useState('');
  const [ratio, setRatio] = useState<PinAspectRatio>('2:3');
  const [board, setBoard] = useState<PickerBoard | null>(null);
  const [section, setSection] = useState<Section | null>(null);
  const [picking, setPicking] = useState<'board' | 'section' | null>(null);
  const [missingBoard, setMissingBoard] = useState(false);
  const [created, setCreated] = useState<SavedPin[] | null>(null);
  const key = useRef(idempotencyKey('pin-builder'));
  const picker = useBoardPicker(picking !== null);
  const createBoard = useCreateBoard();

  const save = useMutation({
    mutationFn: (ids: string[]) =>
      createPins(
        {
          board_id: board!.id,
          ...(section ? { section_id: section.id } : {}),
          media_upload_ids: ids,
          ...(title.trim() ? { title } : {}),
          ...(description.trim() ? { description } : {}),
          ...(link.trim() ? { link: link.trim() } : {}),
          ...(altText.trim() ? { alt_text: altText } : {}),
          ...(advertiserId ? { advertiser_id: advertiserId } : {}),
          scenario,
        },
        key.current,
      ),
    onSuccess: async ({ pins }) => {
      setCreated(pins);
      key.current = idempotencyKey('pin-builder');
      await queryClient.invalidateQueries({ queryKey: boardKeys.all });
      // The extension upsell may follow, in its pin-builder variant (upsells/, on the next page too).
      if (pins[0]) notePinCreated({ pin: pins[0], variant: 'pin_builder' });
      // One pin opens its page; several stay here, each with its link.
      if (pins.length === 1) {
        toast.show({ message: t('pinBuilder.status.succeeded'), durationMs: SUCCESS_TOAST_MS, link: pinHref(pins[0]!.id) });
        void navigate(pinHref(pins[0]!.id));
      }
    },
  });

  const status = builderStatus(images.list, save.isPending, created !== null);
  const uploads = readyUploads(images.list);
  const uploading = images.list.find((i) => i.state === 'uploading');

  const publish = (event: FormEvent) => {
    event.preventDefault();
    if (!board) {
      setMissingBoard(true);
      return;
    }
    if (!uploads || save.isPending) return;
    save.mutate(uploads);
  };

  const pickBoard = (chosen: PickerBoard) => {
    setBoard(chosen);
    setSection(null);
    setMissingBoard(false);
    setPicking(chosen.section_count > 0 ? 'section' : null);
  };

  if (created && created.length > 1) {
    return (
      <div className="page pin-builder">
        <StatusView
          role="status"
          title={t('pinBuilder.status.succeededMany', { count: created.length })}
          action={
            <ul className="pin-builder__created">
              {created.map((pin, n) => (
                <li key={pin.id}>
                  <Link to={pinHref(pin.id)}>{t('pinBuilder.seePin', { n: n + 1 })}</Link>
                </li>
              ))}
            </ul>
          }
        />
      </div>
    );
  }

  return (
    <div className="page pin-builder">
      <h1 className="pin-builder__heading">{t('pinBuilder.heading')}</h1>
      <p className="pin-builder__status" role="status" aria-live="polite">
        {status === 'idle' ? '' : status === 'uploading' && uploading?.state === 'uploading' ? t('pinBuilder.status.uploading', { percent: images.percentOf(uploading) }) : t(`pinBuilder.status.${status}`)}
      </p>
      <form className="pin-builder__layout" onSubmit={publish} noValidate>
        <ImageDrop images={images} multiPin={gate.multiPin} ratio={ratio} />
        <div className="pin-builder__details">
          <fieldset className="pin-builder__ratios">
            <legend>{t('pinBuilder.aspectRatio')}</legend>
            {PIN_ASPECT_RATIOS.map((r) => (
              <label key={r} className="pin-builder__ratio">
                <input type="radio" name={`${id}-ratio`} value={r} checked={ratio === r} onChange={() => setRatio(r)} />
                {r}
              </label>
            ))}
          </fieldset>
          <CountedField id={`${id}-title`} label={t('pinBuilder.title')} placeholder={t('pinBuilder.titlePlaceholder')} value={title} max={PIN_BUILDER_TITLE_MAX} onChange={setTitle} />
          <CountedField id={`${id}-description`} label={t('pinBuilder.description')} placeholder={t('pinBuilder.descriptionPlaceholder')} value={description} max={PIN_BUILDER_DESCRIPTION_MAX} onChange={setDescription} multiline />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-link`}>
              {t('pinBuilder.link')}
            </label>
            <input id={`${id}-link`} className="field__input" type="url" inputMode="url" placeholder={t('pinBuilder.linkPlaceholder')} maxLength={PIN_LINK_MAX_LENGTH} value={link} onChange={(e) => setLink(e.target.value)} />
          </div>
          <CountedField id={`${id}-alt`} label={t('pinBuilder.altText')} placeholder={t('pinBuilder.altTextPlaceholder')} value={altText} max={PIN_BUILDER_ALT_TEXT_MAX} onChange={setAltText} multiline />

          <div className="pin-builder__board">
            <span className="field__label" id={`${id}-board`}>
              {t('pinBuilder.board')}
            </span>
            <button
              type="button"
              className="button button--secondary pin-builder__board-button"
              aria-labelledby={`${id}-board ${id}-board-value`}
              aria-expanded={picking !== null}
              aria-invalid={missingBoard || undefined}
              aria-describedby={missingBoard ? `${id}-board-error` : undefined}
              onClick={() => setPicking(picking ? null : 'board')}
            >
              <span id={`${id}-board-value`}>{board ? (section ? t('pinBuilder.boardAndSection', { section: section.title, board: board.name }) : board.name) : t('pinBuilder.chooseBoard')}</span>
            </button>
            {missingBoard ? <FieldError id={`${id}-board-error`}>{t('pinBuilder.boardRequired')}</FieldError> : null}
            {picking === 'board' ? (
              <div className="pin-builder__picker">
                <BoardPickerList
                  data={picker.data}
                  loading={picker.isPending}
                  failed={picker.isError}
                  onRetry={() => void picker.refetch()}
                  onPick={pickBoard}
                  onCreate={(name) =>
                    createBoard.mutate({ name, ...(advertiserId ? { advertiser_id: advertiserId } : {}) }, { onSuccess: (made) => pickBoard({ ...made, section_count: 0 }) })
                  }
                  savingBoardId={null}
                  focusSearch
                  actionLabel={t('pinBuilder.select')}
                />
              </div>
            ) : null}
            {picking === 'section' && board ? (
              <div className="pin-builder__picker">
                <SectionPickerList
                  board={board}
                  hideCreate
                  saving={null}
                  actionLabel={t('pinBuilder.select')}
                  onCreate={() => undefined}
                  onPick={(chosen) => {
                    setSection(chosen);
                    setPicking(null);
                  }}
                />
              </div>
            ) : null}
          </div>

          {save.isError ? (
            <p className="pin-builder__error" role="alert">
              {isApiError(save.error) ? t(`errors.${save.error.code}`, { defaultValue: save.error.message }) : t('errors.generic')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary pin-builder__publish" disabled={!uploads || save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? <Spinner label={t('pinBuilder.status.saving')} /> : t('pinBuilder.publish')}
          </button>
        </div>
      </form>
    </div>
  );
}

interface CountedFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  multiline?: boolean;
}

/** A text field with its character counter (section 9's limits: title 100, description 500). */
function CountedField({ id, label, placeholder, value, max, onChange, multiline = false }: CountedFieldProps) {
  const { t } = useTranslation();
  const counterId = `${id}-count`;
  const props = { id, className: 'field__input', placeholder, value, maxLength: max, 'aria-describedby': counterId };
  // Announced only near the limit: a count read at every keystroke would drown the typing.
  const near = value.length >= max - 10;
  return (
    <div className="field pin-builder__counted">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea {...props} rows={3} onChange={(e) => onChange(e.target.value)} /> : <input {...props} type="text" onChange={(e) => onChange(e.target.value)} />}
      <span id={counterId} className="pin-builder__counter" aria-live={near ? 'polite' : 'off'}>
        {t('pinBuilder.counter', { count: value.length, max })}
      </span>
    </div>
  );
}
