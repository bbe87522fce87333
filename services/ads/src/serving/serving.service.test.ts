import { campaignWordsOf, type CampaignServingV1, type ServedCampaign } from '@pinhive/contracts';
import type { Logger } from '@pinhive/kit';
import { KAFKA_AWAY_MS, ServingService } from './serving.service';

/** A live quick promotion of `pinId` with the pin's words; SE, no other targeting. */
function live(pinId: string, title: string, description = '', boardName = 'Ideas'): ServedCampaign {
  const c: CampaignServingV1 = {
    campaignId: `c-${pinId}`, adGroupId: `g-${pinId}`, adId: `a-${pinId}`, advertiserId: 'adv-1', advertiserName: 'Shop', pinId,
    live: true, status: 'ACTIVE', startDate: '2026-11-28', endDate: null, budgetReachedOn: null,
    targeting: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, autoTargeting: false, memberIds: ['owner'],
    destinationUrl: 'https://shop.example/', createdAt: '2026-11-28T00:00:00.000Z',
    creative: { title, description, imageUrl: '/media/236x/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName, origUrl: '/media/orig/x.png', origWidth: 600, origHeight: 800 },
  };
  return { c, words: campaignWordsOf(c) };
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
    held: { hold: async () => undefined },
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
    for (const s of campaigns) s.c.autoTargeting = true;
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

describe('impressions and clicks taken back while Kafka is away', () => {
  const kafkaDown = async () => { throw new Error('kafka: connection refused'); };
  function accepting(bus: { publish: () => Promise<void> }, hold: jest.Mock, clock = () => 0) {
    return new ServingService({
      set: { serving: () => campaigns }, people: { findById: async () => null }, bus, held: { hold }, tokenSecret: 'secret',
      logger: { warn: () => undefined } as unknown as Logger, now: () => new Date('2026-11-28T12:00:00Z'), pick: (items) => [...items], clock,
    });
  }
  const impressions = async (serving: ServingService) =>
    (await serving.serve(viewer, 'search', 2, 'chocolate')).items.map((i) => ({ kind: 'impression' as const, token: i.ad.token }));

  it('holds the accepted events in the store, one batch, and answers as when Kafka took them', async () => {
    const hold = jest.fn(async () => undefined);
    const serving = accepting({ publish: kafkaDown }, hold);
    const events = [...(await impressions(serving)), { kind: 'click' as const, token: 'forged' }];
    expect(await serving.accept(viewer, { events })).toEqual({ accepted: 2, skipped: 1 });
    expect(hold).toHaveBeenCalledTimes(1);
    const [held] = hold.mock.calls[0] as unknown as [{ type: string; data: { adId: string } }[]];
    expect(held.map((e) => [e.type, e.data.adId])).toEqual([['ads.ad.engaged.v1', 'a-p1'], ['ads.ad.engaged.v1', 'a-p2']]);
  });

  it('writes nothing to the store while Kafka takes them', async () => {
    const hold = jest.fn(async () => undefined);
    const serving = accepting({ publish: async () => undefined }, hold);
    expect(await serving.accept(viewer, { events: await impressions(serving) })).toEqual({ accepted: 2, skipped: 0 });
    expect(hold).not.toHaveBeenCalled();
  });

  it(`holds the posts of the next ${KAFKA_AWAY_MS} ms without trying Kafka, then tries it again`, async () => {
    let at = 1_000;
    const publish = jest.fn<Promise<void>, []>(kafkaDown);
    const hold = jest.fn(async () => undefined);
    const serving = accepting({ publish }, hold, () => at);
    const post = async () => serving.accept(viewer, { events: await impressions(serving) });
    expect(await post()).toEqual({ accepted: 2, skipped: 0 });
    at += KAFKA_AWAY_MS - 1;
    expect(await post()).toEqual({ accepted: 2, skipped: 0 });
    expect([publish.mock.calls.length, hold.mock.calls.length]).toEqual([1, 2]);
    at += 1;
    publish.mockImplementation(async () => undefined);
    expect(await post()).toEqual({ accepted: 2, skipped: 0 });
    expect([publish.mock.calls.length, hold.mock.calls.length]).toEqual([2, 2]);
  });

  it('answers 503 only when the store does not take them either', async () => {
    const serving = accepting({ publish: kafkaDown }, jest.fn(async () => { throw new Error('store away'); }));
    await expect(serving.accept(viewer, { events: await impressions(serving) })).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
  });
});
