import { AD_SPACING, ctrOf, interleaveAds, reportQuerySchema } from './ad-serving';

const items = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `p${from + i}` }));
const ad = (adId: string, pinId = `ad-pin-${adId}`) => ({ id: pinId, ad: { ad_id: adId } });
const layout = (list: { id: string; ad?: unknown }[]) => list.map((x) => ('ad' in x ? 'A' : '.')).join('');

describe('promoted pins among a page of items', () => {
  it('puts at most one in any ten items in a row', () => {
    const page = interleaveAds(items(25), [ad('1'), ad('2'), ad('3')]);
    expect(layout(page)).toBe('.........A.........A.......');
    for (let i = 0; i + AD_SPACING <= page.length; i += 1) expect(layout(page.slice(i, i + AD_SPACING)).split('A').length - 1).toBeLessThanOrEqual(1);
  });

  it('never shows one twice on a page, nor one already shown, nor a pin already there organically', () => {
    expect(layout(interleaveAds(items(25), [ad('1'), ad('1')]))).toBe('.........A................');
    expect(interleaveAds(items(25), [ad('1'), ad('2')], new Set(['1'])).filter((x) => 'ad' in x)).toEqual([ad('2')]);
    expect(interleaveAds(items(25), [ad('1', 'p3')]).filter((x) => 'ad' in x)).toEqual([]);
  });

  it('shows none on a page too short for one, and the items unchanged without promoted pins', () => {
    expect(layout(interleaveAds(items(8), [ad('1')]))).toBe('........');
    expect(interleaveAds(items(9), [ad('1')])).toEqual(items(9));
    expect(interleaveAds(items(12), [])).toEqual(items(12));
  });
});

it('click-through rate is clicks over impressions, 0 with none seen', () => {
  expect(ctrOf(1, 3)).toBe(0.3333);
  expect(ctrOf(0, 0)).toBe(0);
  expect(ctrOf(5, 5)).toBe(1);
});

describe("a report's dates", () => {
  it.each(['2026-38-01', '2026-02-30', '2025-02-29', '2026-12-32', '2026-1-01', '2026-12-31T00:00:00Z'])('refuses %s, which is no calendar day', (d) => {
    const r = reportQuerySchema.safeParse({ start_date: d });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Use a real date like 2026-12-31.');
  });

  it('takes real days, leap days included', () => {
    expect(reportQuerySchema.parse({ start_date: '2024-02-29', end_date: '2026-12-31' })).toMatchObject({ start_date: '2024-02-29', end_date: '2026-12-31' });
  });
});
