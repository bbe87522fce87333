import type { Connection } from 'mongoose';

/**
 * Records of `(eventId, handler)` pairs already handled, so a redelivered event changes
 * nothing. The unique index makes the record itself race-safe.
 */
export class ProcessedEvents {
  private indexed: Promise<unknown> | undefined;
  constructor(private readonly conn: Connection) {}

  private collection() {
    const col = this.conn.collection<{ _id: string; eventId: string; handler: string; at: Date }>('processed_events');
    this.indexed ??= col.createIndex({ eventId: 1, handler: 1 }, { unique: true }).catch((err: unknown) => {
      this.indexed = undefined;
      throw err;
    });
    return col;
  }

  async has(eventId: string, handler: string): Promise<boolean> {
    return (await this.collection().countDocuments({ _id: `${handler}:${eventId}` }, { limit: 1 })) > 0;
  }

  async mark(eventId: string, handler: string): Promise<void> {
    const col = this.collection();
    await this.indexed;
    await col.updateOne(
      { _id: `${handler}:${eventId}` },
      { $setOnInsert: { eventId, handler, at: new Date() } },
      { upsert: true },
    );
  }
}
