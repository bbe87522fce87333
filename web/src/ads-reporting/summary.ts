import { ctrOf, type ReportDay, type ReportRow } from '@pinhive/contracts';
import { daysOf, type ReportRange } from './range';

export type Totals = Omit<ReportDay, 'date'>;

const add = (a: Totals, b: Totals): Totals => {
  const impressions = a.impressions + b.impressions;
  const clicks = a.clicks + b.clicks;
  return { impressions, clicks, ctr: ctrOf(clicks, impressions), spend_in_micro_currency: a.spend_in_micro_currency + b.spend_in_micro_currency };
};
const ZERO: Totals = { impressions: 0, clicks: 0, ctr: 0, spend_in_micro_currency: 0 };

/** Every day of the range with the rows' figures added up (days nothing was counted on at zero). */
export function dailyTotals(rows: readonly ReportRow[], range: ReportRange): ReportDay[] {
  const byDay = new Map<string, Totals>(daysOf(range).map((day) => [day, ZERO]));
  for (const row of rows) for (const day of row.days) byDay.set(day.date, add(byDay.get(day.date) ?? ZERO, day));
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, totals]) => ({ date, ...totals }));
}

/** The rows' totals added up (the table's footer). */
export const grandTotals = (rows: readonly ReportRow[]): Totals => rows.reduce<Totals>((sum, row) => add(sum, row.totals), ZERO);

/** The one currency of the rows, or null when there is none or they differ (no sum of spend then). */
export function commonCurrency(rows: readonly ReportRow[]): string | null {
  const currencies = new Set(rows.map((row) => row.currency));
  return currencies.size === 1 ? [...currencies][0]! : null;
}

/** The day with the most impressions (or clicks), the first of equals; null when there were none (the chart's text alternative). */
export function busiestDay(days: readonly ReportDay[], figure: 'impressions' | 'clicks'): ReportDay | null {
  return days.reduce<ReportDay | null>((best, day) => (day[figure] > 0 && (!best || day[figure] > best[figure]) ? day : best), null);
}

/** Micro-currency (millionths) as an amount of the currency. */
export const fromMicro = (micro: number): number => micro / 1_000_000;
