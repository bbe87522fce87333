import { ctrOf, REPORT_MAX_DAYS, type ReportDaily, type ReportDay, type ReportLevel, type ReportRow } from '@pinhive/contracts';
import { appError, type Viewer } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { authorizeAdvertiser } from '../advertisers/advertiser.policy';
import type { AdvertiserRepository } from '../advertisers/advertiser.repository';
import { AD_STATS_COLLECTION, ADVERTISER_STATS_COLLECTION, advertiserMonthKey, campaignMonthKey, type AdStatsDoc, type AdvertiserStatsDoc, type DayCounts } from '../counting/stats.model';
import { advertiserBucketKey, CAMPAIGN_BUCKET_SIZE } from '../promotions/promotion.model';
import type { PromotionRepository, StoredCampaign } from '../promotions/promotion.repository';
import { addDays, dayOf } from '../promotions/promotion.rules';
import type { ProfileRepository } from '../promotions/profile.repository';
import { spendCurrency } from './report.rules';

/** The days of a report when none are asked for: the last 7, today included. */
const DEFAULT_DAYS = 7;

const daysBetween = (start: string, end: string): string[] => {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
};

/** A day's figures from its stored counts (none stored: nothing counted, zeros). */
const dayOfStats = (date: string, s: DayCounts | undefined): ReportDay => {
  const impressions = s?.impressions ?? 0;
  const clicks = s?.clicks ?? 0;
  return { date, impressions, clicks, ctr: ctrOf(clicks, impressions), spend_in_micro_currency: s?.spendMicro ?? 0 };
};

/**
 * Reporting (issue 25): an advertiser's campaigns, newest first, a bucket of CAMPAIGN_BUCKET_SIZE
 * at a time (`bookmark`: the next bucket), each with its days' impressions, clicks, CTR and spend
 * from `ad_stats` (read by the campaign's months, by equality). A quick promotion has one ad group
 * and one ad, so its three levels show the same numbers under their own ids.
 */
export class ReportService {
  constructor(private readonly deps: {
    mongo: Connection;
    advertisers: Pick<AdvertiserRepository, 'findById'>;
    promotions: Pick<PromotionRepository, 'inBucket' | 'campaign' | 'setStatus'>;
    profiles: Pick<ProfileRepository, 'find'>;
    isServing: (campaignId: string) => boolean;
    now: () => Date;
  }) {}

  async report(viewer: Viewer, advertiserId: string, q: { level: ReportLevel; start_date?: string | undefined; end_date?: string | undefined; bookmark?: string | undefined }): Promise<{ rows: ReportRow[]; next: string | undefined }> {
    authorizeAdvertiser(viewer, 'promote', await this.deps.advertisers.findById(advertiserId));
    const days = this.daysOf(q);
    const seq = (await this.deps.profiles.find(advertiserId))?.campaignSeq ?? 0;
    let bucket = q.bookmark !== undefined ? Number(q.bookmark) : Math.floor(seq / CAMPAIGN_BUCKET_SIZE);
    if (!Number.isInteger(bucket) || bucket < 0) throw appError('bad_request', { message: 'The bookmark is not one this list gave.', field: 'bookmark' });
    // A bucket may be empty (a retried promotion used a number): read on to the next that is not.
    let campaigns: StoredCampaign[] = [];
    while (campaigns.length === 0 && bucket >= 0) {
      campaigns = await this.deps.promotions.inBucket(advertiserBucketKey(advertiserId, bucket * CAMPAIGN_BUCKET_SIZE));
      bucket -= 1;
    }
    campaigns.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b._id.localeCompare(a._id));
    const rows = await Promise.all(campaigns.map(async (c) => this.row(c, q.level, days, await this.statsOf(c._id, days))));
    return { rows, next: bucket >= 0 ? String(bucket) : undefined };
  }

  /**
   * The advertiser's totals per day across all its campaigns (the report's chart), from
   * `advertiser_stats` read by the range's months (at most 4 reads of at most 31 documents),
   * however many campaigns it has. Spend comes with its currency only when all its campaigns share one.
   */
  async daily(viewer: Viewer, advertiserId: string, q: { start_date?: string | undefined; end_date?: string | undefined }): Promise<ReportDaily> {
    authorizeAdvertiser(viewer, 'promote', await this.deps.advertisers.findById(advertiserId));
    const days = this.daysOf(q);
    const [profile, stats] = await Promise.all([
      this.deps.profiles.find(advertiserId),
      this.storedDays<AdvertiserStatsDoc>(ADVERTISER_STATS_COLLECTION, 'advertiserMonth', days.map((d) => advertiserMonthKey(advertiserId, d))),
    ]);
    return { currency: spendCurrency(profile), days: days.map((date) => dayOfStats(date, stats.get(date))) };
  }

  /** Every day of the range asked (default the last DEFAULT_DAYS, today included); a 400 beyond REPORT_MAX_DAYS. */
  private daysOf(q: { start_date?: string | undefined; end_date?: string | undefined }): string[] {
    const end = q.end_date ?? dayOf(this.deps.now());
    const start = q.start_date ?? addDays(end, -(DEFAULT_DAYS - 1));
    if (start > end || daysBetween(start, end).length > REPORT_MAX_DAYS) throw appError('bad_request', { message: `Choose a range of 1 to ${REPORT_MAX_DAYS} days.`, field: 'start_date' });
    return daysBetween(start, end);
  }

  private statsOf(campaignId: string, days: string[]): Promise<Map<string, AdStatsDoc>> {
    return this.storedDays<AdStatsDoc>(AD_STATS_COLLECTION, 'campaignMonth', days.map((d) => campaignMonthKey(campaignId, d)));
  }

  /** The stored days of a campaign or an advertiser by day, read a month at a time by equality on its indexed month key. */
  private async storedDays<D extends DayCounts & { day: string }>(collection: string, monthField: 'campaignMonth' | 'advertiserMonth', monthKeys: string[]): Promise<Map<string, D>> {
    const months = [...new Set(monthKeys)];
    const docs = (await Promise.all(months.map((m) => this.deps.mongo.collection(collection).find({ [monthField]: m }).toArray()))).flat() as unknown as D[];
    return new Map(docs.map((d) => [d.day, d]));
  }

  private row(c: StoredCampaign, level: ReportLevel, days: string[], stats: Map<string, AdStatsDoc>): ReportRow {
    const perDay: ReportDay[] = days.map((date) => dayOfStats(date, stats.get(date)));
    const impressions = perDay.reduce((n, d) => n + d.impressions, 0);
    const clicks = perDay.reduce((n, d) => n + d.clicks, 0);
    return {
      id: level === 'campaigns' ? c._id : level === 'adgroups' ? c.adGroupId : c.adId, level, campaign_id: c._id, name: c.name, pin_id: c.pinId, objective: c.objective, status: c.status,
      serving: this.deps.isServing(c._id), daily_budget_in_micro_currency: c.dailyBudgetMicro, currency: c.currency, start_date: c.startDate, end_date: c.endDate, days: perDay,
      totals: { impressions, clicks, ctr: ctrOf(clicks, impressions), spend_in_micro_currency: perDay.reduce((n, d) => n + d.spend_in_micro_currency, 0) },
    };
  }

  /** Pauses or resumes a campaign (the advertiser's people); serving follows within ADS_SERVING_REFRESH_MS. */
  async setStatus(viewer: Viewer, advertiserId: string, campaignId: string, status: 'ACTIVE' | 'PAUSED'): Promise<ReportRow> {
    authorizeAdvertiser(viewer, 'promote', await this.deps.advertisers.findById(advertiserId));
    const campaign = await this.deps.promotions.campaign(campaignId);
    if (!campaign || campaign.advertiserId !== advertiserId) throw appError('campaign_not_found');
    const changed = await this.deps.promotions.setStatus(campaignId, status);
    if (!changed) throw appError('campaign_not_found');
    const today = dayOf(this.deps.now());
    return this.row(changed, 'campaigns', [today], await this.statsOf(campaignId, [today]));
  }
}
