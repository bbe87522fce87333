import {
  boardFollowersOptionsSchema,
  bulkFollowBodySchema,
  bulkFollowResultSchema,
  FOLLOW_LIST_PAGE_MAX,
  FOLLOW_LIST_PAGE_SIZE,
  followListItemSchema,
  followStateSchema,
  idSchema,
  userFollowListOptionsSchema,
  userFollowOptionsSchema,
} from '@pinhive/contracts';
import { defineResource, defineRoute, pagedOptions, pageWithNextKey } from '@pinhive/kit';
import { z } from 'zod';
import { bucketPageKeySchema } from '../shared/bucket-pages';
import type { FollowService } from './follow.service';

const listPaging = { key: bucketPageKeySchema, defaultLimit: FOLLOW_LIST_PAGE_SIZE, maxLimit: FOLLOW_LIST_PAGE_MAX };
const boardParams = z.object({ id: idSchema });

export function followRoutes(follows: FollowService) {
  return [
    defineRoute({
      method: 'put', path: '/v3/boards/:id/follow/', summary: 'Follow a board (public boards of others; following twice is following once)', auth: 'viewer',
      params: boardParams, response: followStateSchema,
      handler: ({ viewer, params }) => follows.followBoard(viewer, params.id),
    }),
    defineRoute({
      method: 'delete', path: '/v3/boards/:id/follow/', summary: 'Unfollow a board (a no-op when not following it)', auth: 'viewer',
      params: boardParams, response: followStateSchema,
      handler: ({ viewer, params }) => follows.unfollowBoard(viewer, params.id),
    }),
    defineResource({
      resource: 'UserFollowResource', action: 'create', summary: 'Follow a person, and so their public boards', auth: 'viewer',
      options: userFollowOptionsSchema, response: followStateSchema,
      handler: ({ viewer, options }) => follows.followUser(viewer, options.user_id, options.invite_code ? { inviteCode: options.invite_code } : {}),
    }),
    defineResource({
      resource: 'UserFollowResource', action: 'delete', summary: 'Unfollow a person, and the boards followed only through them', auth: 'viewer',
      options: userFollowOptionsSchema, response: followStateSchema,
      handler: ({ viewer, options }) => follows.unfollowUser(viewer, options.user_id),
    }),
    defineRoute({
      method: 'put', path: '/v3/users/follow/', summary: 'Follow many people at once: followee_ids joined by commas; unknown ids and oneself are refused, the rest followed', auth: 'viewer',
      body: bulkFollowBodySchema, response: bulkFollowResultSchema,
      handler: ({ viewer, body }) => follows.followMany(viewer, body.followee_ids),
    }),
    defineResource({
      resource: 'BoardFollowersResource', action: 'get', summary: "Who follows a board, newest first", auth: 'optional', paged: true,
      options: pagedOptions(boardFollowersOptionsSchema.omit({ page_size: true, bookmarks: true }), listPaging), response: z.array(followListItemSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await follows.boardFollowers(viewer, options.board_id, options.bookmarks, options.page_size);
        return pageWithNextKey(items, next);
      },
    }),
    defineResource({
      resource: 'UserFollowersResource', action: 'get', summary: 'Who follows a person, newest first', auth: 'optional', paged: true,
      options: pagedOptions(userFollowListOptionsSchema.omit({ page_size: true, bookmarks: true }), listPaging), response: z.array(followListItemSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await follows.userFollowers(viewer, options.user_id, options.bookmarks, options.page_size);
        return pageWithNextKey(items, next);
      },
    }),
    defineResource({
      resource: 'UserFollowingResource', action: 'get', summary: 'Whom a person follows, newest first', auth: 'optional', paged: true,
      options: pagedOptions(userFollowListOptionsSchema.omit({ page_size: true, bookmarks: true }), listPaging), response: z.array(followListItemSchema),
      handler: async ({ viewer, options }) => {
        const { items, next } = await follows.userFollowing(viewer, options.user_id, options.bookmarks, options.page_size);
        return pageWithNextKey(items, next);
      },
    }),
  ];
}
