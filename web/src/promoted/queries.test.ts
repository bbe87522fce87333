import { describe, expect, it } from '@jest/globals';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import type { PromotedPage } from './placement';
import { pageCarryingPromoted, type PromotedAsk } from './queries';

const pageOf = (from: number, next: string | null = `b${from + 25}`): Page<{ id: string }> => ({ items: Array.from({ length: 25 }, (_, i) => ({ id: `p${from + i}` })), next });
const page = pageOf(0);
const ask: PromotedAsk = { listKey: ['homeFeed', 'u1'], pageSize: 25, enabled: true };
const adIds = (result: PromotedPage<unknown>) => result.promoted.map((p) => p.ad.ad_id);

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
  it('asks each page for the ads it may hold, and shows none twice on the list', async () => {
    const feed = feedCarrying('a', 'b');
    const pages = await visitCarrying(new QueryClient(), feed, 3);
    expect(feed.asked).toEqual([2, 2, 2]);
    // Every page was answered the same two: the first shows them, the others none (never twice).
    expect(pages.map(adIds)).toEqual([['a', 'b'], [], []]);
  });

  it('keeps the ads a page was first shown with when it is read again, and asks none for it', async () => {
    const client = new QueryClient();
    client.setQueryData(ask.listKey, { pages: [{ ...page, promoted: [served('first')] }], pageParams: [null] });
    const feed = feedCarrying('second');
    expect(adIds(await pageCarryingPromoted(client, ask, null, feed.pageFor(0)))).toEqual(['first']);
    expect(feed.asked).toEqual([0]);
  });

  it('shows a page without ads when its promoted pins do not parse, and asks none where ads do not belong', async () => {
    const broken = await pageCarryingPromoted(new QueryClient(), ask, null, async () => ({ ...page, meta: { promoted: [{ id: 'not an ad' }] } }));
    expect(broken.promoted).toEqual([]);
    expect(broken.items).toEqual(page.items);

    const feed = feedCarrying('a');
    expect((await pageCarryingPromoted(new QueryClient(), { ...ask, enabled: false }, null, feed.pageFor(0))).promoted).toEqual([]);
    expect(feed.asked).toEqual([0]);
  });
});
