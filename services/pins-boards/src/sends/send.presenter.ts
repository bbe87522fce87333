import type { Pin, PinSend, ReceivedPin, UserSummary } from '@pinhive/contracts';
import type { PinSendDoc } from './send.model';

/** A send as its sender's answer shows it. */
export const presentSend = (send: PinSendDoc, recipient: UserSummary): PinSend => ({
  id: send._id,
  pin_id: send.pinId,
  recipient,
  sent_at: send.sentAt.toISOString(),
});

/** A send of "Sent to you": the pin as the recipient sees it now, and its sender. */
export const presentReceived = (send: PinSendDoc, pin: Pin, sender: UserSummary): ReceivedPin => ({
  id: send._id,
  pin,
  sender,
  sent_at: send.sentAt.toISOString(),
});
