/** The date ranges the reporting page offers: the last 7 or 30 days, today (UTC) included. */
export const REPORT_RANGE_DAYS = [7, 30] as const;
export type ReportRangeDays = (typeof REPORT_RANGE_DAYS)[number];

/** A report's first and last day (UTC, inclusive), as the reporting call takes them. */
export interface ReportRange {
  start_date: string;
  end_date: string;
}

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today in UTC (the service counts days in UTC). */
export function lastDays(days: number, now: Date): ReportRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start_date: isoDay(today - (days - 1) * DAY_MS), end_date: isoDay(today) };
}

/** Every day of a range, first to last. */
export function daysOf(range: ReportRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.end_date}T00:00:00Z`);
  for (let at = Date.parse(`${range.start_date}T00:00:00Z`); at <= end; at += DAY_MS) days.push(isoDay(at));
  return days;
}
