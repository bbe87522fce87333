import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { DevMessage } from '@pinhive/contracts';

interface DevMessageDoc {
  _id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  sentAt: Date;
}

/** Messages "sent" in development and tests, readable at /dev/outbox instead of a real inbox. */
export class DevOutboxRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<DevMessageDoc>('dev_messages');
  }

  async add(message: Omit<DevMessageDoc, '_id' | 'sentAt'>): Promise<void> {
    await this.col().insertOne({ _id: randomUUID(), sentAt: new Date(), ...message });
  }

  async latest(limit = 50): Promise<DevMessage[]> {
    const docs = await this.col().find().sort({ sentAt: -1 }).limit(limit).toArray();
    return docs.map((d) => ({ id: d._id, channel: d.channel, to: d.to, subject: d.subject, text: d.text, sent_at: d.sentAt.toISOString() }));
  }
}
