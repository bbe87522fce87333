import type { Viewer } from '@pinhive/kit';
import { pinPolicy, type PinSubject } from '../pins/pin.policy';

/** What decides whether a pin may be sent to someone, once the pin and the person are found. */
export interface SendSubject {
  senderId: string;
  recipientId: string;
  /** Whether the sender follows the recipient now. */
  followsRecipient: boolean;
  pin: PinSubject;
}

/** Why a send is refused: the answer's code, field and message (shown to the sender as it is). */
export interface SendRefusal {
  code: 'bad_request' | 'forbidden' | 'not_found';
  field: 'recipient_id' | 'pin_id';
  message: string;
}

export const SEND_MESSAGES = {
  self: "You can't send a pin to yourself.",
  notFollowed: 'You can send pins only to people you follow.',
  // The pin policy's own 404: what the recipient would get opening it.
  hidden: 'Pin not found.',
} as const;

/**
 * The recipient as the pin and board policies read a viewer: by their id alone (no rule reads
 * more of a viewer), to ask whether they could open the pin sent to them.
 */
export const asReader = (userId: string): Viewer => ({ userId, sessionId: '', username: '', viewerType: 'AUTH' });

/**
 * Whether a pin the sender sees may go to a person, else why not: not to oneself, only to someone
 * the sender follows (a send is not a way to reach strangers), and only a pin the recipient may
 * open: a pin on a secret board they are not a member of is refused with the 404 they would get.
 */
export function sendRefusal(subject: SendSubject): SendRefusal | null {
  if (subject.recipientId === subject.senderId) return { code: 'bad_request', field: 'recipient_id', message: SEND_MESSAGES.self };
  if (!subject.followsRecipient) return { code: 'forbidden', field: 'recipient_id', message: SEND_MESSAGES.notFollowed };
  if (!pinPolicy.rules.read(asReader(subject.recipientId), subject.pin)) return { code: 'not_found', field: 'pin_id', message: SEND_MESSAGES.hidden };
  return null;
}
