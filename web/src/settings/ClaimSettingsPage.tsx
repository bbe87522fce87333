import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteClaimOptionsSchema, userSettingsUpdateSchema, type SiteClaim, type UserSettings } from '@pinhive/contracts';
import { isApiError } from '../api/apiError';
import { fetchUserSettings, saveUserSettings, userSettingsKey } from '../api/userSettings';
import { busyProps } from '../components/busy';
import { CopyButton } from '../components/CopyButton';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { TextField } from '../components/TextField';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { CLAIM_SETTINGS_PATH } from './paths';
import { SettingsPage } from './SettingsPage';
import { claimSite, fetchSiteClaims, removeSiteClaim, siteClaimsKey, verifySite, withClaim, withoutClaim } from './siteClaims';

/**
 * `/settings/claim/`: "Claimed websites", where a person lists their website (`POST
 * /v3/users/settings/`), checked as a URL here and by auth, and shown back. The connect-account
 * upsell leads here. Below it, "Verify your website": the verified-domain claims (SiteClaimResource),
 * each with its meta tag to copy and its "Verify" (docs/decisions/site-claims.md).
 */
export function ClaimSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.claim'));
  return (
    <SettingsPage path={CLAIM_SETTINGS_PATH} title={t('claim.title')} intro={t('claim.intro')} loading={t('claim.loading')}>
      {/* Keyed by the account: a switch to another one starts the form afresh. */}
      {(user) => (
        <>
          <ListedWebsite key={user.id} userId={user.id} />
          <SiteVerification key={`sites-${user.id}`} userId={user.id} />
        </>
      )}
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

/** A refusal as the claim's alert shows it: the server's message and, when it gave one, why. */
function failureText(err: unknown, fallback: string): string {
  if (!isApiError(err) || err.http_status === 0 || err.http_status >= 500) return fallback;
  return [err.message, err.message_detail].filter(Boolean).join(' ');
}

/**
 * "Verify your website": claim a site (its domain, normalised as the server does), copy the meta
 * tag it gives onto the site's home page, then "Verify". Each claim shows its state: pending,
 * verifying (the button busy), verified, failed (the reason, in an alert), and, once removed, a
 * status saying so.
 */
function SiteVerification({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const claims = useQuery({ queryKey: siteClaimsKey(userId), queryFn: ({ signal }) => fetchSiteClaims(signal), staleTime: 0 });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const claim = useMutation({
    mutationFn: claimSite,
    onSuccess: (made) => {
      queryClient.setQueryData<SiteClaim[]>(siteClaimsKey(userId), (old) => withClaim(old ?? [], made));
      setValue('');
      setStatus(t('claim.site.claimed', { domain: made.domain }));
    },
    onError: (err) => {
      setStatus(null);
      setError(failureText(err, t('claim.site.claimFailed')));
      input.current?.focus();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (claim.isPending) return;
    setStatus(null);
    const parsed = siteClaimOptionsSchema.safeParse({ domain: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('claim.site.claimFailed'));
      input.current?.focus();
      return;
    }
    setError(null);
    claim.mutate(parsed.data.domain);
  };

  const list = claims.data ?? [];
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <h2 className="settings-card__title" id={`${id}-title`}>
        {t('claim.site.title')}
      </h2>
      <p className="settings-card__about">{t('claim.site.intro')}</p>
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <TextField
          id={`${id}-domain`}
          ref={input}
          label={t('claim.site.label')}
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('claim.site.placeholder')}
          value={value}
          error={error ?? undefined}
          describedBy={`${id}-hint`}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          after={
            <p className="field__hint" id={`${id}-hint`}>
              {t('claim.site.hint')}
            </p>
          }
        />
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" {...busyProps(claim.isPending)}>
            {claim.isPending ? <Spinner /> : null}
            <span>{claim.isPending ? t('claim.site.claiming') : t('claim.site.claim')}</span>
          </button>
        </div>
        <div role="status">{status ? <p className="settings-card__status">{status}</p> : null}</div>
      </form>
      <h3 className="settings-card__subtitle" id={`${id}-list`}>
        {t('claim.site.listTitle')}
      </h3>
      {claims.isPending ? (
        <StatusView role="status" visual={<Spinner />} title={t('claim.site.loading')} />
      ) : claims.isError ? (
        <div role="alert">
          <p>{t('claim.site.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void claims.refetch()}>
            {t('claim.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p>{t('claim.site.none')}</p>
      ) : (
        <ul className="site-claims" aria-labelledby={`${id}-list`}>
          {list.map((site) => (
            <SiteClaimItem key={site.domain} userId={userId} claim={site} onRemoved={(domain) => setStatus(t('claim.site.removed', { domain }))} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SiteClaimItem({ userId, claim, onRemoved }: { userId: string; claim: SiteClaim; onRemoved: (domain: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const verified = claim.status === 'verified';

  const verify = useMutation({
    mutationFn: () => verifySite(claim.domain),
    onMutate: () => {
      setFailure(null);
      setStatus(null);
    },
    onSuccess: (done) => {
      queryClient.setQueryData<SiteClaim[]>(siteClaimsKey(userId), (old) => withClaim(old ?? [], done));
      setStatus(t('claim.site.verifiedNow', { domain: done.domain }));
    },
    onError: (err) => setFailure(failureText(err, t('claim.site.verifyFailed'))),
  });
  const remove = useMutation({
    mutationFn: () => removeSiteClaim(claim.domain),
    onMutate: () => setFailure(null),
    onSuccess: (gone) => {
      // Announced by the section (this item leaves the page).
      onRemoved(gone.domain);
      queryClient.setQueryData<SiteClaim[]>(siteClaimsKey(userId), (old) => withoutClaim(old ?? [], gone.domain));
    },
    onError: (err) => setFailure(failureText(err, t('claim.site.removeFailed', { domain: claim.domain }))),
  });
  const busy = verify.isPending || remove.isPending;

  return (
    <li className="site-claim">
      <h4 className="site-claim__domain">{claim.domain}</h4>
      <p className={`site-claim__state${verified ? ' site-claim__state--verified' : ''}`}>{verified ? t('claim.site.verified') : t('claim.site.pending')}</p>
      {verified ? null : (
        <>
          <p id={`${id}-tag-intro`}>{t('claim.site.tagIntro')}</p>
          <code className="site-claim__tag" aria-describedby={`${id}-tag-intro`}>
            {claim.meta_tag}
          </code>
          <CopyButton text={claim.meta_tag} label={t('claim.site.copy')} />
        </>
      )}
      <div className="settings-form__actions">
        {verified ? null : (
          <button
            type="button"
            className="button button--primary"
            {...busyProps(verify.isPending)}
            onClick={() => !busy && verify.mutate()}
          >
            {verify.isPending ? <Spinner /> : null}
            <span>{verify.isPending ? t('claim.site.verifying') : t('claim.site.verify')}</span>
            <span className="visually-hidden"> {claim.domain}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          {...busyProps(remove.isPending)}
          onClick={() => !busy && remove.mutate()}
        >
          {t('claim.site.remove')}
          <span className="visually-hidden"> {claim.domain}</span>
        </button>
      </div>
      {/* Live regions stay in the page, so that what is put into them is announced. */}
      <div role="alert">{failure ? <p className="site-claim__failure">{failure}</p> : null}</div>
      <div role="status">{status ? <p className="settings-card__status">{status}</p> : null}</div>
    </li>
  );
}
