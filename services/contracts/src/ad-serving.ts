import { z } from 'zod';
import { feedPinSchema } from './follows';
import { CAMPAIGN_STATUSES, OBJECTIVES } from './quick-promote';
import { SEARCH_QUERY_MAX_LENGTH } from './search';

/*
 * Promoted pins served, counted and reported (issue 25; saving-boards-ads.md sections 3 and 6).
 * The ads service chooses which running campaigns' pins a viewer is shown (`GET /ads/v4/serve/`);
 * the web app places them among the organic items with `interleaveAds`; what the browser sees
 * (an impression: at least half the item in view for a second) and clicks go back through
 * `POST /ads/v4/events/` with the token each served item carries. The constants the spec leaves
 * unsaid are ours, in docs/decisions/ad-serving.md.
 */

/** Where promoted pins are served. */
export const AD_PLACEMENTS = ['home_feed', 'search'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** At most one promoted item in this many items (issue 25). */
export const AD_SPACING = 10;
/**
 * Promoted pins asked for at once. The web asks once per visit of a list and spreads the answer
 * over the pages it shows (a page of 25 organic items takes at most 2): 10 last five pages.
 */
export const AD_SERVE_MAX = 10;
/** An impression: at least this share of the item in view... */
export const IMPRESSION_VISIBLE_SHARE = 0.5;
/** ...for at least this long. */
export const IMPRESSION_VISIBLE_MS = 1000;
/** Events the browser sends at once. */
export const AD_EVENTS_MAX = 50;

export const adServeQuerySchema = z.object({
  placement: z.enum(AD_PLACEMENTS),
  count: z.coerce.number().int().min(1).max(AD_SERVE_MAX).default(2),
  /** The search the items go beside (placement search): only promoted pins its words answer are served. */
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
});
export type AdServeQuery = z.input<typeof adServeQuerySchema>;

/** The creator card's sponsor line of a promoted pin (section 3, creator card props). */
export const sponsorSchema = z.object({
  advertiser_id: z.string(),
  /** sponsorName: the advertiser's name, shown as 'Promoted by {name}'. */
  name: z.string(),
  sponsorship_status: z.literal('promoted'),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

/** A promoted pin as served: a feed pin that is an ad (section 3: "Pin kinds in feed ... ad (promoted)"). */
export const promotedPinSchema = feedPinSchema.extend({
  is_promoted: z.literal(true),
  ad: z.object({
    ad_id: z.string(),
    campaign_id: z.string(),
    /** Where a click goes (the campaign's destination). */
    destination_url: z.string(),
    sponsor: sponsorSchema,
    /** Opaque, signed by the ads service: what an impression or click of this item sends back. */
    token: z.string(),
  }),
});
export type PromotedPin = z.infer<typeof promotedPinSchema>;
export const adServeResponseSchema = z.object({ items: z.array(promotedPinSchema) });

/**
 * The `ads` option of a list whose pages carry their promoted pins (HomeFeedResource, and
 * BaseSearchResource's pins): how many the page should carry, one per AD_SPACING items (the web
 * asks two for a page of 25). pins-boards chooses them from its copy of ads' serving records while
 * it reads the page and answers them in `meta.promoted`: a list makes no request for its ads
 * (docs/decisions/ad-serving.md "The feed answer carries its ads").
 */
export const pageAdsOptionSchema = z.object({ ads: z.coerce.number().int().min(0).max(AD_SERVE_MAX).optional() });
/** What such a page says beside its items: the promoted pins it was asked for. */
export const pageAdsMetaSchema = z.object({ promoted: z.array(promotedPinSchema).optional() });
export type PageAdsMeta = z.infer<typeof pageAdsMetaSchema>;
export type AdServeResponse = z.infer<typeof adServeResponseSchema>;

export const AD_EVENT_KINDS = ['impression', 'click'] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];
export const adEventsBodySchema = z.object({
  events: z.array(z.object({ kind: z.enum(AD_EVENT_KINDS), token: z.string().min(10).max(1024) })).min(1).max(AD_EVENTS_MAX),
});
export type AdEventsBody = z.infer<typeof adEventsBodySchema>;
/** What the events call answers (202): how many it took; a bad or expired token is skipped, not an error. */
export const adEventsAcceptedSchema = z.object({ accepted: z.number().int(), skipped: z.number().int() });

/**
 * The items of a page with its promoted pins placed among them: the k-th promoted pin (from 0)
 * goes at position (k + 1) * AD_SPACING - 1, so any AD_SPACING items in a row hold at most one;
 * promoted pins already on the page (`shown`, by ad id) and pins already there organically are
 * left out, so none shows twice on one page; promoted pins past the page's end are dropped.
 */
export function interleaveAds<T extends { id: string }, A extends { id: string; ad: { ad_id: string } }>(items: readonly T[], ads: readonly A[], shown: ReadonlySet<string> = new Set()): (T | A)[] {
  const organic = new Set(items.map((i) => i.id));
  const seen = new Set(shown);
  const placeable = ads.filter((a) => {
    if (organic.has(a.id) || seen.has(a.ad.ad_id)) return false;
    seen.add(a.ad.ad_id);
    return true;
  });
  const out: (T | A)[] = [];
  let next = 0;
  for (const item of items) {
    if (next < placeable.length && out.length === (next + 1) * AD_SPACING - 1) out.push(placeable[next++]!);
    out.push(item);
  }
  return out;
}

// ---------------------------------------------------------------- reporting

export const REPORT_LEVELS = ['campaigns', 'adgroups', 'ads'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
/** The longest range a report reads, in days. */
export const REPORT_MAX_DAYS = 92;

/** A calendar day that exists (month 38 or February 30 is a 400, not a failed read). */
const day = z.iso.date({ error: 'Use a real date like 2026-12-31.' });
export const reportQuerySchema = z.object({
  level: z.enum(REPORT_LEVELS).default('campaigns'),
  /** First and last day (UTC, inclusive); default the last 7 days. */
  start_date: day.optional(),
  end_date: day.optional(),
  bookmark: z.string().max(200).optional(),
});

export const reportDaySchema = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions, 0 when nothing was seen. */
  ctr: z.number(),
  spend_in_micro_currency: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

/** One row of a report: a campaign, ad group or ad, with its days. */
export const reportRowSchema = z.object({
  id: z.string(),
  level: z.enum(REPORT_LEVELS),
  campaign_id: z.string(),
  name: z.string(),
  pin_id: z.string(),
  objective: z.enum(OBJECTIVES),
  status: z.enum(CAMPAIGN_STATUSES),
  /** Whether it is being served now (running, within its dates, under today's budget). */
  serving: z.boolean(),
  daily_budget_in_micro_currency: z.number().int(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  days: z.array(reportDaySchema),
  totals: reportDaySchema.omit({ date: true }),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
/** A page of a report: its rows (each with every day of the range asked); `bookmarks` in the envelope. */
export const reportSchema = z.array(reportRowSchema);
export type Report = z.infer<typeof reportSchema>;

/** `GET /ads/v4/advertisers/{id}/reporting/daily/`: the range (default the last 7 days, as a report's). */
export const reportDailyQuerySchema = reportQuerySchema.pick({ start_date: true, end_date: true });
/** The advertiser's totals per day across all its campaigns, every day of the range (the report's chart). */
export const reportDailySchema = z.object({
  /** The currency its campaigns spend in; null when they spend in more than one (their spend added up then means nothing). */
  currency: z.string().nullable(),
  days: z.array(reportDaySchema),
});
export type ReportDaily = z.infer<typeof reportDailySchema>;

/** `PUT /ads/v4/advertisers/{id}/campaigns/{campaignId}/status/`: pause or resume. */
export const campaignStatusBodySchema = z.object({ status: z.enum(CAMPAIGN_STATUSES) });

/** clicks / impressions, rounded to 4 places; 0 when nothing was seen. */
export const ctrOf = (clicks: number, impressions: number): number => (impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 10_000 : 0);
