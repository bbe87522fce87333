import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS, type Board } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { ProtectedSwitch } from '../advertisers/ProtectedSwitch';
import { boardLocked } from '../advertisers/rules';
import { profilePath } from '../auth/targets';
import { Avatar } from '../components/Avatar';
import { CheckboxField } from '../components/CheckboxField';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { BoardRenameForm } from '../boards/BoardRenameForm';
import { useUpdateBoard } from '../boards/queries';
import { serverErrorText } from '../boards/rules';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { CollaboratorInviteList } from './CollaboratorInviteList';
import { useBoardInvites, useRemoveCollaborator, useSendInvites } from './queries';
import { inviteOptions, refusalLines, type Invitee } from './rules';

/**
 * The board's settings, for its owner (section 5/6): its name, public or secret, invite collaborators (sent
 * at once), the invitations waiting for an answer, and the collaborators, each with Remove. A
 * board made for an advertiser the viewer does not own shows the disabled, checked 'Protected
 * board' switch instead of the secret toggle, and no invites (only the advertiser's owner may).
 */
export function BoardSettingsDialog({ board, onClose }: { board: Board; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const toast = useToast();
  const [chosen, setChosen] = useState<Invitee[]>([]);
  const [refused, setRefused] = useState<ReturnType<typeof refusalLines>>([]);
  const send = useSendInvites();
  const { advertisers } = useActingAs();
  const locked = boardLocked(board, advertisers);
  const madeFor = board.advertiser_id ? advertisers?.find((advertiser) => advertiser.id === board.advertiser_id) : undefined;
  const privacy = useUpdateBoard();
  const pending = useBoardInvites(board.id, !locked);
  const remove = useRemoveCollaborator(board);
  const invites = pending.data?.pages.flatMap((page) => page.items) ?? [];

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 || send.isPending) return;
    send.mutate(
      { boardId: board.id, people: inviteOptions(chosen) },
      {
        onSuccess: (result) => {
          setRefused(refusalLines(result, chosen));
          if (result.invited.length > 0) toast.show({ message: t('collaborators.sent', { count: result.invited.length }), durationMs: SAVE_TOAST_MS });
          setChosen([]);
        },
        onError: (error) => toast.show({ message: serverErrorText(error, t('collaborators.sendFailed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
      },
    );
  };

  const onSecret = (secret: boolean) => {
    if (privacy.isPending) return;
    privacy.mutate(
      { boardId: board.id, privacy: secret ? 'secret' : 'public' },
      {
        onSuccess: (answer) => toast.show({ message: t(answer.privacy === 'secret' ? 'collaborators.nowSecret' : 'collaborators.nowPublic', { board: answer.name }), durationMs: SAVE_TOAST_MS }),
        onError: (error) => toast.show({ message: serverErrorText(error, t('collaborators.failed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
      },
    );
  };

  const onRemove = (user: Board['collaborating_users'][number]) => {
    const name = user.full_name || user.username;
    remove.mutate(user.id, {
      onSuccess: () => toast.show({ message: t('collaborators.removed', { name }), durationMs: SAVE_TOAST_MS }),
      onError: (error) => toast.show({ message: serverErrorText(error, t('collaborators.failed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    });
  };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="dialog--save">
      <div className="save-flow board-settings">
        <header className="save-flow__header">
          <h2 className="save-flow__title" id={titleId}>
            {t('collaborators.settings')}
          </h2>
        </header>
        <div className="save-flow__body save-flow__body--padded">
          {locked ? null : (
            <section className="board-settings__section" aria-labelledby={`${titleId}-name`}>
              <h3 className="board-settings__heading" id={`${titleId}-name`}>
                {t('boards.rename.title')}
              </h3>
              <BoardRenameForm board={board} labelledBy={`${titleId}-name`} />
            </section>
          )}
          <section className="board-settings__section" aria-labelledby={`${titleId}-privacy`}>
            <h3 className="board-settings__heading" id={`${titleId}-privacy`}>
              {t('collaborators.privacy')}
            </h3>
            {locked ? (
              <ProtectedSwitch
                id={`${titleId}-protected`}
                hint={madeFor ? t('advertisers.protectedHint', { name: madeFor.name }) : t('advertisers.protectedHintUnnamed')}
              />
            ) : (
              <CheckboxField
                id={`${titleId}-secret`}
                label={
                  <span className="board-form__secret">
                    <span>{t('boards.create.secret')}</span>
                    <span className="board-form__hint">{t('boards.create.secretHint')}</span>
                  </span>
                }
                checked={privacy.isPending ? privacy.variables.privacy === 'secret' : board.privacy === 'secret'}
                aria-busy={privacy.isPending || undefined}
                onChange={(event) => onSecret(event.target.checked)}
              />
            )}
          </section>

          {locked ? null : (
            <form className="board-settings__section" onSubmit={onSend} aria-labelledby={`${titleId}-invite`} noValidate>
              <h3 className="board-settings__heading" id={`${titleId}-invite`}>
                {t('collaborators.inviteTitle')}
              </h3>
              <CollaboratorInviteList chosen={chosen} onChange={setChosen} boardId={board.id} disabled={send.isPending} />
              {refused.length > 0 ? (
                <ul className="board-settings__refused" role="alert">
                  {refused.map((line) => (
                    <li key={line.key}>{t('collaborators.refused', { name: line.name, reason: line.message })}</li>
                  ))}
                </ul>
              ) : null}
              <button type="submit" className="button button--primary" disabled={chosen.length === 0 || send.isPending} aria-busy={send.isPending || undefined}>
                {send.isPending ? <Spinner /> : null}
                <span>{t('collaborators.send')}</span>
              </button>
            </form>
          )}

          {locked ? null : (
            <section className="board-settings__section" aria-labelledby={`${titleId}-pending`}>
              <h3 className="board-settings__heading" id={`${titleId}-pending`}>
                {t('collaborators.pending')}
              </h3>
              {pending.isPending ? (
                <Spinner label={t('collaborators.invitations.loading')} />
              ) : pending.isError ? (
                <p role="alert">
                  {t('collaborators.pendingFailed')}{' '}
                  <button type="button" className="text-link" onClick={() => void pending.refetch()}>
                    {t('common.tryAgain')}
                  </button>
                </p>
              ) : invites.length === 0 ? (
                <p className="board-settings__empty">{t('collaborators.noPending')}</p>
              ) : (
                <ul className="board-settings__people">
                  {invites.map((invite) => (
                    <li key={invite.id} className="board-settings__person">
                      {invite.invitee ? <Avatar name={invite.invitee.full_name || invite.invitee.username} imageUrl={invite.invitee.image_medium_url} size="small" /> : <span className="invite-row__mail" aria-hidden="true">@</span>}
                      <span>{invite.invitee ? invite.invitee.full_name || invite.invitee.username : invite.email}</span>
                    </li>
                  ))}
                </ul>
              )}
              {pending.hasNextPage ? (
                <button type="button" className="button button--secondary" onClick={() => void pending.fetchNextPage()} disabled={pending.isFetchingNextPage}>
                  {t('collaborators.invitations.more')}
                </button>
              ) : null}
            </section>
          )}

          {locked && board.collaborating_users.length === 0 ? null : (
            <section className="board-settings__section" aria-labelledby={`${titleId}-members`}>
              <h3 className="board-settings__heading" id={`${titleId}-members`}>
                {t('collaborators.members')}
              </h3>
              {board.collaborating_users.length === 0 ? (
                <p className="board-settings__empty">{t('collaborators.noMembers')}</p>
              ) : (
                <ul className="board-settings__people">
                  {board.collaborating_users.map((user) => {
                    const name = user.full_name || user.username;
                    return (
                      <li key={user.id} className="board-settings__person">
                        <Avatar name={name} imageUrl={user.image_medium_url} size="small" />
                        <Link to={profilePath(user.username)} className="text-link">
                          {name}
                        </Link>
                        <button type="button" className="button button--secondary board-settings__remove" aria-label={t('collaborators.removeNamed', { name })} onClick={() => onRemove(user)}>
                          {t('collaborators.remove')}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          )}
        </div>
      </div>
    </Dialog>
  );
}
