export const PIN_SENDS_COLLECTION = 'pin_sends';

/**
 * A recipient's "Sent to you" is read a bucket at a time, as follower lists are (follows/
 * follow.model.ts): a send carries the key of its bucket in the recipient's list
 * (`<recipientId>:<floor(n / 50)>`), `n` its number there. 50 keeps a page's read, and the
 * visibility check of each send in it (cached pins and boards), small.
 */
export const SEND_BUCKET_SIZE = 50;

/** The list counter (shared/list-numbers.ts) of a person's "Sent to you". */
export const receivedList = (recipientId: string): string => `pins-received:${recipientId}`;

/**
 * One pin sent by one person to another. Never changed once written: a pin deleted or hidden
 * from the recipient since is left out when the list is read, not removed here (the send is what
 * happened; what it shows is decided at each read).
 */
export interface PinSendDoc {
  _id: string;
  senderId: string;
  recipientId: string;
  pinId: string;
  /** Its number in the recipient's list, and that list's bucket key (indexed: the list's pages). */
  n: number;
  receivedBucket: string;
  /**
   * `<sender>:<Idempotency-Key>` of the request that made it, or `<sender>:<send id>` without one
   * (always there, so the unique index needs no sparse option): a retried send finds its send.
   */
  requestKey: string;
  sentAt: Date;
}
