import { describe, expect, it } from '@jest/globals';
import type { PromotedPin } from '@pinhive/contracts';
import { adsForItems, adsForPage, gridItemKey, isPromotedPin, placeAdsOnPages } from './placement';

const organic = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` }));
const ad = (adId: string, pinId = `pin-of-${adId}`) =>
  ({ id: pinId, is_promoted: true, ad: { ad_id: adId, campaign_id: 'c1', destination_url: 'https://shop.example/', token: `token-${adId}`, sponsor: { advertiser_id: 'a1', name: 'Shop', sponsorship_status: 'promoted' } } }) as unknown as PromotedPin;
const ids = (items: { id: string }[]) => items.map((item) => (isPromotedPin(item) ? `ad:${item.ad.ad_id}` : item.id));

describe('promoted pins placed among the pages of a list', () => {
  it('asks one per full ten organic items', () => {
    expect([0, 9, 10, 19, 25].map(adsForItems)).toEqual([0, 0, 1, 1, 2]);
  });

  it('puts a page of 25 with two ads at positions 9 and 19', () => {
    const placed = ids(placeAdsOnPages([{ items: organic(0, 25), promoted: [ad('a'), ad('b'), ad('c')] }]));
    expect(placed).toHaveLength(27);
    expect(placed[9]).toBe('ad:a');
    expect(placed[19]).toBe('ad:b');
    expect(placed.filter((id) => id.startsWith('ad:'))).toEqual(['ad:a', 'ad:b']);
  });

  it('places no more than floor(items / 10) on a short page', () => {
    expect(ids(placeAdsOnPages([{ items: organic(0, 19), promoted: [ad('a'), ad('b')] }])).filter((id) => id.startsWith('ad:'))).toEqual(['ad:a']);
    expect(ids(placeAdsOnPages([{ items: organic(0, 9), promoted: [ad('a')] }]))).toEqual(ids(organic(0, 9)));
  });

  it('never shows an ad twice on one page view, nor an ad of a pin already in the list', () => {
    const pages = [
      { items: organic(0, 25), promoted: [ad('a'), ad('a'), ad('b')] },
      { items: organic(25, 25), promoted: [ad('a'), ad('x', 'p3'), ad('c')] },
    ];
    const placed = ids(placeAdsOnPages(pages));
    expect(placed.filter((id) => id.startsWith('ad:'))).toEqual(['ad:a', 'ad:b', 'ad:c']);
    expect(placed.slice(0, 27).filter((id) => id.startsWith('ad:'))).toEqual(['ad:a', 'ad:b']);
  });

  it('keeps the pages already shown as they were when a page is appended', () => {
    const first = { items: organic(0, 25), promoted: [ad('a')] };
    const before = ids(placeAdsOnPages([first]));
    const after = ids(placeAdsOnPages([first, { items: organic(25, 25), promoted: [ad('b')] }]));
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('shows the page alone when its ads did not come', () => {
    expect(ids(placeAdsOnPages([{ items: organic(0, 25), promoted: [] }]))).toEqual(ids(organic(0, 25)));
  });

  it('keys a promoted pin by its ad, so its pin may also be on the grid organically', () => {
    expect(gridItemKey(ad('a', 'p1'))).toBe('promoted-a');
    expect(gridItemKey({ id: 'p1' })).toBe('p1');
  });
});

describe("a visit's served ads spread over its pages", () => {
  const served = ['a', 'b', 'c', 'd', 'e'].map((id) => ad(id));
  const adIds = (ads: PromotedPin[]) => ads.map((a) => a.ad.ad_id);

  it('gives each page at most one per full ten organic items, in the order served', () => {
    expect(adIds(adsForPage(served, [], organic(0, 25)))).toEqual(['a', 'b']);
    expect(adIds(adsForPage(served, [], organic(0, 19)))).toEqual(['a']);
    expect(adsForPage(served, [], organic(0, 9))).toEqual([]);
  });

  it('never gives a page an ad an earlier page has, nor one twice: each page takes the next ones', () => {
    const first = { items: organic(0, 25), promoted: adsForPage(served, [], organic(0, 25)) };
    const second = { items: organic(25, 25), promoted: adsForPage(served, [first], organic(25, 25)) };
    const third = adsForPage(served, [first, second], organic(50, 25));
    expect([first.promoted, second.promoted, third].map(adIds)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(adsForPage([ad('a'), ad('a'), ad('b')], [], organic(0, 25)).map((a) => a.ad.ad_id)).toEqual(['a', 'b']);
  });

  it('skips the ad of a pin on this page or an earlier one organically, and leaves it for no later page either', () => {
    const withPins = [ad('a', 'p3'), ad('b', 'p30'), ad('c'), ad('d')];
    const first = { items: organic(0, 25), promoted: adsForPage(withPins, [], organic(0, 25)) };
    expect(adIds(first.promoted)).toEqual(['b', 'c']);
    // p30 is organic on the second page: ad b was given to the first page before that was known; it stays where it is.
    expect(adIds(adsForPage(withPins, [first], organic(25, 25)))).toEqual(['d']);
  });

  it('placed, shows every ad of the visit once, at most one in any ten items', () => {
    const pages: { items: { id: string }[]; promoted: PromotedPin[] }[] = [];
    for (let k = 0; k < 4; k += 1) pages.push({ items: organic(k * 25, 25), promoted: adsForPage(served, pages, organic(k * 25, 25)) });
    const placed = ids(placeAdsOnPages(pages));
    expect(placed.filter((id) => id.startsWith('ad:'))).toEqual(['ad:a', 'ad:b', 'ad:c', 'ad:d', 'ad:e']);
    for (let i = 0; i + 10 <= placed.length; i += 1) expect(placed.slice(i, i + 10).filter((id) => id.startsWith('ad:')).length).toBeLessThanOrEqual(1);
  });
});
