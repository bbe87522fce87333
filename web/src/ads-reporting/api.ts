import { reportDailySchema, reportRowSchema, reportSchema, type CampaignStatus, type ReportDaily, type ReportLevel, type ReportRow } from '@pinhive/contracts';
import type { z } from 'zod';
import type { campaignStatusBodySchema } from '@pinhive/contracts';
import { apiRequest, apiRequestWithBookmarks } from '../api/client';
import { nextBookmark } from '../api/resource';
import type { ReportRange } from './range';
import type { ReportPage } from './status';

/*
 * The ads service's reporting (services/contracts/src/ad-serving.ts), through the gateway's
 * `/ads/v4/`: the same envelope, session and CSRF header as every other call (api/client.ts).
 */

const advertiserPath = (advertiserId: string) => `/ads/v4/advertisers/${encodeURIComponent(advertiserId)}/`;

/** `GET /ads/v4/advertisers/{id}/reporting/`: a page of the report's rows (each with every day of the range), with the next page's bookmark. */
export async function fetchReport(advertiserId: string, level: ReportLevel, range: ReportRange, bookmark: string | null, signal?: AbortSignal): Promise<ReportPage> {
  const query = new URLSearchParams({ level, start_date: range.start_date, end_date: range.end_date, ...(bookmark ? { bookmark } : {}) });
  const answer = await apiRequestWithBookmarks(`${advertiserPath(advertiserId)}reporting/?${query.toString()}`, { schema: reportSchema, signal });
  return { rows: answer.data, next: nextBookmark(answer.bookmarks) };
}

/** `GET /ads/v4/advertisers/{id}/reporting/daily/`: the advertiser's totals per day across all its campaigns (the chart), every day of the range. */
export function fetchDailyTotals(advertiserId: string, range: ReportRange, signal?: AbortSignal): Promise<ReportDaily> {
  const query = new URLSearchParams({ start_date: range.start_date, end_date: range.end_date });
  return apiRequest(`${advertiserPath(advertiserId)}reporting/daily/?${query.toString()}`, { schema: reportDailySchema, signal });
}

/** `PUT /ads/v4/advertisers/{id}/campaigns/{campaignId}/status/`: pause or resume; the answer is the campaign's report row. */
export function putCampaignStatus(advertiserId: string, campaignId: string, status: CampaignStatus): Promise<ReportRow> {
  const body: z.input<typeof campaignStatusBodySchema> = { status };
  return apiRequest(`${advertiserPath(advertiserId)}campaigns/${encodeURIComponent(campaignId)}/status/`, { method: 'PUT', body, schema: reportRowSchema });
}
