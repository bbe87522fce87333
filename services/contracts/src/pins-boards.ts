import { z } from 'zod';
import {
  BOARD_DESCRIPTION_MAX_LENGTH,
  BOARD_NAME_MAX_LENGTH,
  BOARD_PRIVACIES,
  fillTemplate,
  PIN_DESCRIPTION_MAX_LENGTH,
  PIN_LINK_MAX_LENGTH,
  PIN_METHODS,
  PIN_TITLE_MAX_LENGTH,
  SAVING_STRINGS,
  SECTION_INITIAL_PINS_MAX,
  SECTION_NAME_MAX_LENGTH,
} from './saving';

/*
 * The pins-boards resources (saving-boards-ads.md sections 3 and 7), as the web app reads and
 * sends them. Calls the spec names as resources are served as `/resource/<Name>/<action>/`:
 * a write takes `{ "options": {...} }` (or the form field `data=<JSON with options>`), a read
 * `?data=<JSON with options>`. Ids are strings of digits (`/pin/{digits}/` is the pin page).
 */

export const idSchema = z.string().regex(/^\d{1,24}$/, 'Must be an id (digits).');

// ---- read shapes -------------------------------------------------------------------------

export const imageSpecSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageSpec = z.infer<typeof imageSpecSchema>;

export const userSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const boardSchema = z.object({
  id: z.string(),
  type: z.literal('board'),
  name: z.string(),
  description: z.string(),
  /** `/{username}/{slug}/`: the board's own page. */
  url: z.string(),
  layout: z.literal('default'),
  privacy: z.enum(BOARD_PRIVACIES),
  /** `full_name`: the owner's display name, where the answer has it (the board page, a related board): names link to the profile as 'By {name}'. */
  owner: z.object({ id: z.string(), username: z.string(), full_name: z.string().optional() }),
  collaborating_users: z.array(userSummarySchema),
  is_collaborative: z.boolean(),
  collaborated_by_me: z.boolean(),
  /** The board page shows its collaborators (it has some, or the viewer owns it and may invite): on a board's own answers. */
  should_show_board_collaborators: z.boolean().optional(),
  has_custom_cover: z.boolean(),
  cover_pin: z.object({ id: z.string(), image_url: z.string().nullable() }).nullable(),
  image_cover_url: z.string().nullable(),
  /** The cover's colour while its image loads. */
  cover_color: z.string().nullable(),
  pin_count: z.number().int(),
  section_count: z.number().int(),
  /** People following it: on a board's own answers (BoardResource), not on list entries. */
  follower_count: z.number().int().optional(),
  followed_by_me: z.boolean(),
  archived_by_me_at: z.string().nullable(),
  board_order_modified_at: z.string(),
  created_at: z.string(),
  /** Includes `write` when the viewer may change the board and save into it. */
  access: z.array(z.enum(['read', 'write', 'delete'])),
  is_temporarily_disabled: z.boolean(),
  /**
   * The advertiser the board was made for (`advertiser_id` on create), on a board's own answers.
   * Only that advertiser's owner may change its privacy or invite to it (section 6).
   */
  advertiser_id: z.string().nullable().optional(),
});
export type Board = z.infer<typeof boardSchema>;

export const sectionSchema = z.object({
  id: z.string(),
  type: z.literal('board_section'),
  title: z.string(),
  slug: z.string(),
  board_id: z.string(),
  pin_count: z.number().int(),
  preview_pins: z.array(z.object({ id: z.string(), image_square_url: z.string(), image_square_size_pixels: z.object({ width: z.number(), height: z.number() }) })),
});
export type Section = z.infer<typeof sectionSchema>;

const savedToBoardSchema = z.object({ id: z.string(), name: z.string(), layout: z.literal('default') });

export const pinSchema = z.object({
  id: z.string(),
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  domain: z.string().nullable(),
  dominant_color: z.string(),
  images: z.object({ '236x': imageSpecSchema, orig: imageSpecSchema }),
  board: z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: z.enum(BOARD_PRIVACIES) }),
  /**
   * The viewer's own board holding this pin's image, when they saved it before: the already-saved
   * check ('Psst! You already saved this Pin to {board_name}'). Only `GET /v3/pins/{id}/`
   * answers it (uncached, per viewer); every other presentation says null.
   */
  pinned_to_board: savedToBoardSchema.nullable(),
  section: z.object({ id: z.string(), title: z.string(), slug: z.string() }).nullable(),
  pinner: userSummarySchema,
  via_pinner: userSummarySchema.nullable(),
  method: z.enum(PIN_METHODS),
  created_at: z.string(),
  is_promoted: z.boolean(),
  /** Whether a promoted pin may still be deleted by its pinner (false when not promoted). */
  promoted_is_removable: z.boolean(),
  is_buyable_pin: z.literal(false),
  /** Whether the viewer may delete it. */
  is_removable: z.boolean(),
  /** What the image shows, for screen readers (the pin builder's alt text); absent when none was given. */
  alt_text: z.string().optional(),
});
export type Pin = z.infer<typeof pinSchema>;

/**
 * A board as the picker lists it (Pinterest's `board_picker` field set): what a row shows and a
 * save needs. The picker lists every board of its viewer (up to 2,000), on every save, so it
 * carries no more than that. A full Board is one too.
 */
export const pickerBoardSchema = boardSchema.pick({
  id: true,
  type: true,
  name: true,
  url: true,
  privacy: true,
  image_cover_url: true,
  cover_color: true,
  pin_count: true,
  section_count: true,
  is_collaborative: true,
  access: true,
  board_order_modified_at: true,
});
export type PickerBoard = z.infer<typeof pickerBoardSchema>;

/** BoardPickerBoardsResource's answer: every board the viewer may save into, and the 2 most recent. */
export const boardPickerSchema = z.object({
  all_boards: z.array(pickerBoardSchema),
  boards_shortlist: z.array(pickerBoardSchema),
});
export type BoardPicker = z.infer<typeof boardPickerSchema>;

/** What a save answers (Create PinResource / RepinResource): the pin, and whether it was the pinner's first. */
export const savedPinSchema = pinSchema.extend({ first_save: z.boolean() });
export type SavedPin = z.infer<typeof savedPinSchema>;

export const foundImagesSchema = z.object({ items: z.array(z.object({ type: z.literal('pinnable'), url: z.string() })) });
export type FoundImages = z.infer<typeof foundImagesSchema>;

export const boardTitleSuggestionsSchema = z.array(z.object({ title: z.string() }));

// ---- options (what the client sends) -----------------------------------------------------

const boardName = z
  .string({ error: SAVING_STRINGS.boardNameRequired })
  .trim()
  .min(1, SAVING_STRINGS.boardNameRequired)
  .max(BOARD_NAME_MAX_LENGTH, fillTemplate(SAVING_STRINGS.tooLong, { maxLength: BOARD_NAME_MAX_LENGTH }));

const sectionName = z
  .string({ error: 'Enter a name for the section.' })
  .trim()
  .min(1, 'Enter a name for the section.')
  .max(SECTION_NAME_MAX_LENGTH, fillTemplate(SAVING_STRINGS.tooLong, { maxLength: SECTION_NAME_MAX_LENGTH }));

const text = (max: number) => z.string().max(max, fillTemplate(SAVING_STRINGS.tooLong, { maxLength: max }));

export const boardCreateOptionsSchema = z.object({
  name: boardName,
  description: text(BOARD_DESCRIPTION_MAX_LENGTH).optional(),
  privacy: z.enum(BOARD_PRIVACIES).default('public'),
  advertiser_id: idSchema.optional(),
  aux_data: z.object({ source: z.string().max(50).optional() }).loose().optional(),
});
export type BoardCreateOptions = z.input<typeof boardCreateOptionsSchema>;

export const boardUpdateOptionsSchema = z.object({
  board_id: idSchema,
  name: boardName.optional(),
  description: text(BOARD_DESCRIPTION_MAX_LENGTH).optional(),
  privacy: z.enum(BOARD_PRIVACIES).optional(),
});
export type BoardUpdateOptions = z.input<typeof boardUpdateOptionsSchema>;

export const boardIdOptionsSchema = z.object({ board_id: idSchema, field_set_key: z.string().max(50).optional() });
/** BoardResource get: by id, or by the owner's username and the board's slug (the board page `/{username}/{slug}/`). */
export const boardGetOptionsSchema = z.union([
  boardIdOptionsSchema,
  z.object({ username: z.string().min(1).max(30), slug: z.string().min(1).max(200), field_set_key: z.string().max(50).optional() }),
]);
export type BoardGetOptions = z.input<typeof boardGetOptionsSchema>;

export const boardPickerOptionsSchema = z.object({
  pin_id: idSchema.optional(),
  username: z.string().max(30).optional(),
  user_id: z.string().max(64).optional(),
  advertiser_id: idSchema.optional(),
  filter: z.enum(['all', 'protected']).default('all'),
  field_set_key: z.string().max(50).optional(),
  shortlist_suggestions: z.coerce.number().int().min(0).max(10).default(2),
  isDesktop: z.boolean().optional(),
});
export type BoardPickerOptions = z.input<typeof boardPickerOptionsSchema>;

/** A profile's boards grid (BoardsResource), paged. */
export const userBoardsOptionsSchema = z.object({
  username: z.string().min(1).max(30),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  bookmarks: z.array(z.string()).max(1).optional(),
});

/** A board's (or a section's) pins, paged: BoardFeedResource / BoardSectionPinsResource. */
export const boardFeedOptionsSchema = z.object({
  board_id: idSchema,
  section_id: idSchema.optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  bookmarks: z.array(z.string()).max(1).optional(),
});

export const pinCreateOptionsSchema = z
  .object({
    board_id: idSchema,
    section: idSchema.optional(),
    section_id: idSchema.optional(),
    description: text(PIN_DESCRIPTION_MAX_LENGTH).optional(),
    title: text(PIN_TITLE_MAX_LENGTH).optional(),
    link: z.string().max(PIN_LINK_MAX_LENGTH).optional(),
    image_url: z.string().max(PIN_LINK_MAX_LENGTH).optional(),
    image_base64: z.string().optional(),
    method: z.enum(PIN_METHODS).optional(),
    guid: z.string().max(128).optional(),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb').optional(),
    share_facebook: z.boolean().optional(),
    share_twitter: z.boolean().optional(),
    advertiser_id: idSchema.optional(),
    is_buyable_pin: z.literal(false).optional(),
    clientTrackingParams: z.string().max(2048).optional(),
  })
  .refine((o) => Boolean(o.image_url) !== Boolean(o.image_base64), { message: 'Give image_url or image_base64 (one of them).', path: ['image_url'] });
export type PinCreateOptions = z.input<typeof pinCreateOptionsSchema>;

export const repinOptionsSchema = z.object({
  pin_id: idSchema,
  board_id: idSchema,
  section_id: idSchema.optional(),
  description: text(PIN_DESCRIPTION_MAX_LENGTH).optional(),
  title: text(PIN_TITLE_MAX_LENGTH).optional(),
  /** The advertiser acted for (section 6: sent on pin creation, a repin included). */
  advertiser_id: idSchema.optional(),
});
export type RepinOptions = z.input<typeof repinOptionsSchema>;

export const pinIdOptionsSchema = z.object({ id: idSchema, field_set_key: z.string().max(50).optional() });

export const sectionCreateOptionsSchema = z.object({
  board_id: idSchema,
  name: sectionName,
  name_source: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  initial_pins: z.array(idSchema).max(SECTION_INITIAL_PINS_MAX).default([]),
  orbac_subject_id: z.string().max(64).optional(),
});
export type SectionCreateOptions = z.input<typeof sectionCreateOptionsSchema>;

export const sectionUpdateOptionsSchema = z.object({ section_id: idSchema, name: sectionName });
export const sectionIdOptionsSchema = z.object({ section_id: idSchema, field_set_key: z.string().max(50).optional() });
/** BoardSectionResource get: by id, or by its board and slug (the section page `/{username}/{board}/{section}/`). */
export const sectionGetOptionsSchema = z.union([
  sectionIdOptionsSchema,
  z.object({ board_id: idSchema, slug: z.string().min(1).max(200), field_set_key: z.string().max(50).optional() }),
]);
export type SectionGetOptions = z.input<typeof sectionGetOptionsSchema>;

/** SavedPinCheckResource: whether the viewer already saved the image of a link (the bookmarklet's popup). */
export const savedPinCheckOptionsSchema = z.object({ image_url: z.string().min(1).max(PIN_LINK_MAX_LENGTH) });
export const savedPinCheckSchema = z.object({ pin_id: z.string().nullable(), pinned_to_board: savedToBoardSchema.nullable() });
export type SavedPinCheck = z.infer<typeof savedPinCheckSchema>;

export const findImagesOptionsSchema = z.object({ url: z.string().min(1).max(PIN_LINK_MAX_LENGTH), scrapeMetric: z.unknown().optional() });

// ---- related board (the success dialog's suggestion) --------------------------------------

/** RelatedBoardForPinRandomFeedResource suggests one board (section 9: "related board page size 1"). */
export const RELATED_BOARD_PAGE_SIZE = 1;

/**
 * RelatedBoardForPinRandomFeedResource get: another public board holding the image of the pin
 * just saved, for the success dialog. `orbac_subject_id` (the advertiser acted for) is accepted
 * as the web client sends it and changes nothing: the suggestion is the viewer's own.
 */
export const relatedBoardOptionsSchema = z.object({
  pin: idSchema,
  page_size: z.coerce
    .number()
    .refine((n) => n === RELATED_BOARD_PAGE_SIZE, `page_size must be ${RELATED_BOARD_PAGE_SIZE}: one board is suggested.`)
    .default(RELATED_BOARD_PAGE_SIZE),
  orbac_subject_id: z.string().max(64).optional(),
});
export type RelatedBoardOptions = z.input<typeof relatedBoardOptionsSchema>;

/** Its answer: the suggested board, or none (an empty list). */
export const relatedBoardsSchema = z.array(boardSchema).max(RELATED_BOARD_PAGE_SIZE);

/**
 * The API codes a board action answers while another runs on the same board (saving-boards-ads.md
 * section 8; the web shows 'Please wait until the previous board action finishes.' for each).
 * The code names what is running: pins being moved (bulk edit, section edit, back to the board
 * root), a select-all move, or a section being created with pins or deleted.
 */
export const BOARD_BUSY_CODES = { moving: 2171, selectAll: 2172, sectionChange: 2173 } as const;
export type BoardBusyCode = (typeof BOARD_BUSY_CODES)[keyof typeof BOARD_BUSY_CODES];
