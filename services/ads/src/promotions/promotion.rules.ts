import { CAMPAIGN_MAX_DAYS } from '@pinhive/contracts';
import { dayOf } from '@pinhive/kit';

/*
 * A campaign's days (saving-boards-ads.md sections 5 and 9), all in UTC: it starts today when
 * started now, else tomorrow; it ends on the inclusive end date when one is sent, else after
 * `duration` days; an ongoing one has no end. The end is never before the start, nor more than
 * CAMPAIGN_MAX_DAYS after it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day of a moment, `YYYY-MM-DD` (the kit's, as purges count days). */
export { dayOf };
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

export interface CampaignDays {
  startDate: string;
  endDate: string | null;
}

/** The campaign's first and last day, or 'invalid' when the end date is out of bounds. */
export function campaignDays(now: Date, body: { start_now: boolean; is_ongoing: boolean; duration: number; inclusive_end_date?: string | undefined }): CampaignDays | 'invalid' {
  const startDate = body.start_now ? dayOf(now) : addDays(dayOf(now), 1);
  if (body.is_ongoing) return { startDate, endDate: null };
  const endDate = body.inclusive_end_date ?? addDays(startDate, body.duration - 1);
  if (endDate < startDate || endDate > addDays(startDate, CAMPAIGN_MAX_DAYS)) return 'invalid';
  return { startDate, endDate };
}
