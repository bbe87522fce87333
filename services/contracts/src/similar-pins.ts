import { z } from 'zod';
import { idSchema, pinSchema } from './pins-boards';

// ---- pictures that look alike (issue 22): docs/decisions/picture-similarity.md --------------

/** A picture's hash is split into this many bands of 16 bits, each looked up by equality. */
export const PICTURE_HASH_BANDS = 4;

/**
 * Two pictures whose hashes differ in at most this many of 64 bits are the same picture (a
 * re-encoded, resized or lightly edited copy): the already-saved check names the viewer's board
 * holding one ('Psst! You already saved this Pin to {board_name}'). Copies measured 0-2 apart.
 */
export const SAME_PICTURE_MAX_DISTANCE = 6;

/**
 * "More like this" shows pins whose pictures are at most this far: alike, if not the same.
 * Different pictures measured 30 and more; a lookup by bands always finds 3 or less, and
 * further ones only when their differences leave one band whole.
 */
export const LOOKS_ALIKE_MAX_DISTANCE = 10;

/** The most pins "More like this" answers. */
export const MORE_LIKE_THIS_MAX = 25;

/** MoreLikeThisResource get: pins whose pictures look like this pin's. */
export const moreLikeThisOptionsSchema = z.object({
  pin: idSchema,
  page_size: z.coerce.number().int().min(1).max(MORE_LIKE_THIS_MAX).default(MORE_LIKE_THIS_MAX),
});
export type MoreLikeThisOptions = z.input<typeof moreLikeThisOptionsSchema>;

/** Its answer: the pins, nearest picture first (then the most words in common); none is a normal answer. */
export const moreLikeThisSchema = z.array(pinSchema).max(MORE_LIKE_THIS_MAX);
