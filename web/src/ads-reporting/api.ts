import { reportRowSchema, reportSchema, type CampaignStatus, type ReportLevel, type ReportRow } from '@pinhive/contracts';
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

/** `PUT /ads/v4/advertisers/{id}/campaigns/{campaignId}/status/`: pause or resume; the answer is the campaign's report row. */
export function putCampaignStatus(advertiserId: string, campaignId: string, status: CampaignStatus): Promise<ReportRow> {
  const body: z.input<typeof campaignStatusBodySchema> = { status };
  return apiRequest(`${advertiserPath(advertiserId)}campaigns/${encodeURIComponent(campaignId)}/status/`, { method: 'PUT', body, schema: reportRowSchema });
}
