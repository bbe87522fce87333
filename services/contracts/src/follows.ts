import { z } from 'zod';
import { idSchema, imageSpecSchema, userSummarySchema } from './pins-boards';
import { colorsOptionSchema } from './search';

/*
 * Following boards and people, and the home feed (saving-boards-ads.md sections 1, 4, 7 and 8).
 * Limits the spec leaves open are chosen here and explained in docs/decisions/home-feed.md.
 */

/** `PUT /v3/users/follow/` follows at most this many people at once (a larger list is a 400). */
export const FOLLOW_BULK_MAX = 100;
/** Follower and following lists: people per page. */
export const FOLLOW_LIST_PAGE_SIZE = 25;
export const FOLLOW_LIST_PAGE_MAX = 50;
/** The home feed: pins per page. */
export const HOME_FEED_PAGE_SIZE = 25;
export const HOME_FEED_PAGE_MAX = 50;

/** An account id as auth issues them (UUIDs; tests use readable ones). */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be a user id.');

/** What a follow or an unfollow answers: the state the viewer is now in. */
export const followStateSchema = z.object({ id: z.string(), followed_by_me: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

/** UserFollowResource create / delete (section 7). `invite_code` is kept with the follow; the rest is accepted as the web client sends it. */
export const userFollowOptionsSchema = z.object({
  user_id: userIdSchema,
  invite_code: z.string().max(100).optional(),
  aux_data: z.object({ pin_id: idSchema.optional() }).loose().optional(),
  client_tracking_params: z.string().max(2048).optional(),
});
export type UserFollowOptions = z.input<typeof userFollowOptionsSchema>;

/** `PUT /v3/users/follow/`: `followee_ids` is the ids joined by commas (section 7). */
export const bulkFollowBodySchema = z.object({
  followee_ids: z.string({ error: 'followee_ids must be user ids joined by commas.' }).max(FOLLOW_BULK_MAX * 80, `Follow at most ${FOLLOW_BULK_MAX} people at once.`),
});

/** Why an id of a bulk follow was not followed. */
export const FOLLOW_REFUSALS = ['self', 'not_found', 'invalid'] as const;
export type FollowRefusal = (typeof FOLLOW_REFUSALS)[number];

/** The bulk follow's answer: whom the viewer follows now, and which ids were refused and why. */
export const bulkFollowResultSchema = z.object({
  followed: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), reason: z.enum(FOLLOW_REFUSALS), message: z.string() })),
});
export type BulkFollowResult = z.infer<typeof bulkFollowResultSchema>;

const paged = { page_size: z.coerce.number().int().min(1).max(FOLLOW_LIST_PAGE_MAX).default(FOLLOW_LIST_PAGE_SIZE), bookmarks: z.array(z.string()).max(1).optional() };
/** BoardFollowersResource get: who follows a board, newest first. */
export const boardFollowersOptionsSchema = z.object({ board_id: idSchema, ...paged });
/** UserFollowersResource / UserFollowingResource get: who follows a person, whom a person follows. */
export const userFollowListOptionsSchema = z.object({ user_id: userIdSchema, ...paged });

/** One person of a follower or following list. */
export const followListItemSchema = userSummarySchema;
export type FollowListItem = z.infer<typeof followListItemSchema>;

/** HomeFeedResource get: the viewer's home feed, newest first. */
export const homeFeedOptionsSchema = z.object({
  page_size: z.coerce.number().int().min(1).max(HOME_FEED_PAGE_MAX).default(HOME_FEED_PAGE_SIZE),
  bookmarks: z.array(z.string()).max(1).optional(),
  /** Only pins of these named colours (the feed's cards' dominant colour, `paletteColorOf`). */
  colors: colorsOptionSchema.optional(),
});

/**
 * A pin of the home feed: what a feed card shows, stored with the feed entry so that a page is
 * one read (no pin, board or person looked up per pin). The close-up (`/pin/{id}/`) has the rest.
 */
export const feedPinSchema = z.object({
  id: z.string(),
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  dominant_color: z.string(),
  images: z.object({ '236x': imageSpecSchema, orig: imageSpecSchema }),
  board: z.object({ id: z.string(), name: z.string() }),
  pinner: z.object({ id: z.string() }),
  created_at: z.string(),
});
export type FeedPin = z.infer<typeof feedPinSchema>;

/** PopularPinsResource get: pins of public boards most saved of late, for a home feed that is still empty. */
export const POPULAR_PINS_PAGE_SIZE = 25;
export const POPULAR_PINS_MAX = 50;
export const popularPinsOptionsSchema = z.object({
  page_size: z.coerce.number().int().min(1).max(POPULAR_PINS_MAX).default(POPULAR_PINS_PAGE_SIZE),
});
