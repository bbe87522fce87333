import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportLevel, ReportRow } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { busyProps } from '../components/busy';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { ERROR_TOAST_MS } from '../recovery/useResetEmail';
import { useToast } from '../toast/toastContext';
import { useCampaignStatus, useDailyTotals, useReport } from './queries';
import { lastDays, REPORT_RANGE_DAYS, type ReportRangeDays } from './range';
import { ReportChart } from './ReportChart';
import { ReportTable } from './ReportTable';
import { toggledStatus } from './status';
import { useReportFormat } from './useReportFormat';

interface ReportingPageProps {
  advertiserId: string;
  level: ReportLevel;
}

/**
 * The advertiser console's reporting (`/advertiser/{id}/reporting/campaigns|adgroups|ads/`):
 * impressions, clicks, CTR and spend per day over the last 7 or 30 days, as a chart (the
 * advertiser's totals across all its campaigns, read on their own: not only the rows loaded) and a
 * table, more rows a page at a time; campaigns paused and resumed from their row (shown at once, put
 * back with a message when the service refuses).
 */
export function ReportingPage({ advertiserId, level }: ReportingPageProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useReportFormat();
  const rangeId = useId();
  const [rangeDays, setRangeDays] = useState<ReportRangeDays>(7);
  // The range is fixed when chosen (not re-read each render): a report kept open past midnight stays the same query.
  const [range, setRange] = useState(() => lastDays(7, new Date()));
  const report = useReport(advertiserId, level, range);
  const daily = useDailyTotals(advertiserId, range);
  const status = useCampaignStatus(advertiserId, level, range);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const levelName = t(`adsReporting.levels.${level}`);

  const chooseRange = (days: ReportRangeDays) => {
    setRangeDays(days);
    setRange(lastDays(days, new Date()));
  };

  const toggleStatus = (row: ReportRow) => {
    const next = toggledStatus(row.status);
    setPending((was) => new Set(was).add(row.id));
    status.mutate(
      { row, status: next },
      {
        onError: (error) => {
          const reason = isApiError(error) ? error.message : t('advertisers.failed');
          toast.show({ message: t(next === 'PAUSED' ? 'adsReporting.pauseFailed' : 'adsReporting.resumeFailed', { name: row.name, reason }), durationMs: ERROR_TOAST_MS, tone: 'error' });
        },
        onSettled: () =>
          setPending((was) => {
            const left = new Set(was);
            left.delete(row.id);
            return left;
          }),
      },
    );
  };

  const rows = report.data?.pages.flatMap((page) => page.rows) ?? [];
  const caption = t('adsReporting.caption', { level: levelName, start: format.day(range.start_date), end: format.day(range.end_date) });

  let body;
  if (report.isPending) {
    body = <StatusView role="status" level={2} visual={<Spinner size="large" />} title={t('adsReporting.loading')} />;
  } else if (report.isError && rows.length === 0) {
    body = (
      <StatusView
        role="alert"
        level={2}
        title={t('adsReporting.loadFailed')}
        body={isApiError(report.error) ? report.error.message : t('advertisers.failed')}
        action={
          <button type="button" className="button button--secondary" onClick={() => void report.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = <StatusView level={2} title={t(`adsReporting.empty.${level}`)} body={t('adsReporting.emptyHint')} />;
  } else {
    body = (
      <>
        {daily.data ? (
          <ReportChart daily={daily.data} />
        ) : daily.isError ? (
          <p role="alert" className="report-page__error">
            {t('adsReporting.chart.loadFailed')}{' '}
            <button type="button" className="button button--secondary" onClick={() => void daily.refetch()}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : (
          <p role="status">{t('adsReporting.chart.loading')}</p>
        )}
        <ReportTable level={level} rows={rows} caption={caption} partial={report.hasNextPage} pending={pending} onToggleStatus={toggleStatus} />
        {report.hasNextPage ? (
          <div className="report-more">
            <button
              type="button"
              className="button button--secondary"
              {...busyProps(report.isFetchingNextPage)}
              onClick={() => {
                if (!report.isFetchingNextPage) void report.fetchNextPage();
              }}
            >
              {t('adsReporting.loadMore')}
            </button>
          </div>
        ) : null}
        {report.isFetchNextPageError ? (
          <p role="alert" className="report-page__error">
            {t('adsReporting.loadMoreFailed')}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section className="report-page" aria-labelledby={`${rangeId}-title`}>
      <header className="report-page__header">
        {/* h2: the console shell's h1 is the advertiser's name. */}
        <h2 className="report-page__title" id={`${rangeId}-title`}>
          {t('adsReporting.title', { level: levelName })}
        </h2>
        <fieldset className="report-range">
          <legend className="report-range__legend">{t('adsReporting.range')}</legend>
          {REPORT_RANGE_DAYS.map((days) => (
            <label key={days} className={`report-range__option${days === rangeDays ? ' is-selected' : ''}`}>
              <input type="radio" name={`${rangeId}-range`} value={days} checked={days === rangeDays} onChange={() => chooseRange(days)} />
              {t('adsReporting.lastDays', { count: days })}
            </label>
          ))}
        </fieldset>
      </header>
      {body}
    </section>
  );
}
