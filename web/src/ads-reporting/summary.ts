import { ctrOf, type ReportDay, type ReportRow } from '@pinhive/contracts';

export type Totals = Omit<ReportDay, 'date'>;

const add = (a: Totals, b: Totals): Totals => {
  const impressions = a.impressions + b.impressions;
  const clicks = a.clicks + b.clicks;
  return { impressions, clicks, ctr: ctrOf(clicks, impressions), spend_in_micro_currency: a.spend_in_micro_currency + b.spend_in_micro_currency };
};
const ZERO: Totals = { impressions: 0, clicks: 0, ctr: 0, spend_in_micro_currency: 0 };

/** The rows' totals added up (the table's footer). */
export const grandTotals = (rows: readonly ReportRow[]): Totals => rows.reduce<Totals>((sum, row) => add(sum, row.totals), ZERO);

/** The one currency of the rows, or null when there is none or they differ (no sum of spend then). */
export function commonCurrency(rows: readonly ReportRow[]): string | null {
  const currencies = new Set(rows.map((row) => row.currency));
  return currencies.size === 1 ? [...currencies][0]! : null;
}

/** Micro-currency (millionths) as an amount of the currency. */
export const fromMicro = (micro: number): number => micro / 1_000_000;
