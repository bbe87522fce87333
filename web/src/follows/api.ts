import { z } from 'zod';
import { followListItemSchema, followStateSchema, FOLLOW_LIST_PAGE_SIZE, type FollowListItem, type FollowState } from '@pinhive/contracts';
import { apiRequest } from '../api/client';
import { resourcePage, resourceWrite, type Page } from '../api/resource';

/** `PUT /v3/boards/{id}/follow/`: follow a board (following twice is following once). */
export function followBoard(boardId: string): Promise<FollowState> {
  return apiRequest(`/v3/boards/${encodeURIComponent(boardId)}/follow/`, { method: 'PUT', schema: followStateSchema });
}

/** `DELETE /v3/boards/{id}/follow/`: unfollow a board. */
export function unfollowBoard(boardId: string): Promise<FollowState> {
  return apiRequest(`/v3/boards/${encodeURIComponent(boardId)}/follow/`, { method: 'DELETE', schema: followStateSchema });
}

/** UserFollowResource create: follow a person (and so their public boards). */
export function followUser(userId: string): Promise<FollowState> {
  return resourceWrite('UserFollowResource', 'create', { user_id: userId }, followStateSchema);
}

/** UserFollowResource delete: unfollow a person. */
export function unfollowUser(userId: string): Promise<FollowState> {
  return resourceWrite('UserFollowResource', 'delete', { user_id: userId }, followStateSchema);
}

/** The people lists: a board's followers, a person's followers, whom a person follows. */
export type FollowList = { kind: 'boardFollowers'; boardId: string } | { kind: 'userFollowers'; userId: string } | { kind: 'userFollowing'; userId: string };

const LIST_RESOURCES = { boardFollowers: 'BoardFollowersResource', userFollowers: 'UserFollowersResource', userFollowing: 'UserFollowingResource' } as const;

/** One page of a people list, newest first. */
export function fetchFollowList(list: FollowList, bookmark: string | null, signal?: AbortSignal): Promise<Page<FollowListItem>> {
  const options = list.kind === 'boardFollowers' ? { board_id: list.boardId } : { user_id: list.userId };
  return resourcePage(LIST_RESOURCES[list.kind], options, FOLLOW_LIST_PAGE_SIZE, bookmark, z.array(followListItemSchema), signal);
}
