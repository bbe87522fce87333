import { describe, expect, it } from '@jest/globals';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import type { PromotedPage } from './placement';
import { ADS_KEPT_MS, pageCarryingPromoted, pageWithPromoted, promotedKey, VISIT_ADS, type PromotedAsk } from './queries';

const ad = (adId: string) => ({ id: `pin-${adId}`, is_promoted: true, ad: { ad_id: adId, token: `token-${adId}` } }) as unknown as PromotedPin;
const pageOf = (from: number, next: string | null = `b${from + 25}`): Page<{ id: string }> => ({ items: Array.from({ length: 25 }, (_, i) => ({ id: `p${from + i}` })), next });
const page = pageOf(0);
const ask: PromotedAsk = { placement: 'home_feed', listKey: ['homeFeed', 'u1'], pageSize: 25, enabled: true };
const adIds = (result: PromotedPage<unknown>) => result.promoted.map((p) => p.ad.ad_id);

/** A promise settled from outside (an answer that comes when the test says). */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The ads service as a counter of serve calls, answering `ads` (the ids) each time. */
function adsService(...ads: string[]) {
  const calls: number[] = [];
  const fetchAds = async (_placement: string, count: number) => {
    calls.push(count);
    return ads.map(ad);
  };
  return { calls, fetchAds };
}

/**
 * A visit of the list as useInfiniteQuery reads it: the first page, then the next ones in turn,
 * each page appended to the list's data before the next is asked for. Each page's items take a
 * few milliseconds (the ads service here answers at once).
 */
async function visit(client: QueryClient, fetchAds: ReturnType<typeof adsService>['fetchAds'], pages: number) {
  const shown: PromotedPage<{ id: string }>[] = [];
  const params: (string | null)[] = [];
  for (let k = 0; k < pages; k += 1) {
    const param = k === 0 ? null : `b${k * 25}`;
    const result = await pageWithPromoted(client, ask, param, new Promise<Page<{ id: string }>>((resolve) => setTimeout(() => resolve(pageOf(k * 25)), 5)), fetchAds);
    shown.push(result);
    params.push(param);
    client.setQueryData<InfiniteData<PromotedPage<{ id: string }>, string | null>>(ask.listKey, { pages: [...shown], pageParams: [...params] });
  }
  return shown;
}

describe('a page with its promoted pins', () => {
  it('has the ads that came before its items, from one serve call of VISIT_ADS', async () => {
    const client = new QueryClient();
    const asked: number[] = [];
    const result = await pageWithPromoted(client, ask, null, new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 20)), async (_placement, count) => {
      asked.push(count);
      return [ad('a'), ad('b'), ad('c')];
    });
    expect(asked).toEqual([VISIT_ADS]);
    expect(adIds(result)).toEqual(['a', 'b']);
    expect(result.items).toEqual(page.items);
  });

  it('comes at once without ads still on their way; the ads, when they come, serve the next page without another call', async () => {
    const client = new QueryClient();
    const ads = later<PromotedPin[]>();
    let calls = 0;
    const fetchAds = () => {
      calls += 1;
      return ads.promise;
    };
    const first = await pageWithPromoted(client, ask, null, Promise.resolve(page), fetchAds);
    expect(first.promoted).toEqual([]);
    client.setQueryData(ask.listKey, { pages: [first], pageParams: [null] });
    ads.resolve([ad('a'), ad('b'), ad('c')]);
    await client.fetchQuery({ queryKey: promotedKey(ask.listKey), queryFn: () => ads.promise });
    const second = await pageWithPromoted(client, ask, 'b25', Promise.resolve(pageOf(25)), fetchAds);
    expect(adIds(second)).toEqual(['a', 'b']);
    expect(calls).toBe(1);
  });

  it('spreads one serve call over a visit of four pages: two ads a page, none twice', async () => {
    const client = new QueryClient();
    const ads = adsService('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
    const pages = await visit(client, ads.fetchAds, 4);
    expect(ads.calls).toEqual([VISIT_ADS]);
    expect(pages.map(adIds)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]);
  });

  it('leaves a page without ads when the answer is used up and was all there was; asks again when a full answer is used up', async () => {
    const few = adsService('a', 'b', 'c');
    expect((await visit(new QueryClient(), few.fetchAds, 3)).map(adIds)).toEqual([['a', 'b'], ['c'], []]);
    expect(few.calls).toHaveLength(1);

    const full = adsService(...Array.from({ length: VISIT_ADS }, (_, i) => `x${i}`));
    await visit(new QueryClient(), full.fetchAds, VISIT_ADS / 2 + 1);
    expect(full.calls).toHaveLength(2);
  });

  it('asks again once the answer kept is ADS_KEPT_MS old (a campaign at its budget stops within the minute)', async () => {
    const client = new QueryClient();
    client.setQueryData(promotedKey(ask.listKey), [ad('old')], { updatedAt: Date.now() - ADS_KEPT_MS - 1 });
    const ads = adsService('new');
    const result = await pageWithPromoted(client, ask, null, new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 20)), ads.fetchAds);
    expect(ads.calls).toHaveLength(1);
    expect(adIds(result)).toEqual(['new']);
  });

  it('comes without ads when the ads request fails, and the next page asks again', async () => {
    const client = new QueryClient();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('ads down');
    };
    const result = await pageWithPromoted(client, ask, null, new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 10)), failing);
    expect(result.promoted).toEqual([]);
    client.setQueryData(ask.listKey, { pages: [result], pageParams: [null] });
    await pageWithPromoted(client, ask, 'b25', new Promise<Page<{ id: string }>>((resolve) => setTimeout(() => resolve(pageOf(25)), 10)), failing);
    expect(calls).toBe(2);
  });

  it('fails as its items do, whatever the ads', async () => {
    const client = new QueryClient();
    await expect(pageWithPromoted(client, ask, null, Promise.reject(new Error('feed down')), async () => [ad('a')])).rejects.toThrow('feed down');
  });

  it('keeps the ads it was first shown with when read again (a refetch)', async () => {
    const client = new QueryClient();
    const shown: InfiniteData<PromotedPage<{ id: string }>, string | null> = { pages: [{ ...page, promoted: [ad('first')] }], pageParams: [null] };
    client.setQueryData(ask.listKey, shown);
    let asked = 0;
    const result = await pageWithPromoted(client, ask, null, Promise.resolve(page), async () => {
      asked += 1;
      return [ad('second')];
    });
    expect(result.promoted).toEqual([ad('first')]);
    expect(asked).toBe(0);
  });

  it('asks nothing where ads do not belong', async () => {
    const client = new QueryClient();
    let asked = 0;
    const result = await pageWithPromoted(client, { ...ask, enabled: false }, null, Promise.resolve(page), async () => {
      asked += 1;
      return [ad('a')];
    });
    expect(result.promoted).toEqual([]);
    expect(asked).toBe(0);
  });

  it('keeps the served ads beside the list', () => {
    expect(promotedKey(['homeFeed', 'u1'])).toEqual(['promoted', 'homeFeed', 'u1']);
  });
});

/** A promoted pin as a page's `meta.promoted` carries it (whole: the page's meta is parsed). */
const served = (adId: string): PromotedPin => ({
  id: `pin-${adId}`, type: 'pin', title: adId, description: '', link: 'https://shop.example/', dominant_color: '#aabbcc',
  images: { '236x': { url: '/media/236x/a.jpg', width: 236, height: 300 }, orig: { url: '/media/orig/a.jpg', width: 600, height: 800 } },
  board: { id: 'b1', name: 'Ideas' }, pinner: { id: 'owner' }, created_at: '2026-11-28T00:00:00.000Z', is_promoted: true,
  ad: { ad_id: adId, campaign_id: `c-${adId}`, destination_url: 'https://shop.example/', sponsor: { advertiser_id: 'adv', name: 'Shop', sponsorship_status: 'promoted' }, token: `token-${adId}` },
});

/** The home feed as a counter of the pages asked with `ads`, each such page carrying `ads` (the ids). */
function feedCarrying(...ads: string[]) {
  const asked: number[] = [];
  const pageFor = (from: number) => async (count: number): Promise<Page<{ id: string }>> => {
    asked.push(count);
    return { ...pageOf(from), ...(count > 0 ? { meta: { promoted: ads.map(served) } } : {}) };
  };
  return { asked, pageFor };
}

/** A visit of the home feed: each page appended to the list's data before the next is asked for. */
async function visitCarrying(client: QueryClient, feed: ReturnType<typeof feedCarrying>, pages: number) {
  const shown: PromotedPage<{ id: string }>[] = [];
  const params: (string | null)[] = [];
  for (let k = 0; k < pages; k += 1) {
    const param = k === 0 ? null : `b${k * 25}`;
    shown.push(await pageCarryingPromoted(client, ask, param, feed.pageFor(k * 25)));
    params.push(param);
    client.setQueryData<InfiniteData<PromotedPage<{ id: string }>, string | null>>(ask.listKey, { pages: [...shown], pageParams: [...params] });
  }
  return shown;
}

describe('a page whose answer carries its promoted pins (the home feed)', () => {
  it('asks for VISIT_ADS with the first page only, and spreads them over the visit: two a page, none twice', async () => {
    const feed = feedCarrying('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
    const pages = await visitCarrying(new QueryClient(), feed, 4);
    expect(feed.asked).toEqual([VISIT_ADS, 0, 0, 0]);
    expect(pages.map(adIds)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]);
  });

  it('asks again with a page once a full answer is used up, or the kept one is ADS_KEPT_MS old', async () => {
    const full = feedCarrying(...Array.from({ length: VISIT_ADS }, (_, i) => `x${i}`));
    await visitCarrying(new QueryClient(), full, VISIT_ADS / 2 + 1);
    expect(full.asked.filter((n) => n > 0)).toHaveLength(2);

    const client = new QueryClient();
    client.setQueryData(promotedKey(ask.listKey), [served('old')], { updatedAt: Date.now() - ADS_KEPT_MS - 1 });
    const fresh = feedCarrying('new');
    expect(adIds(await pageCarryingPromoted(client, ask, null, fresh.pageFor(0)))).toEqual(['new']);
    expect(fresh.asked).toEqual([VISIT_ADS]);
  });

  it('shows a page without ads when its promoted pins do not parse, and asks nothing where ads do not belong', async () => {
    const broken = await pageCarryingPromoted(new QueryClient(), ask, null, async () => ({ ...page, meta: { promoted: [{ id: 'not an ad' }] } }));
    expect(broken.promoted).toEqual([]);
    expect(broken.items).toEqual(page.items);

    const feed = feedCarrying('a');
    expect((await pageCarryingPromoted(new QueryClient(), { ...ask, enabled: false }, null, feed.pageFor(0))).promoted).toEqual([]);
    expect(feed.asked).toEqual([0]);
  });
});
