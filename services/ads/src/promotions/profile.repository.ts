import { CONVERSION_TAGS_MAX } from '@pinhive/contracts';
import type { Connection } from 'mongoose';
import { ADVERTISER_PROFILES_COLLECTION, type AdvertiserProfileDoc } from './profile.model';

export class ProfileRepository {
  constructor(private readonly conn: Connection) {}

  private profiles() {
    return this.conn.collection<AdvertiserProfileDoc>(ADVERTISER_PROFILES_COLLECTION);
  }

  find(advertiserId: string): Promise<AdvertiserProfileDoc | null> {
    return this.profiles().findOne({ _id: advertiserId });
  }

  /** Sets the business or billing details whole (one write; the latest wins). */
  async set(advertiserId: string, part: 'business' | 'billing', value: NonNullable<AdvertiserProfileDoc['business'] | AdvertiserProfileDoc['billing']>): Promise<AdvertiserProfileDoc> {
    const doc = await this.profiles().findOneAndUpdate({ _id: advertiserId }, { $set: { [part]: value }, $setOnInsert: { tagCount: 0 } }, { upsert: true, returnDocument: 'after' });
    if (!doc) throw new Error(`profile ${advertiserId} not written`);
    return doc;
  }

  /** The advertiser's next campaign number (from 1), the campaign's currency noted among its currencies in the same write. */
  async nextCampaignSeq(advertiserId: string, currency: string): Promise<number> {
    const doc = await this.profiles().findOneAndUpdate({ _id: advertiserId }, { $inc: { campaignSeq: 1 }, $addToSet: { currencies: currency }, $setOnInsert: { tagCount: 0 } }, { upsert: true, returnDocument: 'after' });
    return doc?.campaignSeq ?? 1;
  }

  /**
   * Adds a conversion tag while the advertiser has room, in one write guarded by the count kept
   * beside the list. False when full.
   */
  async addTag(advertiserId: string, tag: { id: string; name: string; createdAt: Date }): Promise<boolean> {
    await this.profiles().updateOne({ _id: advertiserId }, { $setOnInsert: { tagCount: 0 } }, { upsert: true });
    const res = await this.profiles().updateOne(
      { _id: advertiserId, tagCount: { $lt: CONVERSION_TAGS_MAX } },
      { $push: { conversionTags: tag }, $inc: { tagCount: 1 } },
    );
    return res.modifiedCount === 1;
  }
}
