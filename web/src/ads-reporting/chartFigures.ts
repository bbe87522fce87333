import { ctrOf, type ReportDay } from '@pinhive/contracts';
import { niceMax } from './chartGeometry';

/** The figures the chart draws, one at a time (their scales differ by far), in the table's order. */
export const CHART_FIGURES = ['impressions', 'clicks', 'ctr', 'spend'] as const;
export type ChartFigure = (typeof CHART_FIGURES)[number];

/** A day's value of a figure: CTR as a fraction, spend in micro-currency. */
export const figureOf = (day: ReportDay, figure: ChartFigure): number => (figure === 'spend' ? day.spend_in_micro_currency : day[figure]);

/** A figure over all the days: counts and spend added up, CTR from the sums (not an average of the days' rates). */
export function figureTotal(days: readonly ReportDay[], figure: ChartFigure): number {
  if (figure === 'ctr') {
    return ctrOf(
      days.reduce((n, d) => n + d.clicks, 0),
      days.reduce((n, d) => n + d.impressions, 0),
    );
  }
  return days.reduce((n, d) => n + figureOf(d, figure), 0);
}

/** The day a figure was highest, the first of equals; null when it was zero every day (the chart's text alternative). */
export function busiestDay(days: readonly ReportDay[], figure: ChartFigure): ReportDay | null {
  return days.reduce<ReportDay | null>((best, day) => (figureOf(day, figure) > 0 && (!best || figureOf(day, figure) > figureOf(best, figure)) ? day : best), null);
}

/** One unit of a currency in micro-currency: the top of the spend axis when nothing was spent (not a top of 0.000001). */
const ONE_UNIT_MICRO = 1_000_000;

/** The top of a figure's axis: a round value at or above its highest day; CTR never above 100 %. */
export function figureMax(days: readonly ReportDay[], figure: ChartFigure): number {
  const highest = Math.max(0, ...days.map((day) => figureOf(day, figure)));
  if (figure === 'spend' && highest === 0) return ONE_UNIT_MICRO;
  const top = niceMax(highest);
  return figure === 'ctr' ? Math.min(1, top) : top;
}
