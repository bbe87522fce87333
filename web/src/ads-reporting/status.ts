import type { InfiniteData } from '@tanstack/react-query';
import type { CampaignStatus, ReportRow } from '@pinhive/contracts';

/** A page of a report as the page keeps it: its rows and the bookmark of the next page. */
export interface ReportPage {
  rows: ReportRow[];
  next: string | null;
}

/**
 * The report with a campaign's rows changed by `change` (a pause or resume shown at once, or the
 * service's answer). At the campaigns level the row is the campaign itself.
 */
export function withCampaignRow(data: InfiniteData<ReportPage, string | null> | undefined, campaignId: string, change: (row: ReportRow) => ReportRow): InfiniteData<ReportPage, string | null> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      rows: page.rows.map((row) => (row.level === 'campaigns' && row.id === campaignId ? change(row) : row)),
    })),
  };
}

/** The status a campaign's button sets: a running one is paused, a paused one resumed. */
export const toggledStatus = (status: CampaignStatus): CampaignStatus => (status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE');

/** Shown at once on a pause or resume: a paused campaign is not served; a resumed one is, as far as we know yet. */
export const optimisticRow = (row: ReportRow, status: CampaignStatus): ReportRow => ({ ...row, status, serving: status === 'ACTIVE' ? row.serving : false });
