import { useEffect } from 'react';
import { LoadFailedPage } from '../components/LoadFailedPage';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { inviteTokenSchema, SAVE_TOAST_MS } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { useAuthModal } from '../auth/authModalContext';
import { useViewer } from '../auth/viewer';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { boardHref, serverErrorText } from '../boards/rules';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useToast } from '../toast/toastContext';
import { useAnswerEmailInvite, useEmailInvite } from './queries';

/**
 * `/invite/board/:token`, the emailed link. Signed in: what it invites to, Accept and Decline
 * (the link binds to whoever holds it and is signed in). A visitor gets the log-in / sign-up card
 * in its board-invitation context; the page carries `?next=` to itself, so logging in or signing up
 * comes back here to answer.
 */
export function InviteLinkPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const viewer = useViewer();
  const auth = useAuthModal();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const wellFormed = inviteTokenSchema.safeParse(token).success;
  const invite = useEmailInvite(wellFormed ? token : '');
  const answer = useAnswerEmailInvite(token);
  useDocumentTitle(t('titles.invite'));

  const anonymous = viewer.status === 'anonymous';
  const hasNext = new URLSearchParams(location.search).has('next');
  useEffect(() => {
    if (anonymous && !hasNext) void navigate({ search: `?next=${encodeURIComponent(location.pathname)}` }, { replace: true });
  }, [anonymous, hasNext, location.pathname, navigate]);

  if (!wellFormed || isNotFound(invite.error)) {
    return (
      <div className="page">
        <StatusView
          role="alert"
          title={t('collaborators.link.invalid')}
          action={
            <Link to="/" className="button button--primary">
              {t('collaborators.link.home')}
            </Link>
          }
        />
      </div>
    );
  }
  if (invite.isError) {
    return (
      <LoadFailedPage title={t('errors.generic')} onRetry={() => void invite.refetch()} />
    );
  }
  if (!invite.data || viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('collaborators.link.loading')} />
      </div>
    );
  }

  const { board, inviter } = invite.data;
  const inviterName = inviter.full_name || inviter.username;
  const respond = (accept: boolean) =>
    answer.mutate(accept, {
      onSuccess: (result) => {
        if (result.board) {
          toast.show({ message: t('collaborators.invitations.accepted', { board: board.name }), durationMs: SAVE_TOAST_MS });
          void navigate(boardHref(result.board.url, false), { replace: true });
        } else {
          toast.show({ message: t('collaborators.invitations.declined', { board: board.name }), durationMs: SAVE_TOAST_MS });
          void navigate('/', { replace: true });
        }
      },
    });

  return (
    <div className="page page--invite">
      <section className="invite-card" aria-labelledby="invite-card-title">
        <Avatar name={inviterName} imageUrl={inviter.image_medium_url} size="large" />
        <h1 className="invite-card__title" id="invite-card-title">
          {t('collaborators.link.invited', { inviter: inviterName, board: board.name })}
        </h1>
        {anonymous ? (
          <>
            <p>{t('collaborators.link.visitor')}</p>
            <div className="invite-card__actions">
              <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => auth.open('login', { context: 'boardInvite' })}>
                {t('common.logIn')}
              </button>
              <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => auth.open('signup', { context: 'boardInvite' })}>
                {t('common.signUp')}
              </button>
            </div>
          </>
        ) : (
          <>
            {answer.isError ? (
              <p className="invite-card__error" role="alert">
                {serverErrorText(answer.error, t('collaborators.failed'))}
              </p>
            ) : null}
            <div className="invite-card__actions">
              <button type="button" className="button button--secondary" disabled={answer.isPending} onClick={() => respond(false)}>
                {t('collaborators.invitations.decline')}
              </button>
              <button type="button" className="button button--primary" disabled={answer.isPending} aria-busy={answer.isPending || undefined} onClick={() => respond(true)}>
                {answer.isPending ? <Spinner /> : null}
                <span>{t('collaborators.invitations.accept')}</span>
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
