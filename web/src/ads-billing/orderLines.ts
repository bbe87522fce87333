import { fromMicroCurrency, reportSchema, type ReportRow } from '@pinhive/contracts';
import { apiRequestWithBookmarks, type Paged } from '../api/client';

/** The first day of the UTC month of `today` (YYYY-MM-DD), and `today` itself. */
export function monthSoFar(today: Date): { start: string; end: string } {
  const end = today.toISOString().slice(0, 10);
  return { start: `${end.slice(0, 8)}01`, end };
}

/** An order line: what one campaign spent in the period, for the invoice. */
export interface OrderLine {
  campaignId: string;
  name: string;
  impressions: number;
  spend: number;
  currency: string;
}

export const orderLinesOf = (rows: readonly ReportRow[]): OrderLine[] =>
  rows.map((r) => ({ campaignId: r.campaign_id, name: r.name, impressions: r.totals.impressions, spend: fromMicroCurrency(r.totals.spend_in_micro_currency), currency: r.currency }));

/** Spend per currency (campaigns of one advertiser may be in one currency, but a change of country starts another). */
export function totalsByCurrency(lines: readonly OrderLine[]): { currency: string; spend: number }[] {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.spend);
  return [...sums].map(([currency, spend]) => ({ currency, spend: Math.round(spend * 100) / 100 }));
}

/** A page of the campaigns' report for the period (the ads service's reporting, level campaigns). */
export function fetchSpendPage(advertiserId: string, period: { start: string; end: string }, bookmark: string | null, signal?: AbortSignal): Promise<Paged<ReportRow[]>> {
  const query = new URLSearchParams({ level: 'campaigns', start_date: period.start, end_date: period.end, ...(bookmark ? { bookmark } : {}) });
  return apiRequestWithBookmarks(`/ads/v4/advertisers/${encodeURIComponent(advertiserId)}/reporting/?${query.toString()}`, { schema: reportSchema, signal });
}
