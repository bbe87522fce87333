import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consolePath, type Advertiser, type AdvertiserMember } from '@pinhive/contracts';
import { loginPathFor, profilePath } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { TextField } from '../components/TextField';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { useActingAs } from './actingContext';
import { BUSINESS_ACCESS_PATH, BUSINESS_CREATE_PATH } from './paths';
import { useAddAdvertiserMember, useAdvertiserMembers, useAdvertisers, useRemoveAdvertiserMember } from './queries';
import { MEMBER_USERNAME_MAX_LENGTH, memberUsername, memberUsernameProblem } from './rules';
import { useAdvertiserErrorText } from './useAdvertiserErrorText';

/** How long the page's confirmations (added, removed, left, acting) stay. */
const ACCESS_TOAST_MS = 5000;

/**
 * `/business/access`: the advertisers the viewer owns or acts for. An owned one lists its people
 * (owner first), adds someone by username (the server's refusals at the field) and removes them;
 * one they act for can be left. Each can be chosen to act for, as in the account menu. A visitor
 * goes to the log-in page, which comes back here.
 */
export function BusinessAccessPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  useDocumentTitle(t('titles.businessAccess'));
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(BUSINESS_ACCESS_PATH)} replace />;
  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('advertisers.access.loading')} />
      </div>
    );
  }
  // Keyed by the account: a switch to another one starts the page afresh.
  return <AccessView key={viewer.user.id} userId={viewer.user.id} />;
}

function AccessView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const list = useAdvertisers(userId);
  const [params] = useSearchParams();
  const opened = params.get('advertiser');
  const title = useRef<HTMLHeadingElement>(null);
  const advertisers = list.data ?? [];
  const owned = advertisers.filter((advertiser) => advertiser.role === 'owner');

  // A card that went away (the viewer left it) took the focus with it: it waits on the title.
  const shown = useRef(advertisers.length);
  useEffect(() => {
    const fewer = advertisers.length < shown.current;
    shown.current = advertisers.length;
    if (fewer && (document.activeElement === null || document.activeElement === document.body)) title.current?.focus();
  }, [advertisers.length]);

  let body;
  if (list.isPending) {
    body = <StatusView role="status" visual={<Spinner size="large" />} title={t('advertisers.access.loading')} />;
  } else if (list.isError) {
    body = (
      <div className="business__state" role="alert">
        <p>{t('advertisers.access.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  } else if (advertisers.length === 0) {
    body = (
      <div className="business__state">
        <p>{t('advertisers.access.empty')}</p>
        <Link to={BUSINESS_CREATE_PATH} className="button button--primary">
          {t('advertisers.access.create')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="business__list">
        {advertisers.map((advertiser) => (
          <li key={advertiser.id}>
            <AdvertiserCard advertiser={advertiser} userId={userId} open={advertiser.id === opened || (owned.length === 1 && advertiser.role === 'owner')} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page page--business">
      <div className="business">
        <header className="business__header">
          <h1 className="business__title" ref={title} tabIndex={-1}>
            {t('advertisers.access.title')}
          </h1>
          <p className="business__intro">{t('advertisers.access.intro')}</p>
          {advertisers.length > 0 ? (
            <Link to={BUSINESS_CREATE_PATH} className="button button--secondary business__create">
              {t('advertisers.access.create')}
            </Link>
          ) : null}
        </header>
        {body}
      </div>
    </div>
  );
}

interface CardProps {
  advertiser: Advertiser;
  userId: string;
  /** Its people show at first (the one just created, or the viewer's only one). */
  open: boolean;
}

function AdvertiserCard({ advertiser, userId, open }: CardProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const acting = useActingAs();
  const current = acting.advertiser?.id === advertiser.id;
  const owner = advertiser.role === 'owner';

  const actFor = () => {
    acting.choose(current ? null : advertiser);
    toast.show({ message: current ? t('advertisers.menu.nowYourself') : t('advertisers.menu.nowActing', { name: advertiser.name }), durationMs: ACCESS_TOAST_MS });
  };

  return (
    <section className="settings-card business-card" aria-labelledby={`${id}-name`}>
      <div className="business-card__head">
        <h2 className="settings-card__title" id={`${id}-name`}>
          {advertiser.name}
        </h2>
        <span className="business-card__role">{owner ? t('advertisers.access.owner') : t('advertisers.access.member')}</span>
        {current ? <span className="business-card__acting">{t('advertisers.access.actingNow')}</span> : null}
      </div>
      <div className="business-card__actions">
        <button type="button" className="button button--secondary" onClick={actFor}>
          {current ? t('advertisers.access.actAsYourself') : t('advertisers.access.actFor', { name: advertiser.name })}
        </button>
        <Link to={consolePath('overview', { advertiserId: advertiser.id })} className="button button--secondary" aria-label={t('advertisers.access.openConsoleNamed', { advertiser: advertiser.name })}>
          {t('advertisers.access.openConsole')}
        </Link>
        {owner ? null : <LeaveButton advertiser={advertiser} userId={userId} />}
      </div>
      {owner ? <People advertiser={advertiser} userId={userId} initiallyOpen={open} /> : null}
    </section>
  );
}

/** The owner's view of who may act for the advertiser: a disclosure with the list and the add form. */
function People({ advertiser, userId, initiallyOpen }: { advertiser: Advertiser; userId: string; initiallyOpen: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const members = useAdvertiserMembers(userId, advertiser.id, open);
  const field = useRef<HTMLInputElement>(null);
  const count = members.data?.length ?? advertiser.member_count;

  return (
    <div className="business-people">
      <button type="button" className="business-people__toggle" aria-expanded={open} aria-controls={`${id}-people`} onClick={() => setOpen((now) => !now)}>
        <svg className="business-people__chevron" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{t('advertisers.access.people', { count })}</span>
      </button>
      <div id={`${id}-people`} hidden={!open} className="business-people__panel">
        {!open ? null : members.isPending ? (
          <Spinner label={t('advertisers.access.peopleLoading')} />
        ) : members.isError ? (
          <p role="alert">
            {t('advertisers.access.peopleFailed')}{' '}
            <button type="button" className="text-link" onClick={() => void members.refetch()}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : (
          <ul className="business-people__list" aria-label={t('advertisers.access.peopleTitle', { name: advertiser.name })}>
            {members.data.map((member) => (
              <MemberRow key={member.user_id} member={member} advertiser={advertiser} userId={userId} afterRemove={() => field.current?.focus()} />
            ))}
          </ul>
        )}
        {open ? <AddMemberForm advertiser={advertiser} userId={userId} field={field} /> : null}
      </div>
    </div>
  );
}

function MemberRow({ member, advertiser, userId, afterRemove }: { member: AdvertiserMember; advertiser: Advertiser; userId: string; afterRemove: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useAdvertiserErrorText();
  const remove = useRemoveAdvertiserMember(userId, advertiser.id);
  const name = member.full_name.trim() || member.username;
  const isOwner = member.role === 'owner';

  // The row goes away with the answer (and with it mutate's own callbacks): the promise says how it went.
  const onRemove = () => {
    if (remove.isPending) return;
    remove.mutateAsync(member.user_id).then(
      () => {
        toast.show({ message: t('advertisers.access.removed', { name, advertiser: advertiser.name }), durationMs: ACCESS_TOAST_MS });
        afterRemove();
      },
      (error: unknown) => toast.show({ message: errorText(error), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    );
  };

  return (
    <li className="business-people__person">
      <Avatar name={name} imageUrl={null} size="small" />
      <span className="business-people__who">
        <Link to={profilePath(member.username)} className="text-link">
          {name}
        </Link>
        {member.user_id === userId ? <span className="business-people__you"> {t('advertisers.access.you')}</span> : null}
        <span className="business-people__role">{isOwner ? t('advertisers.access.ownerRole') : t('advertisers.access.memberRole')}</span>
      </span>
      {isOwner ? null : (
        <button
          type="button"
          className="button button--secondary business-people__remove"
          aria-label={t('advertisers.access.removeNamed', { name, advertiser: advertiser.name })}
          aria-disabled={remove.isPending || undefined}
          aria-busy={remove.isPending || undefined}
          onClick={onRemove}
        >
          {remove.isPending ? <Spinner /> : null}
          <span>{t('advertisers.access.remove')}</span>
        </button>
      )}
    </li>
  );
}

/** Add someone by username: the client's rule first, then the server's refusals at the field (unknown username, full, ...). */
function AddMemberForm({ advertiser, userId, field }: { advertiser: Advertiser; userId: string; field: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const errorText = useAdvertiserErrorText();
  const add = useAddAdvertiserMember(userId, advertiser.id);
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof memberUsernameProblem>>(null);

  const clientMessage =
    problem === 'required' ? t('advertisers.access.usernameRequired') : problem === 'tooLong' ? t('advertisers.access.usernameTooLong', { maxLength: MEMBER_USERNAME_MAX_LENGTH }) : null;
  const message = clientMessage ?? (add.isError ? errorText(add.error) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = memberUsernameProblem(username);
    setProblem(found);
    if (found) {
      field.current?.focus();
      return;
    }
    add.mutate(memberUsername(username), {
      onSuccess: (member) => {
        setUsername('');
        toast.show({ message: t('advertisers.access.added', { name: member.full_name.trim() || member.username, advertiser: advertiser.name }), durationMs: ACCESS_TOAST_MS });
        field.current?.focus();
      },
      onError: () => field.current?.focus(),
    });
  };

  return (
    <form className="business-people__add" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 className="business-people__title" id={`${id}-title`}>
        {t('advertisers.access.addTitle')}
      </h3>
      <p className="business-people__hint" id={`${id}-hint`}>
        {t('advertisers.access.usernameHint', { advertiser: advertiser.name })}
      </p>
      <div className="business-people__row">
        <TextField
          ref={field}
          id={`${id}-username`}
          label={t('advertisers.access.username')}
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MEMBER_USERNAME_MAX_LENGTH * 2}
          describedBy={`${id}-hint`}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(null);
            if (add.isError) add.reset();
          }}
          error={message}
        />
        <button type="submit" className="button button--primary business-people__submit" aria-disabled={add.isPending || undefined} aria-busy={add.isPending || undefined}>
          {add.isPending ? <Spinner /> : null}
          <span>{t('advertisers.access.add')}</span>
        </button>
      </div>
    </form>
  );
}

/** "Leave", after a confirmation: the viewer can no longer act for the advertiser (and acts as themself if they did). */
function LeaveButton({ advertiser, userId }: { advertiser: Advertiser; userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useAdvertiserErrorText();
  const [asking, setAsking] = useState(false);
  const leave = useRemoveAdvertiserMember(userId, advertiser.id);

  // The card goes away with the list's new answer (and with it mutate's own callbacks): the
  // promise says how it went; the page's title then takes the focus (AccessView).
  const onLeave = () => {
    leave.mutateAsync(userId).then(
      () => {
        setAsking(false);
        toast.show({ message: t('advertisers.access.left', { advertiser: advertiser.name }), durationMs: ACCESS_TOAST_MS });
      },
      (error: unknown) => toast.show({ message: errorText(error), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    );
  };

  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" aria-label={t('advertisers.access.leaveNamed', { advertiser: advertiser.name })} onClick={() => setAsking(true)}>
        {t('advertisers.access.leave')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('advertisers.access.leaveTitle', { advertiser: advertiser.name })}
          body={t('advertisers.access.leaveConfirm', { advertiser: advertiser.name })}
          cancelLabel={t('advertisers.access.cancel')}
          confirmLabel={t('advertisers.access.leaveYes')}
          pending={leave.isPending}
          onConfirm={onLeave}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
