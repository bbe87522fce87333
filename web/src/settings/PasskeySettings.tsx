import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, type Passkey, type PasskeyList } from '@pinhive/contracts';
import { logOut } from '../api/auth';
import { busyProps } from '../components/busy';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { fetchPasskeys, removePasskey, renamePasskey } from '../passkeys/api';
import { addPasskey, webAuthnAvailable } from '../passkeys/ceremonies';
import { describePasskeyFailure, formatPasskeyDate, validatePasskeyName, type PasskeyFailure } from '../passkeys/passkeyMessages';
import { PasskeyIcon } from '../passkeys/PasskeyIcon';
import '../passkeys/passkeys.css';
import { useSessionEnded } from './useSessionEnded';

/** The passkeys of one account; the key carries its id so that another account never sees them. */
export const passkeysQueryKey = (userId: string) => ['passkeys', userId] as const;

/** The words of a failure (a session that ended is handled before this). */
function useFailureText() {
  const { t } = useTranslation();
  return (failure: PasskeyFailure | null): string => {
    if (!failure) return '';
    if (failure.kind === 'server') return failure.text;
    return failure.kind === 'message' ? t(`passkeys.messages.${failure.key}`) : t('passkeys.messages.generic');
  };
}

/**
 * Passkeys on the security page: the account's passkeys (`GET /v3/auth/passkeys/`) with their
 * names and dates, "Add a passkey" (the browser's prompt, then the server names it after the
 * device), renaming in place and removing after a confirmation. What each action did is said in
 * the section's status line, which takes the focus when the control that had it goes away.
 */
export function PasskeySettings({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const statusLine = useRef<HTMLParagraphElement>(null);
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  const [supported] = useState(webAuthnAvailable);
  const [announcement, setAnnouncement] = useState('');
  const [alert, setAlert] = useState<PasskeyFailure | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const query = useQuery({
    queryKey: passkeysQueryKey(userId),
    queryFn: ({ signal }) => fetchPasskeys(signal),
    staleTime: 0,
  });

  const { unauthorized, loggedOut } = useSessionEnded(query.error);
  // Adding a passkey needs a recent log-in: "Log in again" ends this session, and the page sends the person to log in (and back here).
  const relogin = useMutation({ mutationFn: logOut, onSettled: loggedOut });

  const focusStatus = () => window.setTimeout(() => statusLine.current?.focus(), 0);
  const show = (list: PasskeyList, said: string) => {
    queryClient.setQueryData(passkeysQueryKey(userId), list);
    setAnnouncement(said);
  };
  const fail = (error: unknown, where: 'add' | 'settings', sink: (failure: PasskeyFailure) => void) => {
    const failure = describePasskeyFailure(error, where);
    if (failure.kind === 'logged_out') loggedOut();
    else sink(failure);
  };

  const add = useMutation({
    mutationFn: () => addPasskey(),
    onMutate: () => {
      setAlert(null);
      setAnnouncement(t('passkeys.adding'));
    },
    onSuccess: (list) => {
      const before = new Set(query.data?.passkeys.map((p) => p.id));
      const added = list.passkeys.find((p) => !before.has(p.id)) ?? list.passkeys.at(-1);
      show(list, added ? t('passkeys.addedNamed', { name: added.name }) : '');
    },
    onError: (error) => {
      setAnnouncement('');
      fail(error, 'add', setAlert);
      // The list may have changed meanwhile (a passkey added elsewhere, the limit reached).
      void query.refetch();
    },
  });

  const list = query.data;
  const count = list?.passkeys.length ?? 0;
  const atLimit = list !== undefined && count >= list.max;
  const countText = !list ? '' : count === 0 ? t('passkeys.none') : t('passkeys.count', { count });
  const alertText = failureText(alert);
  // Then "Log in again" stands in for "Add a passkey", which would only be refused again.
  const reloginAsked = alert?.kind === 'message' && alert.key === 'recent_login_required';

  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <div className="settings-card__head">
        <h2 className="settings-card__title" id={headingId}>
          {t('passkeys.title')}
        </h2>
      </div>
      <p className="settings-card__about">{t('passkeys.about')}</p>
      {/* Always in the page, so that what an action did is announced. */}
      <p className="settings-card__status" role="status" ref={statusLine} tabIndex={-1}>
        {[announcement, countText].filter(Boolean).join(' ')}
      </p>
      {query.isPending ? <Spinner size="large" label={t('passkeys.loading')} /> : null}
      {query.isError && !unauthorized && !list ? (
        <div className="settings-card__error">
          <div className="form-alert" role="alert">
            {t('passkeys.loadFailed')}
          </div>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()} {...busyProps(query.isFetching)}>
            {query.isFetching ? <Spinner /> : null}
            <span>{t('common.tryAgain')}</span>
          </button>
        </div>
      ) : null}
      {list && count > 0 ? (
        <ul className="passkey-list" aria-label={t('passkeys.list')}>
          {list.passkeys.map((passkey) => (
            <li key={passkey.id} className="passkey-list__item">
              <div className="passkey-list__about">
                <span className="passkey-list__name">
                  <PasskeyIcon />
                  <span>{passkey.name}</span>
                  {passkey.backed_up ? <span className="badge">{t('passkeys.synced')}</span> : null}
                </span>
                <span className="passkey-list__dates">
                  {t('passkeys.added', { date: formatPasskeyDate(passkey.created_at, i18n.language) })}
                  {' · '}
                  {passkey.last_used_at ? t('passkeys.lastUsed', { date: formatPasskeyDate(passkey.last_used_at, i18n.language) }) : t('passkeys.neverUsed')}
                </span>
              </div>
              {renaming === passkey.id ? (
                <RenameForm
                  passkey={passkey}
                  onSaved={(next, name) => {
                    setRenaming(null);
                    show(next, t('passkeys.renamed', { name }));
                    focusStatus();
                  }}
                  onCancel={() => {
                    setRenaming(null);
                    window.setTimeout(() => renameButtons.current.get(passkey.id)?.focus(), 0);
                  }}
                  onLoggedOut={loggedOut}
                />
              ) : (
                <div className="passkey-list__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    ref={(el) => {
                      if (el) renameButtons.current.set(passkey.id, el);
                      else renameButtons.current.delete(passkey.id);
                    }}
                    aria-label={t('passkeys.renameLabel', { name: passkey.name })}
                    onClick={() => {
                      setAnnouncement('');
                      setRenaming(passkey.id);
                    }}
                  >
                    {t('passkeys.rename')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-haspopup="dialog"
                    aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                    onClick={() => setRemoving(passkey)}
                  >
                    {t('passkeys.remove')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {alertText ? (
        <div className="form-alert" role="alert">
          {alertText}
        </div>
      ) : null}
      {reloginAsked ? (
        <button type="button" className="button button--primary" onClick={() => relogin.mutate()} {...busyProps(relogin.isPending)}>
          {relogin.isPending ? <Spinner /> : null}
          <span>{t('passkeys.logInAgain')}</span>
        </button>
      ) : null}
      {list && atLimit ? <p className="settings-card__about">{t('passkeys.atLimit', { max: list.max })}</p> : null}
      {list && !atLimit && !supported ? <p className="settings-card__about">{t('passkeys.unsupportedHere')}</p> : null}
      {list && !atLimit && supported && !reloginAsked ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            if (!add.isPending) add.mutate();
          }}
          {...busyProps(add.isPending)}
        >
          {add.isPending ? <Spinner /> : <PasskeyIcon />}
          <span>{t('passkeys.add')}</span>
        </button>
      ) : null}
      {removing ? (
        <RemoveDialog
          passkey={removing}
          onRemoved={(next) => {
            setRemoving(null);
            show(next, t('passkeys.removed', { name: removing.name }));
            focusStatus();
          }}
          onClose={() => setRemoving(null)}
          onLoggedOut={loggedOut}
        />
      ) : null}
    </section>
  );
}

interface RenameFormProps {
  passkey: Passkey;
  onSaved: (list: PasskeyList, name: string) => void;
  onCancel: () => void;
  onLoggedOut: () => void;
}

/** A new name for one passkey, in place of its buttons; the field takes the focus when it opens. */
function RenameForm({ passkey, onSaved, onCancel, onLoggedOut }: RenameFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const failureText = useFailureText();
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<PasskeyFailure | null>(null);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const save = useMutation({
    mutationFn: (typed: string) => renamePasskey(passkey.id, typed),
    onSuccess: (list, typed) => onSaved(list, list.passkeys.find((p) => p.id === passkey.id)?.name ?? typed),
    onError: (failure) => {
      const outcome = describePasskeyFailure(failure, 'settings');
      if (outcome.kind === 'logged_out') onLoggedOut();
      // The server's word on the name (its rules are the contracts'): at the field.
      else if (outcome.kind === 'server') {
        setError(outcome.text);
        field.current?.focus();
      } else setAlert(outcome);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setAlert(null);
    const rule = validatePasskeyName(name, PASSKEY_NAME_MAX);
    if (rule) {
      setError(t(`passkeys.messages.${rule}`));
      field.current?.focus();
      return;
    }
    setError(null);
    save.mutate(name.trim());
  };

  const alertText = failureText(alert);
  return (
    <form className="settings-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      {alertText ? (
        <div className="form-alert" role="alert">
          {alertText}
        </div>
      ) : null}
      <TextField
        ref={field}
        id={`${id}-name`}
        name="passkey_name"
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX + 20}
        label={t('passkeys.nameField')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        error={error ?? undefined}
      />
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" {...busyProps(save.isPending)}>
          {save.isPending ? <Spinner /> : null}
          <span>{t('passkeys.save')}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}

interface RemoveDialogProps {
  passkey: Passkey;
  onRemoved: (list: PasskeyList) => void;
  onClose: () => void;
  onLoggedOut: () => void;
}

/** "Remove this passkey?": a modal confirmation; Cancel (first, and focused) keeps it. */
function RemoveDialog({ passkey, onRemoved, onClose, onLoggedOut }: RemoveDialogProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [alert, setAlert] = useState<PasskeyFailure | null>(null);
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    onSuccess: onRemoved,
    onError: (failure) => {
      const outcome = describePasskeyFailure(failure, 'settings');
      if (outcome.kind === 'logged_out') onLoggedOut();
      else setAlert(outcome);
    },
  });
  return (
    <ConfirmDialog
      title={t('passkeys.removeTitle')}
      body={t('passkeys.removeConfirm', { name: passkey.name })}
      cancelLabel={t('passkeys.cancel')}
      confirmLabel={t('passkeys.removeYes')}
      pending={remove.isPending}
      onConfirm={() => {
        setAlert(null);
        remove.mutate();
      }}
      onClose={onClose}
      alert={failureText(alert)}
    />
  );
}
