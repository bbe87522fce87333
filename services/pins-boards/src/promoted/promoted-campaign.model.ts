import type { CampaignServingV1 } from '@pinhive/contracts';

export const PROMOTED_CAMPAIGNS_COLLECTION = 'promoted_campaigns';

/**
 * A campaign as ads serves it, from ads' `ads.campaign.serving.v1` (the newest event of each
 * campaign, by its `occurredAt`: `changedAt`), so home feed and search pages can carry their
 * promoted pins without a call to ads. `_id` is the campaign id; `live` (indexed) is the flag
 * the serving set is read by: a campaign past its end keeps its document with `live: false`,
 * so an older event delivered late cannot bring it back.
 */
export interface PromotedCampaignDoc {
  _id: string;
  live: boolean;
  record: CampaignServingV1;
  changedAt: Date;
}
