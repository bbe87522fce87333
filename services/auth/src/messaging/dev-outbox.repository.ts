import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { onceEver } from '@pinhive/kit';
import type { DevMessage } from '@pinhive/contracts';

interface DevMessageDoc {
  _id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  sentAt: Date;
  /** The message's number in sending order (from the head's counter). */
  seq: number;
  /** `floor(seq / DEV_OUTBOX_WINDOW)`: the key the newest messages are read by. */
  page: number;
}

export const DEV_MESSAGES_COLLECTION = 'dev_messages';
/** One document, `{ _id: 'head', seq }`: the number of the last message, hence the newest page. */
const HEAD_COLLECTION = 'dev_message_head';
/** Messages per page, and how many `latest()` returns: the window the route pages over. */
export const DEV_OUTBOX_WINDOW = 50;

/**
 * Messages "sent" in development and tests, readable at /dev/outbox instead of a real inbox.
 *
 * Read by key, not sorted: FerretDB never pushes a sort down, nor a limit with one, so
 * `find().sort({ sentAt: -1 }).limit(50)` read every message ever sent. Each message gets the
 * next number of a counter and lives on page `floor(seq / 50)`; the newest 50 are on the
 * counter's page (1 to 50 of them) and the one before (50), read by equality on the indexed
 * `page`. Older pages are never read again: each send deletes the page before those two, so
 * at most 150 messages are kept.
 */
export class DevOutboxRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<DevMessageDoc>(DEV_MESSAGES_COLLECTION);
  }

  private head() {
    return this.conn.collection<{ _id: string; seq: number }>(HEAD_COLLECTION);
  }

  async add(message: Pick<DevMessageDoc, 'channel' | 'to' | 'subject' | 'text'>): Promise<void> {
    // One atomic increment numbers the message (FerretDB's writes go through the lock of infra/ferretdb).
    const head = await this.head().findOneAndUpdate({ _id: 'head' }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
    const seq = head!.seq;
    const page = Math.floor(seq / DEV_OUTBOX_WINDOW);
    await this.col().insertOne({ _id: randomUUID(), sentAt: new Date(), seq, page, ...message });
    // Expired: on every send rather than once per page, so a failed delete is tried again.
    await this.col().deleteMany({ page: page - 2 });
  }

  /** The newest `DEV_OUTBOX_WINDOW` messages, newest first: at most 100 documents read, by key. */
  async latest(): Promise<DevMessage[]> {
    const head = await this.head().findOne({ _id: 'head' });
    if (!head) return [];
    const page = Math.floor(head.seq / DEV_OUTBOX_WINDOW);
    const docs = [...(await this.col().find({ page }).toArray()), ...(await this.col().find({ page: page - 1 }).toArray())];
    return docs
      .sort((a, b) => b.seq - a.seq)
      .slice(0, DEV_OUTBOX_WINDOW)
      .map((d) => ({ id: d._id, channel: d.channel, to: d.to, subject: d.subject, text: d.text, sent_at: d.sentAt.toISOString() }));
  }

  /** Messages stored before pages existed are never read: deleted once (a scan, once). */
  async purge(): Promise<number> {
    let deleted = 0;
    await onceEver(this.conn, 'dev-messages-paged', async () => {
      deleted = (await this.col().deleteMany({ page: { $exists: false } })).deletedCount;
    });
    return deleted;
  }
}
