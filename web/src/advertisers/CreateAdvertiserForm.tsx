import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADVERTISER_NAME_MAX_LENGTH } from '@pinhive/contracts';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { useToast } from '../toast/toastContext';
import { BUSINESS_ACCESS_PATH, businessAccessPath } from './paths';
import { useCreateAdvertiser } from './queries';
import { advertiserNameProblem, failureField } from './rules';
import { useAdvertiserErrorText } from './useAdvertiserErrorText';

/** How long the "is ready" toast stays. */
const CREATED_TOAST_MS = 5000;

/**
 * `/business/create` for a signed-in viewer: a new advertiser, owned by them (its name: required,
 * at most ADVERTISER_NAME_MAX_LENGTH), then on to its access page to add the people who may act
 * for it (or on to `next`, a same-origin path the page checked: the business conversion route).
 * The server's refusals show at the name when it names the field, else above Create.
 */
export function CreateAdvertiserForm({ userId, next }: { userId: string; next?: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useAdvertiserErrorText();
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateAdvertiser(userId);
  const problem = advertiserNameProblem(name);
  const clientMessage =
    touched && problem === 'required' ? t('advertisers.create.nameRequired') : touched && problem === 'tooLong' ? t('advertisers.create.tooLong', { maxLength: ADVERTISER_NAME_MAX_LENGTH }) : null;
  const serverMessage = create.isError ? errorText(create.error) : null;
  const atField = create.isError && failureField(create.error) === 'name';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (create.isPending) return;
    if (problem) {
      field.current?.focus();
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (advertiser) => {
        toast.show({ message: t(next ? 'advertisers.create.createdNext' : 'advertisers.create.created', { name: advertiser.name }), durationMs: CREATED_TOAST_MS });
        void navigate(next ?? businessAccessPath(advertiser.id));
      },
      onError: (error) => {
        if (failureField(error) === 'name') field.current?.focus();
      },
    });
  };

  return (
    <section className="business" aria-labelledby={`${id}-title`}>
      <header className="business__header">
        <h1 className="business__title" id={`${id}-title`}>
          {t('advertisers.create.title')}
        </h1>
        <p className="business__intro">{t('advertisers.create.intro')}</p>
      </header>
      <form className="business__form" onSubmit={onSubmit} noValidate>
        <TextField
          ref={field}
          id={`${id}-name`}
          label={t('advertisers.create.name')}
          placeholder={t('advertisers.create.namePlaceholder')}
          value={name}
          autoComplete="organization"
          maxLength={ADVERTISER_NAME_MAX_LENGTH * 2}
          onChange={(event) => {
            setName(event.target.value);
            if (create.isError) create.reset();
          }}
          onBlur={() => {
            if (name.length > 0) setTouched(true);
          }}
          error={clientMessage ?? (atField ? serverMessage : undefined)}
        />
        {serverMessage && !atField ? (
          <p className="business__error" role="alert">
            {serverMessage}
          </p>
        ) : null}
        <div className="business__actions">
          <Link to={BUSINESS_ACCESS_PATH} className="text-link">
            {t('advertisers.create.seeAll')}
          </Link>
          <button type="submit" className="button button--primary" aria-disabled={create.isPending || undefined} aria-busy={create.isPending || undefined}>
            {create.isPending ? <Spinner /> : null}
            <span>{t('advertisers.create.submit')}</span>
          </button>
        </div>
      </form>
    </section>
  );
}
