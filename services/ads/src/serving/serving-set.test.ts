import type { EventEnvelope, CampaignServingV1 } from '@pinhive/contracts';
import type { Logger } from '@pinhive/kit';
import type { Redis } from 'ioredis';
import type { CampaignDoc } from '../promotions/promotion.model';
import { ServingSet } from './serving-set';

function campaign(id: string, over: Partial<CampaignDoc> = {}): CampaignDoc {
  const at = new Date('2026-11-28T00:00:00Z');
  return {
    _id: id, advertiserId: 'adv-1', name: id, objective: 'CONSIDERATION', status: 'ACTIVE', dailyBudgetMicro: 10_000_000, currency: 'SEK',
    startDate: '2026-11-28', endDate: null, pinId: `p-${id}`, adGroupId: `g-${id}`, adId: `a-${id}`, createdBy: 'owner', createdAt: at, requestKey: `k-${id}`, live: true, advertiserBucket: 'adv-1:0',
    children: {
      adGroup: { _id: `g-${id}`, campaignId: id, advertiserId: 'adv-1', targeting: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, autoTargeting: false, productGroupId: null, conversion: null, createdAt: at },
      ad: {
        _id: `a-${id}`, adGroupId: `g-${id}`, campaignId: id, advertiserId: 'adv-1', pinId: `p-${id}`, destinationUrl: 'https://shop.example/', createdAt: at,
        creative: { title: id, description: '', imageUrl: '/media/236x/x.png', width: 236, height: 300, dominantColor: '#aabbcc', pinnerId: 'owner', boardId: 'b1', boardName: 'Ideas', origUrl: '/media/orig/x.png', origWidth: 600, origHeight: 800 },
      },
    },
    ...over,
  };
}

describe("the serving set's published records (ads.campaign.serving.v1)", () => {
  let docs: CampaignDoc[];
  let spend: Record<string, number>;
  let published: EventEnvelope<CampaignServingV1>[];
  let failNext: boolean;
  let today: Date;
  const set = new ServingSet({
    promotions: { liveCampaigns: async () => docs, endLive: async () => undefined },
    advertisers: { findById: async (id: string) => ({ _id: id, name: 'Shop', ownerId: 'owner', memberIds: ['owner', 'helper'], memberCount: 2, createdAt: new Date(), requestKey: 'k' }) },
    redis: { mget: async (...keys: string[]) => keys.map((k) => String(spend[k.split(':').slice(3).join(':')] ?? 0)) } as unknown as Redis,
    bus: {
      publish: async (events) => {
        if (failNext) {
          failNext = false;
          throw new Error('Kafka away');
        }
        published.push(...(events as EventEnvelope<CampaignServingV1>[]));
      },
    },
    namespace: 'ns', logger: { warn: () => undefined } as unknown as Logger, now: () => today, refreshMs: 10_000,
  });
  const refreshed = async () => {
    published = [];
    expect(await set.refresh()).toBe(true);
    return published.map((e) => e.data);
  };

  beforeAll(() => {
    docs = [campaign('1'), campaign('2')];
    spend = {};
    failNext = false;
    today = new Date('2026-11-28T12:00:00Z');
  });

  it('publishes every live campaign once, keyed by campaign, then only what changed', async () => {
    const first = await refreshed();
    expect(first.map((r) => [r.campaignId, r.live, r.budgetReachedOn, r.memberIds])).toEqual([['1', true, null, ['owner', 'helper']], ['2', true, null, ['owner', 'helper']]]);
    expect(published.map((e) => [e.type, e.key])).toEqual([['ads.campaign.serving.v1', '1'], ['ads.campaign.serving.v1', '2']]);
    expect(await refreshed()).toEqual([]);
    docs = [campaign('1', { status: 'PAUSED' }), campaign('2')];
    expect((await refreshed()).map((r) => [r.campaignId, r.status])).toEqual([['1', 'PAUSED']]);
    expect(set.serving().map(({ c }) => c.campaignId)).toEqual(['2']);
  });

  it("marks the day a campaign's budget was reached; the next day serves it again", async () => {
    spend = { '2:2026-11-28': 10_000_000 };
    expect((await refreshed()).map((r) => [r.campaignId, r.budgetReachedOn])).toEqual([['2', '2026-11-28']]);
    expect(set.isServing('2')).toBe(false);
    today = new Date('2026-11-29T00:00:01Z');
    // Before the next read too: the budget was reached yesterday.
    expect(set.isServing('2')).toBe(true);
    expect((await refreshed()).map((r) => [r.campaignId, r.budgetReachedOn])).toEqual([['2', null]]);
  });

  it('publishes again at the next refresh what Kafka did not take', async () => {
    docs = [campaign('1'), campaign('2')];
    failNext = true;
    expect(await refreshed()).toEqual([]);
    expect((await refreshed()).map((r) => [r.campaignId, r.status])).toEqual([['1', 'ACTIVE']]);
  });

  it('publishes a campaign past its end as no longer live, and serves it no more', async () => {
    docs = [campaign('1', { endDate: '2026-11-28' }), campaign('2')];
    expect((await refreshed()).map((r) => [r.campaignId, r.live])).toEqual([['1', false]]);
    expect(set.serving().map(({ c }) => c.campaignId)).toEqual(['2']);
  });
});
