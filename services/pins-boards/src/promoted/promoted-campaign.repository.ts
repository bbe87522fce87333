import { SERVING_CAMPAIGNS_MAX, type CampaignServingV1 } from '@pinhive/contracts';
import { setIfNewer } from '@pinhive/kit';
import type { Collection, Connection } from 'mongoose';
import { PROMOTED_CAMPAIGNS_COLLECTION, type PromotedCampaignDoc } from './promoted-campaign.model';

export class PromotedCampaignRepository {
  constructor(private readonly conn: Connection) {}

  private docs(): Collection<PromotedCampaignDoc> {
    return this.conn.collection<PromotedCampaignDoc>(PROMOTED_CAMPAIGNS_COLLECTION);
  }

  /** Keeps a campaign's serving record unless a newer event's is there already; answers whether it did. */
  setIfNewer(record: CampaignServingV1, at: Date): Promise<boolean> {
    return setIfNewer(this.docs(), record.campaignId, 'changedAt', at, { live: record.live, record }, {});
  }

  /** The campaigns that may be served (one indexed equality read, bounded by SERVING_CAMPAIGNS_MAX). */
  async live(): Promise<CampaignServingV1[]> {
    // The set's first read runs as the service starts: before the first connect there is no cursor to give.
    await this.conn.asPromise();
    const docs = await this.docs().find({ live: true }, { projection: { record: 1 }, limit: SERVING_CAMPAIGNS_MAX }).toArray();
    return docs.map((d) => d.record);
  }
}
