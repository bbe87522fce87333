import { Link, Navigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS, type BoardInvite } from '@pinhive/contracts';
import { loginPathFor, profilePath } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { boardHref, serverErrorText } from '../boards/rules';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { INVITATIONS_PATH } from './paths';
import { useAnswerInvite, useMyInvites } from './queries';

/** `/invite/`: the boards the viewer is invited to, each with Accept and Decline. */
export function InvitationsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const invites = useMyInvites(viewer.status === 'authenticated');
  useDocumentTitle(t('titles.invitations'));
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(INVITATIONS_PATH)} replace />;
  const items = invites.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (viewer.status === 'loading' || invites.isPending) {
    body = <StatusView level={2} role="status" visual={<Spinner size="large" />} title={t('collaborators.invitations.loading')} />;
  } else if (invites.isError && items.length === 0) {
    body = (
      <StatusView
        level={2}
        role="alert"
        title={t('collaborators.invitations.loadFailed')}
        action={
          <button type="button" className="button button--secondary" onClick={() => void invites.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <p className="invitations__empty">{t('collaborators.invitations.empty')}</p>;
  } else {
    body = (
      <ul className="invitations">
        {items.map((invite) => (
          <InvitationItem key={invite.id} invite={invite} />
        ))}
      </ul>
    );
  }

  return (
    <div className="page page--invitations">
      <h1 className="invitations__title">{t('collaborators.invitations.title')}</h1>
      {body}
      {invites.hasNextPage ? (
        <button type="button" className="button button--secondary" onClick={() => void invites.fetchNextPage()} disabled={invites.isFetchingNextPage} aria-busy={invites.isFetchingNextPage || undefined}>
          {t('collaborators.invitations.more')}
        </button>
      ) : null}
    </div>
  );
}

function InvitationItem({ invite }: { invite: BoardInvite }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const answer = useAnswerInvite();
  const inviterName = invite.inviter.full_name || invite.inviter.username;
  const until = new Date(invite.expires_at).toLocaleDateString(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });

  const respond = (accept: boolean) =>
    answer.mutate(
      { invite, accept },
      {
        onSuccess: () =>
          toast.show({
            message: accept ? t('collaborators.invitations.accepted', { board: invite.board.name }) : t('collaborators.invitations.declined', { board: invite.board.name }),
            durationMs: SAVE_TOAST_MS,
            ...(accept ? { link: boardHref(invite.board.url, false) } : {}),
          }),
        onError: (error) => toast.show({ message: serverErrorText(error, t('collaborators.failed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
      },
    );

  return (
    <li className="invitation">
      <Avatar name={inviterName} imageUrl={invite.inviter.image_medium_url} size="medium" />
      <div className="invitation__text">
        <p>
          <Trans
            i18nKey="collaborators.invitations.from"
            values={{ inviter: inviterName, board: invite.board.name }}
            components={{ inviterLink: <Link to={profilePath(invite.inviter.username)} className="text-link" />, strong: <strong /> }}
          />
        </p>
        <p className="invitation__until">{t('collaborators.invitations.until', { date: until })}</p>
      </div>
      <div className="invitation__actions">
        <button type="button" className="button button--secondary" aria-label={t('collaborators.invitations.declineNamed', { board: invite.board.name })} disabled={answer.isPending} onClick={() => respond(false)}>
          {t('collaborators.invitations.decline')}
        </button>
        <button type="button" className="button button--primary" aria-label={t('collaborators.invitations.acceptNamed', { board: invite.board.name })} disabled={answer.isPending} onClick={() => respond(true)}>
          {t('collaborators.invitations.accept')}
        </button>
      </div>
    </li>
  );
}
