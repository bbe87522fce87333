import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';
import { listBucketKey } from '../shared/list-numbers';
import { PIN_SENDS_COLLECTION, SEND_BUCKET_SIZE, type PinSendDoc } from './send.model';

/** Sends of pins to people: written once each, read by their request key and by the recipient's list buckets. */
export class SendRepository {
  constructor(private readonly conn: Connection) {}

  private sends() {
    return this.conn.collection<PinSendDoc>(PIN_SENDS_COLLECTION);
  }

  /**
   * Stores a send; a retry of one stored before (same `requestKey`, its answer lost) stores
   * nothing and answers the earlier send, whose number stays the one in the list (the retry's
   * number is a gap).
   */
  async insert(send: PinSendDoc): Promise<PinSendDoc | 'inserted'> {
    try {
      await this.sends().insertOne(send);
      return 'inserted';
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await this.sends().findOne({ requestKey: send.requestKey });
      if (!earlier) throw err;
      return earlier;
    }
  }

  /** One bucket of a person's "Sent to you" (one equality read by the indexed bucket key). */
  async receivedInBucket(recipientId: string, bucket: number): Promise<PinSendDoc[]> {
    return this.sends().find({ receivedBucket: listBucketKey(recipientId, bucket * SEND_BUCKET_SIZE, SEND_BUCKET_SIZE) }).toArray();
  }
}
