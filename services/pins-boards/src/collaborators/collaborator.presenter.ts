import type { BoardInvite, InvitedBoard, UserSummary } from '@pinhive/contracts';
import type { BoardFacts } from '../boards/board.model';
import { boardUrl } from '../boards/board.presenter';
import type { InviteDoc } from './invite.model';

/** A board as an invitation names it: enough to recognise it and open it once joined. */
export function presentInvitedBoard(facts: BoardFacts, owner: UserSummary): InvitedBoard {
  return { id: facts._id, name: facts.name, url: boardUrl(owner.username, facts.slug), privacy: facts.privacy, owner: { id: owner.id, username: owner.username } };
}

export function presentInvite(invite: InviteDoc, board: InvitedBoard, inviter: UserSummary, invitee: UserSummary | null): BoardInvite {
  return {
    id: invite._id,
    kind: invite.kind,
    board,
    inviter,
    invitee,
    email: invite.email ?? null,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
  };
}

/** Newest first; equal times by id, so pages never overlap. */
export function newestFirst(a: InviteDoc, b: InviteDoc): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}
