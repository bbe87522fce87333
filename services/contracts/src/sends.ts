import { z } from 'zod';
import { userIdSchema } from './follows';
import { idSchema, pinSchema, userSummarySchema } from './pins-boards';

/*
 * Sending a pin to a person (issue 23; the saved-pin dialog's 'Send' goes to /pin/{id}/?share=true).
 * Why this shape: docs/decisions/sending-pins.md.
 */

/** "Sent to you": sends per page. */
export const RECEIVED_PINS_PAGE_SIZE = 25;
export const RECEIVED_PINS_PAGE_MAX = 50;

/** PinSendResource create: send a pin the viewer may see to a person they follow (an `Idempotency-Key` header makes retries one send). */
export const pinSendOptionsSchema = z.object({
  pin_id: idSchema,
  recipient_id: userIdSchema,
});
export type PinSendOptions = z.input<typeof pinSendOptionsSchema>;

/** What a send answers: the send, and whom it went to. */
export const pinSendSchema = z.object({
  id: z.string(),
  pin_id: z.string(),
  recipient: userSummarySchema,
  sent_at: z.string(),
});
export type PinSend = z.infer<typeof pinSendSchema>;

/** ReceivedPinsResource get: the viewer's "Sent to you", newest first. */
export const receivedPinsOptionsSchema = z.object({
  page_size: z.coerce.number().int().min(1).max(RECEIVED_PINS_PAGE_MAX).default(RECEIVED_PINS_PAGE_SIZE),
  bookmarks: z.array(z.string()).max(1).optional(),
});

/** One pin of "Sent to you": the pin as the recipient sees it now, who sent it, when. */
export const receivedPinSchema = z.object({
  id: z.string(),
  pin: pinSchema,
  sender: userSummarySchema,
  sent_at: z.string(),
});
export type ReceivedPin = z.infer<typeof receivedPinSchema>;
