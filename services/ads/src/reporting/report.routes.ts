import { advertiserIdSchema, BOOKMARK_END, campaignStatusBodySchema, idSchema, reportDailyQuerySchema, reportDailySchema, reportQuerySchema, reportRowSchema, reportSchema } from '@pinhive/contracts';
import { defineRoute, memoryLimit, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import type { ReportService } from './report.service';

/** Pauses and resumes by a viewer in an hour. */
const STATUS_CHANGES = { points: 300, durationSeconds: 3600 };

export function reportRoutes(reports: ReportService) {
  return [
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/reporting/', summary: "The advertiser's campaigns (or their ad groups or ads), newest first, with impressions, clicks, CTR and spend per day (paged by bookmark)", auth: 'viewer',
      params: z.object({ id: advertiserIdSchema }), query: reportQuerySchema, response: reportSchema, paged: true,
      handler: async ({ viewer, params, query }) => {
        const { rows, next } = await reports.report(viewer, params.id, query);
        return { items: rows, bookmark: next ?? BOOKMARK_END };
      },
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/reporting/daily/', summary: "The advertiser's impressions, clicks, CTR and spend per day across all its campaigns (the report's chart)", auth: 'viewer',
      params: z.object({ id: advertiserIdSchema }), query: reportDailyQuerySchema, response: reportDailySchema,
      handler: ({ viewer, params, query }) => reports.daily(viewer, params.id, query),
    }),
    defineRoute({
      method: 'put', path: '/ads/v4/advertisers/:id/campaigns/:campaignId/status/', summary: 'Pause or resume a campaign (the advertiser\'s people); serving follows within seconds', auth: 'viewer',
      params: z.object({ id: advertiserIdSchema, campaignId: idSchema }), body: campaignStatusBodySchema, response: reportRowSchema,
      rateLimit: { ...memoryLimit('campaign-status-changes', STATUS_CHANGES.points, STATUS_CHANGES.durationSeconds), ...perViewer },
      handler: ({ viewer, params, body }) => reports.setStatus(viewer, params.id, params.campaignId, body.status),
    }),
  ];
}
