import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS, type Board } from '@pinhive/contracts';
import { profilePath } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { serverErrorText } from '../boards/rules';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { BoardSettingsDialog } from './BoardSettingsDialog';
import { useRemoveCollaborator } from './queries';
import { avatarNaming } from './rules';

/**
 * The board page's collaborators (section 9): 3 named, each linking to their profile, the rest
 * 'and N more'. The owner opens the board settings from here (the invite list and removing
 * collaborators are theirs alone, section 5/6); a collaborator may leave.
 */
export function BoardCollaborators({ board }: { board: Board }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [settings, setSettings] = useState(false);
  const owner = viewer.status === 'authenticated' && viewer.user.id === board.owner.id;
  if (!owner && board.collaborating_users.length === 0) return null;
  const { named, more } = avatarNaming(board.collaborating_users);

  return (
    <section className="board-collaborators" aria-label={t('collaborators.avatars')}>
      {named.length > 0 ? (
        <ul className="board-collaborators__people">
          {named.map((user) => (
            <li key={user.id}>
              <Link to={profilePath(user.username)} className="board-collaborators__person">
                <Avatar name={user.full_name || user.username} imageUrl={user.image_medium_url} size="small" />
                <span>{user.full_name || user.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {more > 0 ? <span className="board-collaborators__more">{t('collaborators.andMore', { count: more })}</span> : null}
      {owner ? (
        <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setSettings(true)}>
          {t('collaborators.settings')}
        </button>
      ) : null}
      {board.collaborated_by_me && viewer.status === 'authenticated' ? <LeaveBoardButton board={board} userId={viewer.user.id} /> : null}
      {settings ? <BoardSettingsDialog board={board} onClose={() => setSettings(false)} /> : null}
    </section>
  );
}

/** 'Leave board', after a confirmation: saving into it stops at once; their pins stay. */
function LeaveBoardButton({ board, userId }: { board: Board; userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = useRemoveCollaborator(board);

  const onLeave = () =>
    leave.mutate(userId, {
      onSuccess: () => {
        setAsking(false);
        toast.show({ message: t('collaborators.left', { board: board.name }), durationMs: SAVE_TOAST_MS });
        // A secret board is gone for someone who left it.
        if (board.privacy === 'secret') void navigate('/');
      },
      onError: (error) => toast.show({ message: serverErrorText(error, t('collaborators.failed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    });

  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {t('collaborators.leave')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('collaborators.leave')}
          body={t('collaborators.leaveConfirm', { board: board.name })}
          cancelLabel={t('collaborators.cancel')}
          confirmLabel={t('collaborators.leaveYes')}
          pending={leave.isPending}
          onConfirm={onLeave}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
