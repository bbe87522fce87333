import { SERVING_CAMPAIGNS_MAX, type EventEnvelope } from '@pinhive/contracts';
import { docWithEvents, isDuplicateKey } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { AD_GROUPS_COLLECTION, ADS_COLLECTION, CAMPAIGNS_COLLECTION, type AdDoc, type AdGroupDoc, type CampaignDoc } from './promotion.model';

/** Fields an answer never needs: the outbox's. */
const NO_OUTBOX = { projection: { pendingEvents: 0, outboxPending: 0, children: 0 } };

/**
 * The most campaigns served at once by one deployment: each instance holds them all in memory
 * (serving/serving-set.ts), and pins-boards its read model of them. Past it, the oldest live ones wait (ours; docs/decisions/ad-serving.md).
 */
export const LIVE_MAX = SERVING_CAMPAIGNS_MAX;

/** A campaign as read for an answer: without the children it was written with. */
export type StoredCampaign = Omit<CampaignDoc, 'children'>;

export class PromotionRepository {
  constructor(private readonly conn: Connection) {}

  private campaigns() {
    return this.conn.collection<CampaignDoc>(CAMPAIGNS_COLLECTION);
  }

  /**
   * Stores a new campaign with its event, in one write. Answers the campaign a retry of the same
   * request made before (same `requestKey`) instead, if any.
   */
  async insertCampaign(campaign: CampaignDoc, events: EventEnvelope[]): Promise<StoredCampaign | 'inserted'> {
    try {
      await this.campaigns().insertOne(docWithEvents(campaign, events));
      return 'inserted';
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await this.campaignByRequestKey(campaign.requestKey);
      if (!earlier) throw err;
      return earlier;
    }
  }

  campaign(id: string): Promise<StoredCampaign | null> {
    return this.campaigns().findOne({ _id: id }, NO_OUTBOX);
  }

  campaignByRequestKey(requestKey: string): Promise<StoredCampaign | null> {
    return this.campaigns().findOne({ requestKey }, NO_OUTBOX);
  }

  /** The campaigns that may still be served, with their children (serving reads them whole; bounded by LIVE_MAX). */
  async liveCampaigns(): Promise<CampaignDoc[]> {
    // Serving's first read runs as the service starts: before the first connect, mongoose's
    // collection has no cursor to give (it buffers commands, not cursors).
    await this.conn.asPromise();
    return this.campaigns().find({ live: true }, { projection: { outboxPending: 0 }, limit: LIVE_MAX }).toArray();
  }

  /** A campaign past its end leaves the live set for good. */
  async endLive(id: string): Promise<void> {
    await this.campaigns().updateOne({ _id: id }, { $unset: { live: '' } });
  }

  /** A bucket of an advertiser's campaigns (at most CAMPAIGN_BUCKET_SIZE). */
  inBucket(bucket: string): Promise<StoredCampaign[]> {
    return this.campaigns().find({ advertiserBucket: bucket }, NO_OUTBOX).toArray();
  }

  /** Pauses or resumes a campaign; the campaign as it is after, or null when not there. */
  async setStatus(id: string, status: CampaignDoc['status']): Promise<StoredCampaign | null> {
    // FerretDB takes no projection on findAndModify: the fields an answer never needs go here.
    const doc = await this.campaigns().findOneAndUpdate({ _id: id }, { $set: { status } }, { returnDocument: 'after' });
    if (!doc) return null;
    const { children: _children, pendingEvents: _pending, ...campaign } = doc;
    return campaign;
  }

  /** The ad group and ad a campaign was written with (the repairing handler). */
  async childrenOf(id: string): Promise<CampaignDoc['children'] | null> {
    return (await this.campaigns().findOne({ _id: id }, { projection: { children: 1 } }))?.children ?? null;
  }

  adGroup(id: string): Promise<AdGroupDoc | null> {
    return this.conn.collection<AdGroupDoc>(AD_GROUPS_COLLECTION).findOne({ _id: id });
  }

  ad(id: string): Promise<AdDoc | null> {
    return this.conn.collection<AdDoc>(ADS_COLLECTION).findOne({ _id: id });
  }

  /** Writes the campaign's ad group and ad unless they are there: the request and the repairing handler may both. */
  async putChildren(children: CampaignDoc['children']): Promise<void> {
    await Promise.all([this.putAdGroup(children.adGroup), this.putAd(children.ad)]);
  }

  /** Writes the ad group unless it is there. */
  async putAdGroup(group: AdGroupDoc): Promise<void> {
    const { _id, ...rest } = group;
    await this.conn.collection<AdGroupDoc>(AD_GROUPS_COLLECTION).updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
  }

  /** Writes the ad unless it is there (as putAdGroup). */
  async putAd(ad: AdDoc): Promise<void> {
    const { _id, ...rest } = ad;
    await this.conn.collection<AdDoc>(ADS_COLLECTION).updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
  }
}
