import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userSettingsUpdateSchema, type UserSettings } from '@pinhive/contracts';
import { isApiError } from '../api/apiError';
import { fetchUserSettings, saveUserSettings, userSettingsKey } from '../api/userSettings';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { TextField } from '../components/TextField';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { CLAIM_SETTINGS_PATH } from './paths';
import { SettingsPage } from './SettingsPage';

/**
 * `/settings/claim/`: "Claimed websites", where a person lists their website (`POST
 * /v3/users/settings/`), checked as a URL here and by auth, and shown back. The connect-account
 * upsell leads here; the verified-domain claim of a later issue adds its section to this page.
 */
export function ClaimSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.claim'));
  return (
    <SettingsPage path={CLAIM_SETTINGS_PATH} title={t('claim.title')} intro={t('claim.intro')} loading={t('claim.loading')}>
      {/* Keyed by the account: a switch to another one starts the form afresh. */}
      {(user) => <ListedWebsite key={user.id} userId={user.id} />}
    </SettingsPage>
  );
}

function ListedWebsite({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: userSettingsKey(userId), queryFn: ({ signal }) => fetchUserSettings(signal), staleTime: 0 });
  if (query.isPending) return <StatusView role="status" visual={<Spinner size="large" />} title={t('claim.loading')} />;
  if (query.isError) {
    return (
      <div className="settings-card" role="alert">
        <p>{t('claim.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('claim.retry')}
        </button>
      </div>
    );
  }
  return <WebsiteForm userId={userId} settings={query.data} />;
}

function WebsiteForm({ userId, settings }: { userId: string; settings: UserSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(settings.listed_website_url ?? '');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: saveUserSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(userSettingsKey(userId), saved);
      setValue(saved.listed_website_url ?? '');
      setStatus(saved.listed_website_url ? t('claim.saved') : t('claim.removed'));
    },
    onError: (err) => {
      // The server's own words for a refused address (the same schema as here); else a retry.
      if (isApiError(err) && err.field === 'listed_website_url') {
        setError(err.message);
        input.current?.focus();
      } else {
        setStatus(null);
        setError(t('claim.saveFailed'));
      }
    },
  });

  const submit = (listed: string) => {
    setStatus(null);
    const parsed = userSettingsUpdateSchema.safeParse({ listed_website_url: listed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('claim.saveFailed'));
      input.current?.focus();
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) submit(value);
  };

  const current = settings.listed_website_url;
  return (
    <section className="settings-card" aria-labelledby={`${id}-current`}>
      <h2 className="settings-card__title" id={`${id}-current`}>
        {t('claim.current')}
      </h2>
      <p className="claim__current">
        {current ? (
          <a className="text-link" href={current} target="_blank" rel="noopener noreferrer">
            {current}
          </a>
        ) : (
          t('claim.none')
        )}
      </p>
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <TextField
          id={`${id}-website`}
          ref={input}
          label={t('claim.label')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('claim.placeholder')}
          value={value}
          error={error ?? undefined}
          describedBy={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
          after={
            <p className="field__hint" id={`${id}-hint`}>
              {t('claim.hint')}
            </p>
          }
        />
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" {...busyProps(save.isPending)}>
            {save.isPending ? <Spinner /> : null}
            <span>{save.isPending ? t('claim.saving') : t('claim.save')}</span>
          </button>
          {current ? (
            <button type="button" className="button button--secondary" onClick={() => !save.isPending && submit('')}>
              {t('claim.remove')}
            </button>
          ) : null}
        </div>
        {/* The live region stays in the page, so the message put into it is announced. */}
        <div role="status">{status ? <p className="settings-card__status">{status}</p> : null}</div>
      </form>
    </section>
  );
}
