import { z } from 'zod';
import { pinSendSchema, RECEIVED_PINS_PAGE_SIZE, receivedPinSchema, type PinSend, type ReceivedPin } from '@pinhive/contracts';
import { resourcePageFilled, resourceWrite, type Page } from '../api/resource';

/**
 * PinSendResource create: send a pin to a person the viewer follows. `key` is the send's
 * Idempotency-Key (api/idempotency.ts), made once per press: a retry of the same press is one send.
 */
export function sendPin(pinId: string, recipientId: string, key: { 'Idempotency-Key': string }): Promise<PinSend> {
  return resourceWrite('PinSendResource', 'create', { pin_id: pinId, recipient_id: recipientId }, pinSendSchema, key);
}

/** One page of "Sent to you", newest first (pins since deleted or hidden are left out by the server). */
export function fetchReceivedPins(bookmark: string | null, signal?: AbortSignal): Promise<Page<ReceivedPin>> {
  return resourcePageFilled('ReceivedPinsResource', {}, RECEIVED_PINS_PAGE_SIZE, bookmark, z.array(receivedPinSchema), signal);
}
