import { describe, expect, it } from '@jest/globals';
import { monthSoFar, orderLinesOf, totalsByCurrency } from './orderLines';

const row = (campaignId: string, spendMicro: number, currency = 'SEK') => ({
  id: campaignId, level: 'campaigns' as const, campaign_id: campaignId, name: `Campaign ${campaignId}`, pin_id: '1', objective: 'CONSIDERATION' as const, status: 'ACTIVE' as const, serving: true,
  daily_budget_in_micro_currency: 1_000_000, currency, start_date: '2026-11-01', end_date: null, days: [],
  totals: { impressions: 10, clicks: 1, ctr: 0.1, spend_in_micro_currency: spendMicro },
});

describe('order lines', () => {
  it('covers the UTC month so far', () => {
    expect(monthSoFar(new Date('2026-11-27T23:59:00Z'))).toEqual({ start: '2026-11-01', end: '2026-11-27' });
    expect(monthSoFar(new Date('2026-12-01T00:00:00Z'))).toEqual({ start: '2026-12-01', end: '2026-12-01' });
  });

  it("is each campaign's spend, and the total per currency", () => {
    const lines = orderLinesOf([row('1', 1_500_000), row('2', 250_000), row('3', 3_000_000, 'EUR')]);
    expect(lines[0]).toEqual({ campaignId: '1', name: 'Campaign 1', impressions: 10, spend: 1.5, currency: 'SEK' });
    expect(totalsByCurrency(lines)).toEqual([{ currency: 'SEK', spend: 1.75 }, { currency: 'EUR', spend: 3 }]);
  });
});
