import type { Logger } from '@pinhive/kit';
import { VIEWER_FACTS_REFRESH_MARGIN_MS, VIEWER_FACTS_TTL_MS, type CampaignServingV1, type ServedCampaign, type TargetingSpec } from '@pinhive/contracts';
import type { PersonDoc } from '../people/person.model';
import { ServingService } from './serving.service';

/** A live campaign of pin `pinId` with this targeting (no auto targeting). */
function live(pinId: string, targeting: Partial<TargetingSpec>): ServedCampaign {
  const c: CampaignServingV1 = {
    campaignId: `c-${pinId}`, adGroupId: `g-${pinId}`, adId: `a-${pinId}`, advertiserId: 'adv-1', advertiserName: 'Shop', pinId,
    live: true, status: 'ACTIVE', startDate: '2026-01-01', endDate: null, budgetReachedOn: null,
    targeting: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [], ...targeting }, autoTargeting: false, memberIds: ['owner'],
    destinationUrl: 'https://shop.example/', createdAt: '2026-01-01T00:00:00.000Z',
    creative: { title: pinId, description: '', imageUrl: '/media/236x/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName: 'Ideas', origUrl: '/media/orig/x.png', origWidth: 600, origHeight: 800 },
  };
  return { c, words: new Set() };
}

const young = live('young', { AGE_BUCKET: ['18-24'], GENDER: ['female'] });
const older = live('older', { AGE_BUCKET: ['25-34'], GENDER: ['female'] });
const gardeners = live('gardeners', { INTEREST: ['garden'] });

describe("serving by the viewer's facts", () => {
  const ann: PersonDoc = { _id: 'ann', username: 'ann', firstName: 'Ann', lastName: '', country: 'SE', birthday: '2001-11-28', gender: 'female', interests: ['garden'] };
  let clock = new Date('2026-11-27T23:59:00Z');
  const findById = jest.fn(async (id: string) => (id === ann._id ? ann : null));
  const serving = new ServingService({
    set: { serving: () => [young, older, gardeners] },
    people: { findById },
    bus: { publish: async () => undefined },
    held: { hold: async () => undefined },
    tokenSecret: 'secret',
    logger: { warn: () => undefined } as unknown as Logger,
    now: () => clock,
    pick: (items) => [...items],
  });
  const served = async (userId: string) => (await serving.serve({ userId } as Parameters<ServingService['serve']>[0], 'home_feed', 5)).items.map((i) => i.id);

  it('reckons the age group by the clock at each serve: the 25th birthday moves the viewer on', async () => {
    expect(await served('ann')).toEqual(['young', 'gardeners']);
    clock = new Date('2026-11-28T00:00:00Z');
    expect(await served('ann')).toEqual(['older', 'gardeners']);
    // One read of the person record: the facts are kept, the bucket is computed.
    expect(findById).toHaveBeenCalledTimes(1);
  });

  it('serves a viewer ads knows nothing of only campaigns with auto targeting (none here), and reads them again at the next serve', async () => {
    findById.mockClear();
    expect(await served('nobody')).toEqual([]);
    expect(await served('nobody')).toEqual([]);
    // Not kept: their registration may arrive any moment, and would otherwise wait for the facts to expire.
    expect(findById).toHaveBeenCalledTimes(2);
  });
});

describe("a viewer's facts kept between serves", () => {
  const person = (interests: PersonDoc['interests']): PersonDoc => ({ _id: 'ann', username: 'ann', firstName: 'Ann', lastName: '', country: 'SE', birthday: '1990-01-01', gender: 'female', interests });
  /** A person store whose reads answer when the test says, counted. */
  function slowStore() {
    const reads: ((doc: PersonDoc) => void)[] = [];
    return { reads, findById: (_id: string) => new Promise<PersonDoc | null>((resolve) => reads.push(resolve)) };
  }
  function servingWith(store: ReturnType<typeof slowStore>, clock: { ms: number }) {
    return new ServingService({
      set: { serving: () => [gardeners] },
      people: store,
      bus: { publish: async () => undefined },
      held: { hold: async () => undefined },
      tokenSecret: 'secret',
      logger: { warn: () => undefined } as unknown as Logger,
      now: () => new Date('2026-11-28T12:00:00Z'),
      pick: (items) => [...items],
      clock: () => clock.ms,
    });
  }
  const servedTo = (serving: ServingService) => serving.serve({ userId: 'ann' } as Parameters<ServingService['serve']>[0], 'home_feed', 5).then((r) => r.items.map((i) => i.id));
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('reads them once for serves that come together, and waits for that read only the first time', async () => {
    const store = slowStore();
    const clock = { ms: 0 };
    const serving = servingWith(store, clock);
    const first = servedTo(serving);
    const second = servedTo(serving);
    await settled();
    expect(store.reads).toHaveLength(1);
    store.reads[0]!(person(['garden']));
    expect(await first).toEqual(['gardeners']);
    expect(await second).toEqual(['gardeners']);
    // Short of the earliest refresh.
    clock.ms = VIEWER_FACTS_TTL_MS - VIEWER_FACTS_REFRESH_MARGIN_MS.max - 1_000;
    expect(await servedTo(serving)).toEqual(['gardeners']);
    expect(store.reads).toHaveLength(1);
  });

  /** A serving at time 0 whose first serve read the viewer (no interests) and answered. */
  const servedOnce = async () => {
    const store = slowStore();
    const clock = { ms: 0 };
    const serving = servingWith(store, clock);
    const answer = servedTo(serving);
    await settled();
    store.reads[0]!(person([]));
    return { store, clock, serving, first: await answer };
  };

  it('reads them again in the background before they expire: the serve does not wait, the next one has the new facts', async () => {
    const { store, clock, serving, first } = await servedOnce();
    expect(first).toEqual([]);
    // Past the longest refresh margin, short of expiry.
    clock.ms = VIEWER_FACTS_TTL_MS - 1_000;
    // The store has not answered the second read, yet the serve answers with what was kept.
    expect(await servedTo(serving)).toEqual([]);
    expect(store.reads).toHaveLength(2);
    expect(await servedTo(serving)).toEqual([]);
    expect(store.reads).toHaveLength(2);
    store.reads[1]!(person(['garden']));
    await settled();
    expect(await servedTo(serving)).toEqual(['gardeners']);
  });

  it('never serves expired facts: a viewer not seen since waits for a read', async () => {
    const { store, clock, serving } = await servedOnce();
    clock.ms = VIEWER_FACTS_TTL_MS;
    let answered = false;
    const late = servedTo(serving).then((ids) => {
      answered = true;
      return ids;
    });
    await settled();
    expect(answered).toBe(false);
    store.reads[1]!(person(['garden']));
    expect(await late).toEqual(['gardeners']);
  });
});
