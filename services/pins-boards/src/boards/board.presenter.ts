import type { Board, PickerBoard } from '@pinhive/contracts';
import type { Viewer } from '@pinhive/kit';
import type { BoardListEntry } from './board-list.repository';
import type { BoardDoc } from './board.model';
import { boardAccess } from './board.policy';

/** The board's page: `/{username}/{slug}/`. */
export const boardUrl = (username: string, slug: string): string => `/${username}/${slug}/`;

/** What a board's own answers say of its follows (follows/follow.service.ts boardFacts). */
export interface BoardFollowFacts {
  followers: number;
  followedByMe: boolean;
}

export function presentBoard(board: BoardDoc, owner: Board['owner'], viewer: Viewer | undefined, follows?: BoardFollowFacts): Board {
  return {
    id: board._id,
    type: 'board',
    name: board.name,
    description: board.description,
    url: boardUrl(owner.username, board.slug),
    layout: 'default',
    privacy: board.privacy,
    owner,
    collaborating_users: [],
    is_collaborative: board.collaboratorIds.length > 0,
    collaborated_by_me: viewer !== undefined && board.collaboratorIds.includes(viewer.userId),
    should_show_board_collaborators: board.collaboratorIds.length > 0 || (viewer !== undefined && viewer.userId === board.ownerId),
    has_custom_cover: board.hasCustomCover,
    cover_pin: board.coverPinId ? { id: board.coverPinId, image_url: board.coverImageUrl } : null,
    image_cover_url: board.coverImageUrl,
    cover_color: board.coverColor,
    pin_count: Math.max(0, board.pinCount),
    section_count: board.sectionCount,
    ...(follows ? { follower_count: follows.followers } : {}),
    followed_by_me: follows?.followedByMe ?? false,
    archived_by_me_at: board.archivedAt?.toISOString() ?? null,
    board_order_modified_at: board.lastSavedAt.toISOString(),
    created_at: board.createdAt.toISOString(),
    access: boardAccess(viewer, board),
    is_temporarily_disabled: false,
    // The web app hides the secret toggle and the invites of a board made for an advertiser the viewer does not own.
    advertiser_id: board.advertiserId ?? null,
  };
}

/**
 * What the policy reads of a listed board: the list holder owns it, or (an entry with its own
 * `owner`, collaborators/) collaborates on it. Whatever else the list does not say is the board's
 * own answer's to tell (BoardResource).
 */
function listedSubject(entry: BoardListEntry, holder: { id: string }) {
  return entry.owner ? { ownerId: entry.owner.id, privacy: entry.privacy, collaboratorIds: [holder.id] } : { ownerId: holder.id, privacy: entry.privacy, collaboratorIds: [] };
}

/** A board of the owner's materialised list (picker, profile grid), as the same shape. */
export function presentListedBoard(entry: BoardListEntry, owner: { id: string; username: string }, viewer: Viewer | undefined): Board {
  const subject = listedSubject(entry, owner);
  return {
    id: entry.id,
    type: 'board',
    name: entry.name,
    description: '',
    url: boardUrl((entry.owner ?? owner).username, entry.slug),
    layout: 'default',
    privacy: entry.privacy,
    owner: entry.owner ?? owner,
    collaborating_users: [],
    is_collaborative: entry.collaborative,
    collaborated_by_me: entry.owner !== undefined && viewer?.userId === owner.id,
    has_custom_cover: false,
    cover_pin: null,
    image_cover_url: entry.coverImageUrl,
    cover_color: entry.coverColor,
    pin_count: Math.max(0, entry.pinCount),
    section_count: entry.sectionCount,
    followed_by_me: false,
    archived_by_me_at: entry.archived ? entry.lastSavedAt.toISOString() : null,
    board_order_modified_at: entry.lastSavedAt.toISOString(),
    created_at: entry.createdAt.toISOString(),
    access: boardAccess(viewer, subject),
    is_temporarily_disabled: false,
  };
}

/** A board as the picker lists it: its row and what a save needs, no more (it lists every board). */
export function presentPickerBoard(entry: BoardListEntry, owner: { id: string; username: string }, viewer: Viewer | undefined): PickerBoard {
  return {
    id: entry.id,
    type: 'board',
    name: entry.name,
    url: boardUrl((entry.owner ?? owner).username, entry.slug),
    privacy: entry.privacy,
    image_cover_url: entry.coverImageUrl,
    cover_color: entry.coverColor,
    pin_count: Math.max(0, entry.pinCount),
    section_count: entry.sectionCount,
    is_collaborative: entry.collaborative,
    access: boardAccess(viewer, listedSubject(entry, owner)),
    board_order_modified_at: entry.lastSavedAt.toISOString(),
  };
}

/** The list entry of a board (after it was created or changed). */
export function listEntryOf(board: BoardDoc): BoardListEntry {
  return {
    id: board._id,
    name: board.name,
    slug: board.slug,
    privacy: board.privacy,
    pinCount: Math.max(0, board.pinCount),
    sectionCount: board.sectionCount,
    coverImageUrl: board.coverImageUrl,
    coverColor: board.coverColor,
    collaborative: board.collaboratorIds.length > 0,
    createdAt: board.createdAt,
    lastSavedAt: board.lastSavedAt,
    archived: board.archivedAt !== null,
    ...(board.advertiserId ? { advertiserId: board.advertiserId } : {}),
  };
}
