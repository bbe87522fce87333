/** A day's counts, as the counting writes them (`$max` of its Redis totals) and a report reads them. */
export interface DayCounts {
  impressions: number;
  clicks: number;
  spendMicro: number;
}

/**
 * What an ad did on a day (UTC): impressions, clicks and spend, written from the counting's
 * Redis aggregates (counting/counter.ts) with `$max`, so a write of an older total never lowers a
 * newer one and two instances flushing the same day agree. `_id` is `<adId>:<day>`.
 */
export interface AdStatsDoc extends DayCounts {
  _id: string;
  adId: string;
  adGroupId: string;
  campaignId: string;
  advertiserId: string;
  day: string;
  /** `<campaignId>:<YYYY-MM>`: a report reads a campaign's days a month at a time, by equality. */
  campaignMonth: string;
}

export const AD_STATS_COLLECTION = 'ad_stats';
export const campaignMonthKey = (campaignId: string, day: string): string => `${campaignId}:${day.slice(0, 7)}`;

/**
 * What all an advertiser's campaigns did on a day (UTC), written from the counting's per-advertiser
 * Redis aggregate beside the ads' (counting/counter.ts), with `$max` as above. The report's chart
 * reads these: a day's total across every campaign in one document, however many campaigns there
 * are. `_id` is `<advertiserId>:<day>`.
 */
export interface AdvertiserStatsDoc extends DayCounts {
  _id: string;
  advertiserId: string;
  day: string;
  /** `<advertiserId>:<YYYY-MM>`: the chart reads an advertiser's days a month at a time, by equality. */
  advertiserMonth: string;
}

export const ADVERTISER_STATS_COLLECTION = 'advertiser_stats';
export const advertiserMonthKey = (advertiserId: string, day: string): string => `${advertiserId}:${day.slice(0, 7)}`;
