import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportLevel, ReportRow } from '@pinhive/contracts';
import { busyProps } from '../components/busy';
import { commonCurrency, grandTotals } from './summary';
import { useReportFormat } from './useReportFormat';

interface ReportTableProps {
  level: ReportLevel;
  rows: readonly ReportRow[];
  /** The table's caption: what it reports over which days. */
  caption: string;
  /** Whether more rows are still to be read (the footer then totals only the rows shown). */
  partial: boolean;
  /** Campaign rows whose pause or resume is on its way. */
  pending: ReadonlySet<string>;
  onToggleStatus: (row: ReportRow) => void;
}

/**
 * The report as a table: a row per campaign, ad group or ad with its totals over the range, its
 * days under it on demand ("Show days"), and the totals of the rows shown in the footer. At the
 * campaigns level each row can be paused or resumed.
 */
export function ReportTable({ level, rows, caption, partial, pending, onToggleStatus }: ReportTableProps) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const totals = grandTotals(rows);
  const currency = commonCurrency(rows);
  const toggleDays = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="report-table__scroll">
      <table className="report-table">
        <caption className="report-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adsReporting.columns.name')}</th>
            <th scope="col">{t('adsReporting.columns.status')}</th>
            <th scope="col" className="report-table__number">
              {t('adsReporting.columns.impressions')}
            </th>
            <th scope="col" className="report-table__number">
              {t('adsReporting.columns.clicks')}
            </th>
            <th scope="col" className="report-table__number">
              {t('adsReporting.columns.ctr')}
            </th>
            <th scope="col" className="report-table__number">
              {t('adsReporting.columns.spend')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('adsReporting.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        {rows.map((row) => {
          const daysId = `report-days-${row.level}-${row.id}`;
          const showDays = open.has(row.id);
          const busy = pending.has(row.id);
          return (
            <tbody key={row.id} className="report-table__group">
              <tr className="report-table__row">
                <th scope="row" className="report-table__name">
                  {row.name}
                </th>
                <td>
                  <span className={`report-status report-status--${row.status === 'ACTIVE' ? (row.serving ? 'serving' : 'idle') : 'paused'}`}>
                    {row.status === 'ACTIVE' ? (row.serving ? t('adsReporting.status.serving') : t('adsReporting.status.notServing')) : t('adsReporting.status.paused')}
                  </span>
                </td>
                <td className="report-table__number">{format.count(row.totals.impressions)}</td>
                <td className="report-table__number">{format.count(row.totals.clicks)}</td>
                <td className="report-table__number">{format.ctr(row.totals.ctr)}</td>
                <td className="report-table__number">{format.spend(row.totals.spend_in_micro_currency, row.currency)}</td>
                <td>
                  <div className="report-table__actions">
                    {level === 'campaigns' ? (
                      <button
                        type="button"
                        className="button button--secondary report-table__button"
                        {...busyProps(busy)}
                        onClick={() => {
                          if (!busy) onToggleStatus(row);
                        }}
                      >
                        {row.status === 'ACTIVE' ? t('adsReporting.pause') : t('adsReporting.resume')}
                        <span className="visually-hidden"> {row.name}</span>
                      </button>
                    ) : null}
                    <button type="button" className="button button--secondary report-table__button" aria-expanded={showDays} aria-controls={showDays ? daysId : undefined} onClick={() => toggleDays(row.id)}>
                      {showDays ? t('adsReporting.hideDays') : t('adsReporting.showDays')}
                      <span className="visually-hidden">: {row.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
              {showDays
                ? row.days.map((day, index) => (
                    <tr key={day.date} className="report-table__day" id={index === 0 ? daysId : undefined}>
                      <th scope="row" className="report-table__date">
                        {format.day(day.date)}
                      </th>
                      <td />
                      <td className="report-table__number">{format.count(day.impressions)}</td>
                      <td className="report-table__number">{format.count(day.clicks)}</td>
                      <td className="report-table__number">{format.ctr(day.ctr)}</td>
                      <td className="report-table__number">{format.spend(day.spend_in_micro_currency, row.currency)}</td>
                      <td />
                    </tr>
                  ))
                : null}
              {showDays && row.days.length === 0 ? (
                <tr className="report-table__day" id={daysId}>
                  <td colSpan={7}>{t('adsReporting.noDays')}</td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
        <tfoot>
          <tr className="report-table__totals">
            <th scope="row">{partial ? t('adsReporting.totalShown') : t('adsReporting.total')}</th>
            <td />
            <td className="report-table__number">{format.count(totals.impressions)}</td>
            <td className="report-table__number">{format.count(totals.clicks)}</td>
            <td className="report-table__number">{format.ctr(totals.ctr)}</td>
            <td className="report-table__number">{currency ? format.spend(totals.spend_in_micro_currency, currency) : '—'}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
