import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDay } from '@pinhive/contracts';
import { CHART, linePoints, niceMax } from './chartGeometry';
import { busiestDay } from './summary';
import { useReportFormat } from './useReportFormat';

type Figure = 'impressions' | 'clicks';
const FIGURES: readonly Figure[] = ['impressions', 'clicks'];

/**
 * Impressions and clicks per day as two line charts one above the other (their scales differ by
 * far), drawn as inline SVG. Screen readers get its text alternative (title and description: the
 * totals and the busiest day of each); the table beside it holds every figure.
 */
export function ReportChart({ days }: { days: readonly ReportDay[] }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const id = useId();
  const height = CHART.top + FIGURES.length * (CHART.panelHeight + CHART.gap);
  const first = days[0];
  const last = days[days.length - 1];
  const describe = (figure: Figure) => {
    const total = days.reduce((sum, day) => sum + day[figure], 0);
    const best = busiestDay(days, figure);
    return t(`adsReporting.chart.${figure}Summary`, {
      total: format.count(total),
      count: total,
      best: best ? t('adsReporting.chart.busiest', { day: format.day(best.date), value: format.count(best[figure]) }) : '',
    });
  };

  return (
    <figure className="report-chart">
      <svg className="report-chart__svg" viewBox={`0 0 ${CHART.width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{t('adsReporting.chart.title')}</title>
        <desc id={`${id}-desc`}>
          {first && last ? t('adsReporting.chart.range', { start: format.day(first.date), end: format.day(last.date) }) : ''} {describe('impressions')} {describe('clicks')}
        </desc>
        {FIGURES.map((figure, panel) => {
          const top = CHART.top + panel * (CHART.panelHeight + CHART.gap);
          const max = niceMax(Math.max(0, ...days.map((day) => day[figure])));
          const points = linePoints(
            days.map((day) => day[figure]),
            max,
            top,
          );
          const bottom = top + CHART.panelHeight;
          return (
            <g key={figure} className={`report-chart__panel report-chart__panel--${figure}`} aria-hidden="true">
              <text x={CHART.left} y={top - 6} className="report-chart__label">
                {t(`adsReporting.columns.${figure}`)}
              </text>
              <line x1={CHART.left} x2={CHART.width - CHART.right} y1={top} y2={top} className="report-chart__grid" />
              <line x1={CHART.left} x2={CHART.width - CHART.right} y1={bottom} y2={bottom} className="report-chart__axis" />
              <text x={CHART.left - 6} y={top + 4} textAnchor="end" className="report-chart__tick">
                {format.count(max)}
              </text>
              <text x={CHART.left - 6} y={bottom + 4} textAnchor="end" className="report-chart__tick">
                0
              </text>
              <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="report-chart__line" fill="none" />
              {points.map((p, index) => (
                <circle key={days[index]!.date} cx={p.x} cy={p.y} r={days.length > 31 ? 1.5 : 3} className="report-chart__point" />
              ))}
              {first && last && panel === FIGURES.length - 1 ? (
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
          );
        })}
      </svg>
    </figure>
  );
}
