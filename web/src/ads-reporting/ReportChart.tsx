import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDaily } from '@pinhive/contracts';
import { CHART, linePoints } from './chartGeometry';
import { busiestDay, CHART_FIGURES, figureMax, figureOf, figureTotal, type ChartFigure } from './chartFigures';
import { useReportFormat } from './useReportFormat';

/**
 * The advertiser's impressions, clicks, CTR or spend per day across all its campaigns (the
 * service's daily totals, not the rows loaded so far), one figure at a time, chosen with a radio
 * group (their scales differ by far), drawn as inline SVG. Screen readers get its text alternative
 * (title and description: the figure shown, its total and its busiest day), in step with the
 * choice; the table beside it holds every figure per row. Spend is drawn only in one currency.
 */
export function ReportChart({ daily }: { daily: ReportDaily }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const id = useId();
  const [figure, setFigure] = useState<ChartFigure>('impressions');
  const { days, currency } = daily;
  const first = days[0];
  const last = days[days.length - 1];
  const value = (n: number) => (figure === 'ctr' ? format.ctr(n) : figure === 'spend' ? format.spend(n, currency ?? '') : format.count(n));
  const total = figureTotal(days, figure);
  const best = busiestDay(days, figure);
  const max = figureMax(days, figure);
  const points = linePoints(
    days.map((day) => figureOf(day, figure)),
    max,
    CHART.top,
  );
  const bottom = CHART.top + CHART.panelHeight;
  const height = bottom + CHART.gap;
  const drawable = figure !== 'spend' || currency !== null;

  return (
    <figure className="report-chart">
      <fieldset className="report-range report-chart__figures">
        <legend className="report-range__legend">{t('adsReporting.chart.show')}</legend>
        {CHART_FIGURES.map((option) => (
          <label key={option} className={`report-range__option${option === figure ? ' is-selected' : ''}`}>
            <input type="radio" name={`${id}-figure`} value={option} checked={option === figure} onChange={() => setFigure(option)} />
            {t(`adsReporting.columns.${option}`)}
          </label>
        ))}
      </fieldset>
      {drawable ? (
        <svg className="report-chart__svg" viewBox={`0 0 ${CHART.width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{t('adsReporting.chart.title', { figure: t(`adsReporting.columns.${figure}`) })}</title>
          <desc id={`${id}-desc`}>
            {first && last ? t('adsReporting.chart.range', { start: format.day(first.date), end: format.day(last.date) }) : ''}{' '}
            {t(`adsReporting.chart.${figure}Summary`, {
              total: value(total),
              count: total,
              best: best ? t(figure === 'ctr' ? 'adsReporting.chart.highest' : 'adsReporting.chart.busiest', { day: format.day(best.date), value: value(figureOf(best, figure)) }) : '',
            })}
          </desc>
          <g className={`report-chart__panel report-chart__panel--${figure}`} aria-hidden="true">
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={CHART.top} y2={CHART.top} className="report-chart__grid" />
            <line x1={CHART.left} x2={CHART.width - CHART.right} y1={bottom} y2={bottom} className="report-chart__axis" />
            <text x={CHART.left - 6} y={CHART.top + 4} textAnchor="end" className="report-chart__tick">
              {value(max)}
            </text>
            <text x={CHART.left - 6} y={bottom + 4} textAnchor="end" className="report-chart__tick">
              {value(0)}
            </text>
            <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="report-chart__line" fill="none" />
            {points.map((p, index) => (
              <circle key={days[index]!.date} cx={p.x} cy={p.y} r={days.length > 31 ? 1.5 : 3} className="report-chart__point" />
            ))}
            {first && last ? (
              <>
                <text x={CHART.left} y={bottom + 18} className="report-chart__tick">
                  {format.day(first.date)}
                </text>
                <text x={CHART.width - CHART.right} y={bottom + 18} textAnchor="end" className="report-chart__tick">
                  {format.day(last.date)}
                </text>
              </>
            ) : null}
          </g>
        </svg>
      ) : (
        <p className="report-chart__note">{t('adsReporting.chart.mixedCurrencies')}</p>
      )}
    </figure>
  );
}
