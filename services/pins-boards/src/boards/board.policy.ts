import type { AdvertiserRole } from '@pinhive/contracts';
import { appError, authorize, definePolicy, type Viewer } from '@pinhive/kit';

/** What the board policy reads of a board. */
export interface BoardSubject {
  ownerId: string;
  privacy: 'public' | 'secret' | 'protected';
  collaboratorIds: readonly string[];
  deletedAt?: Date | null;
  /** The advertiser the board was made for (section 6); null or absent: none. */
  advertiserId?: string | null;
  /**
   * The viewer's role for that advertiser, looked up by the caller (advertisers/ `withRole`):
   * only `setPrivacy` and `invite` read it. Absent or null: they may not act for it.
   */
  advertiserRole?: AdvertiserRole | null;
}

const isOwner = (viewer: Viewer | undefined, board: BoardSubject) => viewer !== undefined && viewer.userId === board.ownerId;
const isMember = (viewer: Viewer | undefined, board: BoardSubject) => isOwner(viewer, board) || (viewer !== undefined && board.collaboratorIds.includes(viewer.userId));
/** Section 6: a board made for an advertiser is made public or secret, and invited to, by that advertiser's owner alone. */
const advertiserAllows = (board: BoardSubject) => !board.advertiserId || board.advertiserRole === 'owner';

/**
 * Boards (saving-boards-ads.md section 6). A secret board exists only for its owner and
 * collaborators: to anyone else, signed in or not, it answers 404 like a missing board, for
 * every action, and so do its pins, sections and picker entries. Saving into a board, adding a
 * section and editing it need `write` (owner or collaborator); privacy, archive and delete are
 * the owner's alone. A deleted board is gone for everyone. Only public boards are followed, and
 * not by their owner: a secret one is 404 to non-members (as for every action) and refused to its
 * members, whom it is shown to anyway; a protected one is not listed on its owner's profile, and
 * a follow would list it in a feed (followRefusal says which). A board made for an advertiser
 * (`advertiserId`) changes privacy and takes invitations only when its owner also owns that
 * advertiser: someone acting on the advertiser's behalf may not (the caller passes the viewer's
 * `advertiserRole`; authorizeAdvertised answers `advertiser_owner_only`).
 */
export const boardPolicy = definePolicy<BoardSubject, 'read' | 'write' | 'setPrivacy' | 'delete' | 'follow' | 'invite' | 'removeCollaborator' | 'leave'>({
  resource: 'board',
  hideAs: 'not_found',
  notFoundMessage: 'Board not found.',
  rules: {
    read: (viewer, board) => !board.deletedAt && (board.privacy !== 'secret' || isMember(viewer, board)),
    write: (viewer, board) => !board.deletedAt && isMember(viewer, board),
    setPrivacy: (viewer, board) => !board.deletedAt && isOwner(viewer, board) && advertiserAllows(board),
    delete: (viewer, board) => !board.deletedAt && isOwner(viewer, board),
    follow: (viewer, board) => viewer !== undefined && !board.deletedAt && board.privacy === 'public' && !isOwner(viewer, board),
    // Section 5/6: the invite list and who collaborates are the owner's alone; a collaborator may leave.
    invite: (viewer, board) => !board.deletedAt && isOwner(viewer, board) && advertiserAllows(board),
    removeCollaborator: (viewer, board) => !board.deletedAt && isOwner(viewer, board),
    leave: (viewer, board) => !board.deletedAt && !isOwner(viewer, board) && isMember(viewer, board),
  },
});

/**
 * authorize() for the actions a board's advertiser restricts: a viewer who may do it but for the
 * advertiser (the board's owner, acting for an advertiser someone else owns, or no longer for
 * it) gets 403 `advertiser_owner_only`, which the web app reads to hide the controls; anyone
 * else the policy's own refusal (404 for a board hidden from them).
 */
export function authorizeAdvertised<S extends BoardSubject>(viewer: Viewer | undefined, action: 'setPrivacy' | 'invite', board: S | null | undefined): asserts board is S {
  if (board && !advertiserAllows(board) && boardPolicy.rules[action](viewer, { ...board, advertiserId: null })) {
    throw appError('advertiser_owner_only', { field: 'advertiser_id', data: { resource: 'board', action } });
  }
  authorize(viewer, action, board, boardPolicy);
}

/** Why the follow rule refuses a board the viewer may read (the 403's message). */
export function followRefusal(viewer: Viewer | undefined, board: BoardSubject): string {
  if (isOwner(viewer, board)) return "You can't follow your own board.";
  if (board.privacy === 'secret') return "Secret boards can't be followed.";
  return 'Only public boards can be followed.';
}

/** The board's `access` list for a viewer (the web app shows editing controls on `write`). */
export function boardAccess(viewer: Viewer | undefined, board: BoardSubject): ('read' | 'write' | 'delete')[] {
  const access: ('read' | 'write' | 'delete')[] = [];
  if (boardPolicy.rules.read(viewer, board)) access.push('read');
  if (boardPolicy.rules.write(viewer, board)) access.push('write');
  if (boardPolicy.rules.delete(viewer, board)) access.push('delete');
  return access;
}
