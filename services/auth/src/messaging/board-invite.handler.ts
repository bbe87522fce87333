import { PRODUCT_NAME, type BoardInvitedByEmailV1 } from '@pinhive/contracts';
import { defineHandler, type Logger } from '@pinhive/kit';
import type { Mailer, OutgoingMail } from './mailer';

/** The invitation's page in the web app: opening it leads through log-in or sign-up to Accept. */
export const boardInviteLink = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/invite/board/${token}/`;

/** The mail of a board invitation (English, as auth's other mails). */
export function boardInviteMail(data: BoardInvitedByEmailV1, publicUrl: string): OutgoingMail {
  const who = data.inviterName.trim() || 'Someone';
  const until = new Date(data.expiresAt).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  return {
    to: data.email,
    subject: `${who} invited you to the board "${data.boardName}" on ${PRODUCT_NAME}`,
    text:
      `Hi,\n\n${who} invited you to save ideas together on the board "${data.boardName}" on ${PRODUCT_NAME}.\n\n` +
      `Open this link to join it (log in, or sign up if you have no account yet):\n\n${boardInviteLink(publicUrl, data.token)}\n\n` +
      `The invitation is open until ${until}. Whoever opens the link while logged in can accept it, so keep it to yourself.\n` +
      'If you did not expect this, ignore this email.',
  };
}

/**
 * pins-boards' `pins.board.invited-by-email.v1`: auth owns mail, so it sends the invitation. The
 * dispatcher records the event handled after the send, so a redelivery is skipped; a process
 * that dies between the send and that record sends it once more (at least once: an invitation
 * is never lost, rarely doubled). An invitation that lapsed before its event arrived is not sent.
 */
export function boardInviteHandler(deps: { mailer: Mailer; publicUrl: string; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return defineHandler({
    name: 'mail-board-invite',
    type: 'pins.board.invited-by-email.v1',
    handle: async ({ data }) => {
      if (new Date(data.expiresAt) <= now()) {
        deps.logger.info({ inviteId: data.inviteId }, 'board invitation lapsed before its mail: not sent');
        return;
      }
      await deps.mailer.send(boardInviteMail(data, deps.publicUrl));
    },
  });
}
