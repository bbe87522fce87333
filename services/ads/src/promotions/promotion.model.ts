import type { Objective, TargetingSpec } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

/*
 * A quick promotion is Pinterest's hierarchy: a campaign (budget, dates, status), one ad group
 * (targeting) and one ad (the pin, as it looked when promoted). The campaign's document is the
 * truth and carries the event (outbox, one single-document write: FerretDB v1 has no
 * multi-document transactions); the ad group's and the ad's follow it, written by the request
 * after the campaign and again by ads' own handler of the event (promotion.handlers.ts), which
 * repairs what a process that died in between left undone.
 */

export const CAMPAIGNS_COLLECTION = 'campaigns';
export const AD_GROUPS_COLLECTION = 'ad_groups';
export const ADS_COLLECTION = 'ads';

/** Campaigns per listing bucket (reporting reads the advertiser's campaigns a bucket at a time). */
export const CAMPAIGN_BUCKET_SIZE = 20;
export const advertiserBucketKey = (advertiserId: string, seq: number): string => `${advertiserId}:${Math.floor(seq / CAMPAIGN_BUCKET_SIZE)}`;

export interface CampaignDoc extends Partial<OutboxFields> {
  /** Digits (the kit's newId), as console URLs read them. */
  _id: string;
  advertiserId: string;
  name: string;
  objective: Objective;
  status: 'ACTIVE' | 'PAUSED';
  dailyBudgetMicro: number;
  currency: string;
  /** `YYYY-MM-DD` (UTC): the first day served, and the last (null: ongoing). */
  startDate: string;
  endDate: string | null;
  pinId: string;
  adGroupId: string;
  adId: string;
  /** Who promoted it. */
  createdBy: string;
  createdAt: Date;
  /**
   * `<advertiser>:<person>:<Idempotency-Key>` of the request that made it, or
   * `<advertiser>:<person>:<id>` without one (unique): a retried promotion finds its campaign.
   */
  requestKey: string;
  /**
   * Set while the campaign may still be served (until its end date passes; serving/serving-set.ts
   * clears it): serving reads the live campaigns by equality on it.
   */
  live?: true;
  /**
   * `<advertiserId>:<floor(seq / CAMPAIGN_BUCKET_SIZE)>`, seq the advertiser's campaign number:
   * the advertiser's campaigns are listed a bucket at a time, newest first (reporting).
   */
  advertiserBucket: string;
  /** Its ad group and ad as first written: what the repairing handler writes when they are missing. */
  children: { adGroup: AdGroupDoc; ad: AdDoc };
}

export interface AdGroupDoc {
  _id: string;
  campaignId: string;
  advertiserId: string;
  targeting: TargetingSpec;
  autoTargeting: boolean;
  productGroupId: string | null;
  conversion: { tagId: string; event: string } | null;
  createdAt: Date;
}

/** The pin as it was promoted: what serving shows (a later edit of the pin is not the ad). */
export interface AdCreative {
  title: string;
  description: string;
  imageUrl: string;
  width: number;
  height: number;
  dominantColor: string;
  pinnerId: string;
  /** The pin's board (a served item names it) and full-size image. */
  boardId: string;
  boardName: string;
  origUrl: string;
  origWidth: number;
  origHeight: number;
}

export interface AdDoc {
  _id: string;
  adGroupId: string;
  campaignId: string;
  advertiserId: string;
  pinId: string;
  destinationUrl: string;
  creative: AdCreative;
  createdAt: Date;
}
