import { FOLLOW_BULK_MAX, userIdSchema, type FollowRefusal } from '@pinhive/contracts';
import type { BoardFollowState } from './follow.model';

/** What changes a board follow: the follower's own follow or unfollow, or their follow of the board's owner. */
export type BoardFollowAction = 'follow' | 'unfollow' | 'followViaUser' | 'unfollowViaUser';

export const NOT_FOLLOWING: BoardFollowState = { explicit: false, viaUser: false, optedOut: false };

export const isFollowing = (s: BoardFollowState): boolean => s.explicit || s.viaUser;

/** What a board follow becomes, and the event that says so (none when following did not start or stop). */
export interface BoardFollowChange {
  next: BoardFollowState;
  event: { type: 'followed' | 'unfollowed'; viaUser: boolean } | null;
}

/**
 * A board follow's next state:
 * - `follow`: followed on its own from now on (an owner's unfollow leaves it);
 * - `unfollow`: not followed, for whatever reason it was; if it came through its owner, it stays
 *   out (`optedOut`) while the follower still follows the owner;
 * - `followViaUser`: the follower follows the owner (or the owner made the board, or made it
 *   public), unless they opted out of it;
 * - `unfollowViaUser`: the follower no longer follows the owner: what came only through them goes.
 */
export function boardFollowChange(state: BoardFollowState, action: BoardFollowAction): BoardFollowChange {
  let next: BoardFollowState;
  switch (action) {
    case 'follow':
      next = { explicit: true, viaUser: state.viaUser, optedOut: false };
      break;
    case 'unfollow':
      next = { explicit: false, viaUser: false, optedOut: state.optedOut || state.viaUser };
      break;
    case 'followViaUser':
      next = state.optedOut ? state : { ...state, viaUser: true };
      break;
    case 'unfollowViaUser':
      next = { explicit: state.explicit, viaUser: false, optedOut: false };
      break;
  }
  const was = isFollowing(state);
  const now = isFollowing(next);
  const event = !was && now ? { type: 'followed' as const, viaUser: !next.explicit } : was && !now ? { type: 'unfollowed' as const, viaUser: action === 'unfollowViaUser' } : null;
  return { next, event };
}

export const sameState = (a: BoardFollowState, b: BoardFollowState): boolean => a.explicit === b.explicit && a.viaUser === b.viaUser && a.optedOut === b.optedOut;

/** The answer's message for each refusal of a bulk follow. */
export const REFUSAL_MESSAGES: Record<FollowRefusal, string> = {
  self: "You can't follow yourself.",
  not_found: 'User not found.',
  invalid: 'Not a user id.',
};

export class TooManyFollowees extends Error {
  constructor(readonly count: number) {
    super(`Follow at most ${FOLLOW_BULK_MAX} people at once (${count} given).`);
  }
}

/**
 * `followee_ids` of a bulk follow: ids joined by commas. Blanks around them and empty entries
 * are dropped and repeats count once; malformed ids and the viewer's own are refused here (the
 * rest are looked up). More than FOLLOW_BULK_MAX distinct ids throws TooManyFollowees.
 */
export function parseFolloweeIds(raw: string, viewerId: string): { candidates: string[]; refused: { id: string; reason: FollowRefusal }[] } {
  const ids = [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => id.length > 0))];
  if (ids.length > FOLLOW_BULK_MAX) throw new TooManyFollowees(ids.length);
  const candidates: string[] = [];
  const refused: { id: string; reason: FollowRefusal }[] = [];
  for (const id of ids) {
    if (!userIdSchema.safeParse(id).success) refused.push({ id: id.slice(0, 80), reason: 'invalid' });
    else if (id === viewerId) refused.push({ id, reason: 'self' });
    else candidates.push(id);
  }
  return { candidates, refused };
}
