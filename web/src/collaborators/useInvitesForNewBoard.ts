import { useTranslation } from 'react-i18next';
import { SAVE_TOAST_MS, type Board } from '@pinhive/contracts';
import { serverErrorText } from '../boards/rules';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { sendInvites } from './api';
import { inviteOptions, refusalLines, type Invitee } from './rules';

/**
 * The create-board form's invitations, sent once the board exists (section 7: "per created
 * board"). The form closes with the creation, so the outcome comes as toasts: how many were
 * sent, and each refusal with its reason.
 */
export function useInvitesForNewBoard(): (board: Board, chosen: readonly Invitee[]) => void {
  const { t } = useTranslation();
  const toast = useToast();
  return (board, chosen) => {
    if (chosen.length === 0) return;
    sendInvites(board.id, inviteOptions(chosen)).then(
      (result) => {
        if (result.invited.length > 0) toast.show({ message: t('collaborators.sent', { count: result.invited.length }), durationMs: SAVE_TOAST_MS });
        for (const line of refusalLines(result, chosen)) toast.show({ message: t('collaborators.refused', { name: line.name, reason: line.message }), durationMs: ERROR_TOAST_MS, tone: 'error' });
      },
      (error: unknown) => toast.show({ message: serverErrorText(error, t('collaborators.sendFailed')), durationMs: ERROR_TOAST_MS, tone: 'error' }),
    );
  };
}
