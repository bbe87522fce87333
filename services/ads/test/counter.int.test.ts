import type { AdEngagedV1 } from '@pinhive/contracts';
import { connectRedis, createLogger, dayOf, newEvent } from '@pinhive/kit';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { Counter } from '../src/counting/counter';
import { AD_STATS_COLLECTION, ADVERTISER_STATS_COLLECTION, type AdStatsDoc, type AdvertiserStatsDoc } from '../src/counting/stats.model';
import { scratchDatabase, servers, uniqueName, waitFor } from '../../../test/support/servers';

/**
 * The counting against the real Redis and store: what a process killed mid-flush leaves, the next
 * one writes; an advertiser's campaigns are added up per day beside each ad's day. A crash is stood for by a store whose writes never answer (the process never gets
 * to put the days back); the restart is a second Counter on the same Redis and namespace.
 */
const logger = createLogger('counter-test', 'silent');
const db = scratchDatabase('ads_counter', 'test');
const clients: Redis[] = [];
let namespace = '';

beforeEach(async () => {
  namespace = uniqueName('counter');
  const redis = connectRedis(servers.redisUrl(), logger);
  clients.push(redis);
  await waitFor(async () => (redis.status === 'ready' ? true : undefined), 'redis ready', 10_000);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});

const counterOn = (mongo: Connection) => new Counter({ redis: clients.at(-1)!, mongo, namespace, cpmMicro: 2_000_000, flushMs: 60_000, logger });

/** A store connection whose ad_stats writes hang, as a process killed while it waits for them. */
function hangingStore(mongo: Connection): Connection {
  const writes = { updateOne: () => new Promise(() => undefined) };
  return new Proxy(mongo, { get: (target, prop) => (prop === 'collection' ? () => writes : Reflect.get(target, prop)) });
}

const impression = (viewerKey: string) =>
  newEvent('ads', 'ads.ad.engaged.v1', 'ad-1', { kind: 'impression', adId: 'ad-1', adGroupId: 'group-1', campaignId: 'campaign-1', advertiserId: 'adv-1', viewerKey, placement: 'home_feed' } satisfies AdEngagedV1);

const stored = (mongo: Connection) => mongo.collection<AdStatsDoc>(AD_STATS_COLLECTION).findOne({ _id: `ad-1:${dayOf(new Date())}` });
const advertiserDay = (mongo: Connection) => mongo.collection<AdvertiserStatsDoc>(ADVERTISER_STATS_COLLECTION).findOne({ _id: `adv-1:${dayOf(new Date())}` });

it('writes the days a process killed mid-flush had taken, once the next process recovers them', async () => {
  const killed = counterOn(hangingStore(db()));
  expect(await killed.count([impression('v1'), impression('v2'), impression('v3')])).toBe(3);
  void killed.flush(); // takes the day, then hangs in the write: the process dies here
  await waitFor(async () => ((await clients.at(-1)!.scard(`${namespace}:ads:dirty`)) === 0 ? true : undefined), 'the day taken to be written');

  // The restarted process: nothing new comes for that ad (the counts before the kill were its last).
  const restarted = counterOn(db());
  expect(await restarted.flush()).toBe(0); // not recovered yet: the day is still held as in flight
  await restarted.recover();
  expect(await restarted.flush()).toBe(1);
  expect(await stored(db())).toMatchObject({ impressions: 3, clicks: 0, spendMicro: 6_000, campaignId: 'campaign-1' });
  expect(await advertiserDay(db())).toMatchObject({ impressions: 3, clicks: 0, spendMicro: 6_000 });
  // Written and let go: nothing left to recover or write.
  await restarted.recover();
  expect(await restarted.flush()).toBe(0);
});

it('puts back the days of a write the store refused, and writes them at the next flush', async () => {
  const refusing = new Proxy(db(), { get: (target, prop) => (prop === 'collection' ? () => ({ updateOne: async () => { throw new Error('store away'); } }) : Reflect.get(target, prop)) });
  const counter = counterOn(refusing);
  await counter.count([impression('v1')]);
  await expect(counter.flush()).rejects.toThrow('store away');
  const again = counterOn(db());
  expect(await again.flush()).toBe(1);
  expect(await stored(db())).toMatchObject({ impressions: 1 });
  await again.recover(); // nothing was left in flight
  expect(await again.flush()).toBe(0);
});

it("adds up the impressions and clicks of all an advertiser's campaigns per day, beside each ad's day", async () => {
  const otherCampaign = (kind: 'impression' | 'click', viewerKey: string) =>
    newEvent('ads', 'ads.ad.engaged.v1', 'ad-2', { kind, adId: 'ad-2', adGroupId: 'group-2', campaignId: 'campaign-2', advertiserId: 'adv-1', viewerKey, placement: 'search' } satisfies AdEngagedV1);
  const counter = counterOn(db());
  // v1's second impression of ad-1 this hour counts nothing; ad-2's by the same viewer does.
  expect(await counter.count([impression('v1'), impression('v2'), otherCampaign('impression', 'v1'), impression('v1'), otherCampaign('click', 'v1')])).toBe(4);
  expect(await counter.flush()).toBe(2);
  const day = dayOf(new Date());
  expect(await advertiserDay(db())).toEqual({ _id: `adv-1:${day}`, advertiserId: 'adv-1', day, advertiserMonth: `adv-1:${day.slice(0, 7)}`, impressions: 3, clicks: 1, spendMicro: 6_000 });
  // Counted on and written again: the day's total grows (never one write per event).
  await counter.count([otherCampaign('impression', 'v2')]);
  expect(await counter.flush()).toBe(1);
  expect(await advertiserDay(db())).toMatchObject({ impressions: 4, clicks: 1, spendMicro: 8_000 });
  expect(await stored(db())).toMatchObject({ impressions: 2 });
});

it("counts a viewer's impressions of an ad once an hour: again in the next hour, not twice in one", async () => {
  const counter = counterOn(db());
  const day = dayOf(new Date());
  const at = (time: string) => new Date(`${day}T${time}Z`);
  const seen = (time: string) => ({
    ...newEvent('ads', 'ads.ad.engaged.v1', 'ad-hour', { kind: 'impression', adId: 'ad-hour', adGroupId: 'group-h', campaignId: 'campaign-h', advertiserId: 'adv-h', viewerKey: 'v1', placement: 'home_feed' } satisfies AdEngagedV1),
    occurredAt: at(time).toISOString(),
  });
  // 00:59:59 and 01:00:01 are two hours; 01:30 and 01:59 are the second one's again.
  expect(await counter.count([seen('00:59:59'), seen('01:00:01'), seen('01:30:00')])).toBe(2);
  expect(await counter.count([seen('01:59:00')])).toBe(0);
  expect(await counter.flush()).toBe(1);
  expect(await db().collection<AdStatsDoc>(AD_STATS_COLLECTION).findOne({ _id: `ad-hour:${day}` })).toMatchObject({ impressions: 2 });
});
