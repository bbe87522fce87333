import { describe, expect, it } from '@jest/globals';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PromotedPin } from '@pinhive/contracts';
import type { Page } from '../api/resource';
import type { PromotedPage } from './placement';
import { pageWithPromoted, promotedKey, type PromotedAsk } from './queries';

const ad = (adId: string) => ({ id: `pin-${adId}`, is_promoted: true, ad: { ad_id: adId, token: `token-${adId}` } }) as unknown as PromotedPin;
const page: Page<{ id: string }> = { items: Array.from({ length: 25 }, (_, i) => ({ id: `p${i}` })), next: 'b2' };
const ask: PromotedAsk = { placement: 'home_feed', listKey: ['homeFeed', 'u1'], pageSize: 25, enabled: true };

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

describe('a page with its promoted pins', () => {
  it('has the ads that came before its items, asked for floor(page size / 10) at once', async () => {
    const client = new QueryClient();
    const asked: number[] = [];
    const result = await pageWithPromoted(client, ask, null, new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 20)), async (_placement, count) => {
      asked.push(count);
      return [ad('a')];
    });
    expect(asked).toEqual([2]);
    expect(result).toEqual({ ...page, promoted: [ad('a')] });
  });

  it('comes at once without ads still on their way, and the ads request is cancelled', async () => {
    const client = new QueryClient();
    let aborted = false;
    const ads = later<PromotedPin[]>();
    const result = await pageWithPromoted(client, ask, null, Promise.resolve(page), (_placement, _count, signal) => {
      signal?.addEventListener('abort', () => {
        aborted = true;
        ads.reject(new Error('aborted'));
      });
      return ads.promise;
    });
    expect(result.promoted).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(aborted).toBe(true);
  });

  it('comes without ads when the ads request fails', async () => {
    const client = new QueryClient();
    const result = await pageWithPromoted(client, ask, null, new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 10)), async () => {
      throw new Error('ads down');
    });
    expect(result.promoted).toEqual([]);
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

  it('keys the ads of each page by its bookmark, beside the list', () => {
    expect(promotedKey(['homeFeed', 'u1'], 'b2')).toEqual(['promoted', 'homeFeed', 'u1', 'b2']);
  });
});
