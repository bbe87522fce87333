import type { Logger } from '@pinhive/kit';
import { wordsOf } from './relevance';
import type { LiveCampaign } from './serving-set';
import { ServingService } from './serving.service';

/** A live quick promotion of `pinId` with the pin's words; SE, no other targeting. */
function live(pinId: string, title: string, description = '', boardName = 'Ideas'): LiveCampaign {
  const at = new Date('2026-11-28T00:00:00Z');
  const targeting = { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] };
  return {
    campaign: {
      _id: `c-${pinId}`, advertiserId: 'adv-1', name: title, objective: 'CONSIDERATION', status: 'ACTIVE', dailyBudgetMicro: 10_000_000, currency: 'SEK',
      startDate: '2026-11-28', endDate: null, pinId, adGroupId: `g-${pinId}`, adId: `a-${pinId}`, createdBy: 'owner', createdAt: at, requestKey: `k-${pinId}`, live: true, advertiserBucket: 'adv-1:0',
    },
    adGroup: { _id: `g-${pinId}`, campaignId: `c-${pinId}`, advertiserId: 'adv-1', targeting, autoTargeting: false, productGroupId: null, conversion: null, createdAt: at },
    ad: {
      _id: `a-${pinId}`, adGroupId: `g-${pinId}`, campaignId: `c-${pinId}`, advertiserId: 'adv-1', pinId, destinationUrl: 'https://shop.example/', createdAt: at,
      creative: { title, description, imageUrl: '/media/236x/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName, origUrl: '/media/orig/x.png', origWidth: 600, origHeight: 800 },
    },
    advertiserName: 'Shop',
    memberIds: ['owner'],
    words: wordsOf(title, description, boardName),
  };
}

const campaigns = [
  live('p1', 'Vegan chocolate cake', 'An easy dessert'),
  live('p2', 'Chocolate truffles'),
  live('p3', 'Garden shed plans', '', 'Backyard'),
];

function service(set = campaigns) {
  return new ServingService({
    set: { serving: () => set },
    people: { findById: async () => null },
    bus: { publish: async () => undefined },
    tokenSecret: 'secret',
    logger: { warn: () => undefined } as unknown as Logger,
    now: () => new Date('2026-11-28T12:00:00Z'),
    pick: (items) => [...items],
  });
}
const viewer = { userId: 'viewer-1' } as Parameters<ServingService['serve']>[0];
const served = async (placement: 'home_feed' | 'search', count: number, q?: string) =>
  (await service().serve(viewer, placement, count, q)).items.map((i) => i.id);

describe('serving beside a search', () => {
  // The viewer's country is unknown here (no person record): campaigns need auto targeting.
  beforeAll(() => {
    for (const c of campaigns) c.adGroup.autoTargeting = true;
  });

  it('serves only pins the query answers, the most answered first', async () => {
    expect(await served('search', 5, 'vegan chocolate')).toEqual(['p1', 'p2']);
    expect(await served('search', 5, 'Chocolates')).toEqual(['p1', 'p2']);
    expect(await served('search', 5, 'backyard sheds')).toEqual(['p3']);
  });

  it('serves nothing for a search nothing answers, nor for one without words', async () => {
    expect(await served('search', 5, 'wedding dress')).toEqual([]);
    expect(await served('search', 5, '')).toEqual([]);
    expect(await served('search', 5)).toEqual([]);
  });

  it('ignores the query in the home feed', async () => {
    expect(await served('home_feed', 5, 'wedding dress')).toEqual(['p1', 'p2', 'p3']);
  });

  it('never serves the advertiser\'s own people', async () => {
    expect((await service().serve({ userId: 'owner' } as typeof viewer, 'search', 5, 'chocolate')).items).toEqual([]);
  });
});
