import {
  isInviteEmail,
  MAX_COLLABORATORS_PER_BOARD,
  MAX_PENDING_INVITES_PER_BOARD,
  MAX_PENDING_INVITES_PER_PERSON,
  normaliseInviteEmail,
  type InviteRefusal,
} from '@pinhive/contracts';

/** What people read for each refusal (the web app shows it beside the person). */
export const REFUSAL_MESSAGES: Record<InviteRefusal, string> = {
  unknown_user: "We couldn't find that person.",
  invalid_email: "Hmm...that doesn't look like an email address.",
  yourself: "You can't invite yourself.",
  already_collaborator: 'They already collaborate on this board.',
  board_full: `This board can't take more invitations: at most ${MAX_PENDING_INVITES_PER_BOARD} waiting and ${MAX_COLLABORATORS_PER_BOARD} collaborators.`,
  invitee_full: `They already have ${MAX_PENDING_INVITES_PER_PERSON} invitations waiting. Ask them to answer some first.`,
};

export interface Refused {
  user_id: string | null;
  email: string | null;
  reason: InviteRefusal;
  message: string;
}

/** One invite call's people, as the owner sent them, and what the board holds now. */
export interface InviteRequest {
  ownerId: string;
  collaboratorIds: readonly string[];
  userIds: readonly string[];
  emails: readonly string[];
  /** Accounts that exist and are not deactivated, among `userIds`. */
  known: ReadonlySet<string>;
  /** Invitation keys pending on the board now (`u:<userId>`, `e:<email>`): a second invitation of them is the first. */
  pending: ReadonlySet<string>;
}

/** Who to invite (ids, normalised addresses), in the order given, and who is refused. */
export interface InvitePlan {
  users: string[];
  emails: string[];
  refused: Refused[];
}

const refuse = (who: { user_id?: string; email?: string }, reason: InviteRefusal): Refused => ({
  user_id: who.user_id ?? null,
  email: who.email ?? null,
  reason,
  message: REFUSAL_MESSAGES[reason],
});

/**
 * Sorts an invite call (section 5/6; ours where the spec says nothing): oneself, a member, an
 * unknown or deactivated account and a malformed address are refused; a repeat within the call
 * counts once; someone already invited is invited again (idempotent, no new invitation); new
 * invitations fit in what the board may still have pending, in the order given, and the rest are
 * refused as `board_full`. The per-person cap needs the store and is the caller's.
 */
export function planInvites(req: InviteRequest): InvitePlan {
  const plan: InvitePlan = { users: [], emails: [], refused: [] };
  const members = new Set([req.ownerId, ...req.collaboratorIds]);
  const boardFull = members.size - 1 >= MAX_COLLABORATORS_PER_BOARD;
  let room = MAX_PENDING_INVITES_PER_BOARD - req.pending.size;
  const fits = (key: string) => {
    if (req.pending.has(key)) return true;
    if (boardFull || room <= 0) return false;
    room -= 1;
    return true;
  };
  const seen = new Set<string>();
  for (const userId of req.userIds) {
    if (seen.has(`u:${userId}`)) continue;
    seen.add(`u:${userId}`);
    if (userId === req.ownerId) plan.refused.push(refuse({ user_id: userId }, 'yourself'));
    else if (members.has(userId)) plan.refused.push(refuse({ user_id: userId }, 'already_collaborator'));
    else if (!req.known.has(userId)) plan.refused.push(refuse({ user_id: userId }, 'unknown_user'));
    else if (!fits(`u:${userId}`)) plan.refused.push(refuse({ user_id: userId }, 'board_full'));
    else plan.users.push(userId);
  }
  for (const typed of req.emails) {
    const email = normaliseInviteEmail(typed);
    if (seen.has(`e:${email}`)) continue;
    seen.add(`e:${email}`);
    if (!isInviteEmail(email)) plan.refused.push(refuse({ email: typed.trim() }, 'invalid_email'));
    else if (!fits(`e:${email}`)) plan.refused.push(refuse({ email }, 'board_full'));
    else plan.emails.push(email);
  }
  return plan;
}

/** The refusal of someone with too many invitations waiting (found by the caller in the store). */
export const inviteeFull = (userId: string): Refused => refuse({ user_id: userId }, 'invitee_full');
