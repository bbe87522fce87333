import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CampaignStatus, ReportLevel, ReportRow } from '@pinhive/contracts';
import { fetchDailyTotals, fetchReport, putCampaignStatus } from './api';
import type { ReportRange } from './range';
import { optimisticRow, withCampaignRow, type ReportPage } from './status';

export const reportKeys = {
  all: ['adReport'] as const,
  report: (advertiserId: string, level: ReportLevel, range: ReportRange) => ['adReport', advertiserId, level, range.start_date, range.end_date] as const,
  daily: (advertiserId: string, range: ReportRange) => ['adReport', advertiserId, 'daily', range.start_date, range.end_date] as const,
};

/** A report of an advertiser's campaigns, ad groups or ads over a range, a page at a time ("Load more"). */
export function useReport(advertiserId: string, level: ReportLevel, range: ReportRange) {
  return useInfiniteQuery({
    queryKey: reportKeys.report(advertiserId, level, range),
    queryFn: ({ pageParam, signal }) => fetchReport(advertiserId, level, range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** The advertiser's totals per day across all its campaigns (the chart): the same at every level, so one query for the three. */
export function useDailyTotals(advertiserId: string, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.daily(advertiserId, range),
    queryFn: ({ signal }) => fetchDailyTotals(advertiserId, range, signal),
  });
}

type ReportData = InfiniteData<ReportPage, string | null>;

/**
 * Pausing or resuming a campaign: the row changes at once; on failure it goes back as it was
 * (the caller tells the person); the service's answer then sets its status and whether it is served.
 */
export function useCampaignStatus(advertiserId: string, level: ReportLevel, range: ReportRange) {
  const queryClient = useQueryClient();
  const key = reportKeys.report(advertiserId, level, range);
  return useMutation({
    mutationFn: ({ row, status }: { row: ReportRow; status: CampaignStatus }) => putCampaignStatus(advertiserId, row.campaign_id, status),
    onMutate: async ({ row, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ReportData>(key, (data) => withCampaignRow(data, row.id, (shown) => optimisticRow(shown, status)));
    },
    // Only this campaign's row goes back (another's pause may be on its way meanwhile).
    onError: (_error, { row }) => {
      queryClient.setQueryData<ReportData>(key, (data) => withCampaignRow(data, row.id, (shown) => ({ ...shown, status: row.status, serving: row.serving })));
    },
    onSuccess: async (answer, { row }) => {
      queryClient.setQueryData<ReportData>(key, (data) => withCampaignRow(data, row.id, (shown) => ({ ...shown, status: answer.status, serving: answer.serving })));
      // The other levels and ranges of this advertiser show the old status: read them again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['adReport', advertiserId], refetchType: 'none' });
    },
  });
}
