import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FollowListItem, Pin } from '@pinhive/contracts';
import { idempotencyKey } from '../api/idempotency';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { serverErrorText } from '../boards/rules';
import { Avatar } from '../components/Avatar';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { useFollowList } from '../follows/queries';
import { useFetchMoreIn } from '../follows/useFetchMoreIn';
import { sendPin } from './api';
import { matchesPerson, pinShareUrl } from './share';

/** The sheet's one status line (visible, and announced: `role="status"`). */
type Announce = (message: string) => void;

/**
 * A pin's share sheet (`/pin/{id}/?share=true`, issue 23): "Copy link" (with the link shown to
 * copy by hand when the browser refuses the clipboard), the system's share sheet where the
 * browser has one (`navigator.share`), and "Send to": the people the viewer follows, searchable,
 * each with a Send button. A modal dialog: the focus stays inside, Escape closes it.
 */
export function ShareSheet({ pin, onClose }: { pin: Pin; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [status, setStatus] = useState('');
  const url = pinShareUrl(window.location.origin, pin.id);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="dialog--share">
      <h2 className="share__title" id={titleId}>
        {t('share.title')}
      </h2>
      <ShareLink url={url} title={pin.title.trim() || t('pins.untitled')} announce={setStatus} />
      <p className="share__status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      <SendTo pin={pin} announce={setStatus} />
    </Dialog>
  );
}

function ShareLink({ url, title, announce }: { url: string; title: string; announce: Announce }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  // Only where the browser has a system share sheet (most phones; not every desktop browser).
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      // Absent outside secure pages; refused when the page has no permission: both fall back.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setRefused(false);
      announce(t('share.copied'));
    } catch {
      setRefused(true);
      announce(t('share.copyRefused'));
      // The link, selected, for Ctrl+C or the phone's own Copy.
      requestAnimationFrame(() => field.current?.select());
    }
  };

  const systemShare = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the system sheet is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) announce(t('share.systemFailed'));
    }
  };

  return (
    <div className="share__link">
      <div className="share__buttons">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('share.copy')}
        </button>
        {canShare ? (
          <button type="button" className="button button--secondary" onClick={() => void systemShare()}>
            {t('share.system')}
          </button>
        ) : null}
      </div>
      {refused ? (
        <div className="field share__fallback">
          <label className="field__label" htmlFor={fieldId}>
            {t('share.linkLabel')}
          </label>
          <input id={fieldId} ref={field} className="field__input" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
    </div>
  );
}

function SendTo({ pin, announce }: { pin: Pin; announce: Announce }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const headingId = useId();

  return (
    <section className="share__send" aria-labelledby={headingId}>
      <h3 className="share__subtitle" id={headingId}>
        {t('share.sendTo')}
      </h3>
      {viewer.status === 'authenticated' ? (
        <FollowedPeople viewerId={viewer.user.id} pin={pin} announce={announce} />
      ) : viewer.status === 'anonymous' ? (
        <p className="share__note">
          <Link className="text-link" to={loginPathFor(`/pin/${pin.id}/?share=true`)}>
            {t('share.logInToSend')}
          </Link>
        </p>
      ) : (
        <Spinner label={t('share.peopleLoading')} />
      )}
    </section>
  );
}

/** Whom the viewer follows, newest first, filtered by what is typed; more pages as the list's end comes near (or while a search finds few). */
function FollowedPeople({ viewerId, pin, announce }: { viewerId: string; pin: Pin; announce: Announce }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [term, setTerm] = useState('');
  const query = useFollowList({ kind: 'userFollowing', userId: viewerId });
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = people.filter((person) => matchesPerson(person, term));
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLUListElement>(null);
  useFetchMoreIn(scroller, end, query, shown.length);

  if (query.isPending) return <Spinner size="large" label={t('share.peopleLoading')} />;
  if (query.isError && people.length === 0) {
    return (
      <div role="alert" className="share__note">
        <p>{t('share.peopleFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (people.length === 0) return <p className="share__note">{t('share.followNobody')}</p>;

  return (
    <>
      <div className="field share__search">
        <label className="field__label visually-hidden" htmlFor={searchId}>
          {t('share.searchLabel')}
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('share.searchPlaceholder')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      <div className="share__people" ref={scroller}>
        <ul className="share__list" ref={end} aria-label={t('share.peopleLabel')}>
          {shown.map((person) => (
            <SendRow key={person.id} person={person} pinId={pin.id} announce={announce} />
          ))}
        </ul>
        {shown.length === 0 && !query.hasNextPage ? <p className="share__note">{t('share.noMatch', { term: term.trim() })}</p> : null}
        {query.isFetchingNextPage ? <Spinner label={t('share.peopleLoadingMore')} /> : null}
      </div>
    </>
  );
}

function SendRow({ person, pinId, announce }: { person: FollowListItem; pinId: string; announce: Announce }) {
  const { t } = useTranslation();
  const name = person.full_name || person.username;
  const send = useMutation({
    // One key per press: the client's own retries of this press (a refreshed session) are one send.
    mutationFn: () => sendPin(pinId, person.id, idempotencyKey('send')),
    onSuccess: () => announce(t('share.sent', { name })),
    onError: (error) => announce(serverErrorText(error, t('share.sendFailed', { name }))),
  });

  let label = t('share.send');
  if (send.isPending) label = t('share.sending');
  else if (send.isSuccess) label = t('share.sentShort');

  return (
    <li className="share__person">
      <Avatar name={name} imageUrl={person.image_medium_url} size="medium" />
      <span className="share__names">
        <span className="share__name">{name}</span>
        <span className="share__handle">{t('profile.handle', { username: person.username })}</span>
      </span>
      <button
        type="button"
        className={`button ${send.isSuccess ? 'button--secondary' : 'button--primary'} share__send-button`}
        aria-label={send.isSuccess ? t('share.sentTo', { name }) : t('share.sendToName', { name })}
        aria-busy={send.isPending || undefined}
        // Not `disabled`: the focus stays on the button while it sends and once it has sent.
        aria-disabled={send.isPending || send.isSuccess || undefined}
        onClick={() => {
          if (!send.isPending && !send.isSuccess) send.mutate();
        }}
      >
        {send.isPending ? <Spinner /> : null}
        {label}
      </button>
    </li>
  );
}
