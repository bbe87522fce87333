import { describe, expect, it } from '@jest/globals';
import type { ReportDay, ReportRow } from '@pinhive/contracts';
import { busiestDay, CHART_FIGURES, figureMax, figureOf, figureTotal } from './chartFigures';
import { linePoints, niceMax } from './chartGeometry';
import { daysOf, lastDays } from './range';
import { optimisticRow, toggledStatus, withCampaignRow, type ReportPage } from './status';
import { commonCurrency, grandTotals } from './summary';

const day = (date: string, impressions: number, clicks: number, spend = 0): ReportDay => ({ date, impressions, clicks, ctr: impressions ? clicks / impressions : 0, spend_in_micro_currency: spend });
const row = (id: string, days: ReportDay[], extra: Partial<ReportRow> = {}): ReportRow => {
  const impressions = days.reduce((s, d) => s + d.impressions, 0);
  const clicks = days.reduce((s, d) => s + d.clicks, 0);
  const spend = days.reduce((s, d) => s + d.spend_in_micro_currency, 0);
  return {
    id, level: 'campaigns', campaign_id: id, name: `Campaign ${id}`, pin_id: 'p1', objective: 'CONSIDERATION', status: 'ACTIVE', serving: true,
    daily_budget_in_micro_currency: 5_000_000, currency: 'USD', start_date: '2026-11-01', end_date: null, days,
    totals: { impressions, clicks, ctr: impressions ? Math.round((clicks / impressions) * 10_000) / 10_000 : 0, spend_in_micro_currency: spend },
    ...extra,
  };
};

describe('the date ranges', () => {
  it('takes the last 7 or 30 days up to today in UTC', () => {
    const now = new Date('2026-11-27T23:30:00-05:00'); // already the 28th in UTC
    expect(lastDays(7, now)).toEqual({ start_date: '2026-11-22', end_date: '2026-11-28' });
    expect(lastDays(30, new Date('2026-03-01T10:00:00Z'))).toEqual({ start_date: '2026-01-31', end_date: '2026-03-01' });
  });

  it('lists every day of a range', () => {
    expect(daysOf({ start_date: '2026-02-27', end_date: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf(lastDays(30, new Date()))).toHaveLength(30);
  });
});

describe('the figures of a report', () => {
  const rows = [row('c1', [day('2026-11-25', 100, 4, 250_000), day('2026-11-27', 50, 1, 125_000)]), row('c2', [day('2026-11-27', 150, 3, 375_000)])];

  it('totals the rows, CTR from the sums (not an average of rates)', () => {
    expect(grandTotals(rows)).toEqual({ impressions: 300, clicks: 8, ctr: 0.0267, spend_in_micro_currency: 750_000 });
    expect(grandTotals([])).toEqual({ impressions: 0, clicks: 0, ctr: 0, spend_in_micro_currency: 0 });
  });

  it('sums spend only in one currency', () => {
    expect(commonCurrency(rows)).toBe('USD');
    expect(commonCurrency([...rows, row('c3', [], { currency: 'EUR' })])).toBeNull();
    expect(commonCurrency([])).toBeNull();
  });

});

describe('pausing and resuming a campaign', () => {
  const data = (rows: ReportRow[]) => ({ pages: [{ rows, next: null } satisfies ReportPage], pageParams: [null] });

  it('pauses a running one and resumes a paused one', () => {
    expect(toggledStatus('ACTIVE')).toBe('PAUSED');
    expect(toggledStatus('PAUSED')).toBe('ACTIVE');
  });

  it('shows a paused campaign as not served at once', () => {
    expect(optimisticRow(row('c1', []), 'PAUSED')).toMatchObject({ status: 'PAUSED', serving: false });
    expect(optimisticRow(row('c1', [], { status: 'PAUSED', serving: false }), 'ACTIVE')).toMatchObject({ status: 'ACTIVE', serving: false });
  });

  it('changes only that campaign’s row', () => {
    const changed = withCampaignRow(data([row('c1', []), row('c2', [])]), 'c2', (r) => ({ ...r, status: 'PAUSED' }));
    expect(changed?.pages[0]?.rows.map((r) => r.status)).toEqual(['ACTIVE', 'PAUSED']);
    expect(withCampaignRow(undefined, 'c2', (r) => r)).toBeUndefined();
  });
});

describe('the chart', () => {
  // The advertiser's days as the service answers them (all its campaigns, every day of the range).
  const days = [day('2026-11-25', 100, 4, 250_000), day('2026-11-26', 0, 0), day('2026-11-27', 200, 4, 500_000)];

  it('draws each of the four figures of a day, spend in micro-currency', () => {
    expect(CHART_FIGURES).toEqual(['impressions', 'clicks', 'ctr', 'spend']);
    expect(CHART_FIGURES.map((f) => figureOf(days[2]!, f))).toEqual([200, 4, 0.02, 500_000]);
  });

  it('totals a figure over the days, CTR from the sums (not an average of the days’ rates)', () => {
    expect(CHART_FIGURES.map((f) => figureTotal(days, f))).toEqual([300, 8, 0.0267, 750_000]);
    expect(figureTotal([], 'ctr')).toBe(0);
  });

  it('names the busiest day of the figure shown for the chart description', () => {
    expect(busiestDay(days, 'impressions')?.date).toBe('2026-11-27');
    expect(busiestDay(days, 'clicks')?.date).toBe('2026-11-25'); // the first of equals
    expect(busiestDay(days, 'ctr')?.date).toBe('2026-11-25');
    expect(busiestDay(days, 'spend')?.date).toBe('2026-11-27');
    expect(busiestDay([day('2026-11-25', 0, 0)], 'clicks')).toBeNull();
  });

  it('tops each axis at a round value over its highest day, CTR never above 100 % and spend at one unit when nothing was spent', () => {
    expect(CHART_FIGURES.map((f) => figureMax(days, f))).toEqual([200, 5, 0.05, 500_000]);
    expect(figureMax([day('2026-11-25', 3, 3)], 'ctr')).toBe(1);
    expect(figureMax([day('2026-11-25', 0, 0)], 'spend')).toBe(1_000_000);
    expect(figureMax([day('2026-11-25', 0, 0)], 'impressions')).toBe(1);
  });

  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 2_001].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 5_000]);
  });

  it('spreads the days over the width, zero at the bottom and the top at max', () => {
    expect(linePoints([0, 5, 10], 10, 20, 100, 50, 200)).toEqual([
      { x: 50, y: 120 },
      { x: 150, y: 70 },
      { x: 250, y: 20 },
    ]);
    expect(linePoints([3], 0, 20, 100, 50, 200)).toEqual([{ x: 150, y: 120 }]);
  });
});
