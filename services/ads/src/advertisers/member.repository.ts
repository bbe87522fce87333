import { isDuplicateKey } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { ADVERTISER_MEMBERS_COLLECTION, memberRowId, type AdvertiserMemberDoc } from './advertiser.model';

/** The per-person rows of who may act for which advertiser (advertiser.model.ts). */
export class MemberRepository {
  constructor(private readonly conn: Connection) {}

  private rows() {
    return this.conn.collection<AdvertiserMemberDoc>(ADVERTISER_MEMBERS_COLLECTION);
  }

  /** A person's rows: at most ADVERTISERS_PER_PERSON_MAX (checked before each add), read whole by equality. */
  async ofPerson(userId: string): Promise<AdvertiserMemberDoc[]> {
    return this.rows().find({ userId }).toArray();
  }

  /** Makes the row, or sets its role; `addedAt` is the first writer's. */
  async put(row: AdvertiserMemberDoc): Promise<void> {
    const { _id, addedAt, ...fields } = row;
    try {
      await this.rows().updateOne({ _id }, { $set: fields, $setOnInsert: { addedAt } }, { upsert: true });
    } catch (err) {
      // The request and the event's handler made it at the same moment: it is there now.
      if (!isDuplicateKey(err)) throw err;
      await this.rows().updateOne({ _id }, { $set: fields });
    }
  }

  async remove(advertiserId: string, userId: string): Promise<void> {
    await this.rows().deleteOne({ _id: memberRowId(advertiserId, userId) });
  }
}
