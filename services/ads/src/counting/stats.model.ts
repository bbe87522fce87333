/**
 * What an ad did on a day (UTC): impressions, clicks and spend, written from the counting's
 * Redis aggregates (counting/counter.ts) with `$max`, so a write of an older total never lowers a
 * newer one and two instances flushing the same day agree. `_id` is `<adId>:<day>`.
 */
export interface AdStatsDoc {
  _id: string;
  adId: string;
  adGroupId: string;
  campaignId: string;
  advertiserId: string;
  day: string;
  /** `<campaignId>:<YYYY-MM>`: a report reads a campaign's days a month at a time, by equality. */
  campaignMonth: string;
  impressions: number;
  clicks: number;
  spendMicro: number;
}

export const AD_STATS_COLLECTION = 'ad_stats';
export const campaignMonthKey = (campaignId: string, day: string): string => `${campaignId}:${day.slice(0, 7)}`;
