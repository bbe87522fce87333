import { z } from 'zod';
import { idSchema } from './pins-boards';

/**
 * Safe outbound links (saving-boards-ads.md sections 4 and 9): a link is checked before it is
 * followed; `blocked`, `suspicious` and `porn` are not followed, `ok` is, through the signed
 * `/offsite/` redirect the check answers.
 */
export const OFFSITE_STATUSES = ['ok', 'blocked', 'suspicious', 'porn'] as const;
export type OffsiteStatus = (typeof OFFSITE_STATUSES)[number];
/** The statuses an operator gives a domain (`npm run admin -- offsite block ...`). */
export const OFFSITE_BLOCK_STATUSES = ['blocked', 'suspicious', 'porn'] as const;
export type OffsiteBlockStatus = (typeof OFFSITE_BLOCK_STATUSES)[number];
export const isFollowed = (status: OffsiteStatus): boolean => status === 'ok';

/** The longest link checked (as a pin's link). */
export const OFFSITE_URL_MAX_LENGTH = 2048;

const trueOnly = z
  .string()
  .optional()
  .transform((v) => v?.toLowerCase() === 'true');

/** `GET /v3/offsite/`: `url`, with `pin_id` (or `third_party_ad`), `check_only`, and the tracking fields kept as given. */
export const offsiteCheckQuerySchema = z.object({
  url: z.string().min(1).max(OFFSITE_URL_MAX_LENGTH),
  pin_id: idSchema.optional(),
  third_party_ad: trueOnly,
  check_only: trueOnly,
  client_tracking_params: z.string().max(2048).optional(),
  aux_data: z.string().max(2048).optional(),
});
export type OffsiteCheckQuery = z.input<typeof offsiteCheckQuerySchema>;

/** The check's answer: the status, and where to go (the signed `/offsite/` path; the link itself when not followed). */
export const offsiteCheckSchema = z.object({ redirect_status: z.enum(OFFSITE_STATUSES), url: z.string() });
export type OffsiteCheck = z.infer<typeof offsiteCheckSchema>;
