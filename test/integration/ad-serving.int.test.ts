import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import type { AdEngagedV1, EventEnvelope, PageAdsMeta, PromotedPin, Promotion, ReportDaily, ReportRow } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { loadAdsConfig, type AdsConfig } from '../../services/ads/src/config';
import { adsService } from '../../services/ads/src/service';
import { PEOPLE_COLLECTION } from '../../services/ads/src/people/person.model';
import { HELD_EVENTS_COLLECTION } from '../../services/ads/src/serving/held-events.model';
import { PROFILES_COLLECTION } from '../../services/pins-boards/src/profiles/profile.model';
import { ok, png, resourceCalls, seedProfiles, type Person } from '../../services/pins-boards/test/support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from '../../services/pins-boards/test/support/service-under-test';
import { serviceEnv, servers, startServer, stopServer, uniqueName, waitFor } from '../support/servers';

/**
 * Promoted pins served, counted and paced, on the real store, Kafka and Redis: a promotion made
 * through quick-promote is served to the viewers its targeting takes in (never to the
 * advertiser's own people); impressions and clicks come back with their tokens, count once per
 * viewer, ad and hour however often Kafka delivers them, and reach the report; a campaign stops
 * being served at its daily budget and comes back the next day (an injected clock); a restart of
 * ads mid-stream loses no count; the report's chart has the advertiser's campaigns added up per day.
 */
const prefix = `${uniqueName('serve')}.`;
const adsDb = uniqueName('serve_ads');
let pb: PinsBoardsUnderTest;
let ads: RunningService<AdsConfig>;
let adsEnv: Record<string, string>;
let adsConn: Connection;
let producer: Producer;
let reader: Consumer;
const published: EventEnvelope<AdEngagedV1>[] = [];
/** The clock ads runs on: tests move it a day on. */
let clock = new Date();
const DAY_MS = 24 * 3600 * 1000;

const olive: Person = { id: 'user-olive', username: 'olive' };
const mia: Person = { id: 'user-mia', username: 'mia' };
const sam: Person = { id: 'user-sam', username: 'sam' };
const tess: Person = { id: 'user-tess', username: 'tess' };
const dan: Person = { id: 'user-dan', username: 'dan' };
const { get, write } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));
const auth = (who: Person) => pb.viewers.bearer(who);
const data = <T>(res: request.Response) => {
  if (res.status >= 300) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { resource_response: { data: T } }).resource_response.data;
};

const startAds = async () => {
  ads = await startService(adsService(loadAdsConfig(adsEnv), { now: () => clock }));
  await waitFor(async () => ((await request(ads.url).get('/readyz')).status === 200 ? true : undefined), 'ads ready', 30_000);
};
const serve = async (who?: Person) => {
  const req = request(ads.url).get('/ads/v4/serve/?placement=home_feed&count=5');
  return data<{ items: PromotedPin[] }>(await (who ? req.set(auth(who)) : req)).items;
};
const servedTo = async (who: Person | undefined, campaignId: string) => (await serve(who)).find((p) => p.ad.campaign_id === campaignId);
/** The promoted pins a home feed page asked with `ads` carries (chosen by pins-boards from ads' serving records). */
const feedAds = async (who: Person) => {
  const res = await get('HomeFeedResource', { ads: 5 }, who);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return ((res.body as { resource_response: { meta?: PageAdsMeta } }).resource_response.meta?.promoted ?? []);
};
const inFeedOf = async (who: Person, campaignId: string) => (await feedAds(who)).find((p) => p.ad.campaign_id === campaignId);
const send = async (who: Person | undefined, events: { kind: 'impression' | 'click'; token: string }[]) => {
  const req = request(ads.url).post('/ads/v4/events/').send({ events });
  return data<{ accepted: number; skipped: number }>(await (who ? req.set(auth(who)) : req));
};
const report = async (level = 'campaigns') => data<ReportRow[]>(await request(ads.url).get(`/ads/v4/advertisers/${acme}/reporting/?level=${level}&start_date=${day(-1)}&end_date=${day(1)}`).set(auth(olive)));
const rowOf = async (campaignId: string, level = 'campaigns') => (await report(level)).find((r) => r.campaign_id === campaignId);
/** Today (of the injected clock) moved by `offset` days, as YYYY-MM-DD. */
const day = (offset = 0) => new Date(clock.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const totalsOn = async (campaignId: string, date: string) => (await rowOf(campaignId))?.days.find((d) => d.date === date);
const waitCounts = (campaignId: string, impressions: number, clicks = 0, ms = 30_000) =>
  waitFor(async () => {
    const d = await totalsOn(campaignId, day());
    return d && d.impressions === impressions && d.clicks === clicks ? d : undefined;
  }, `${impressions} impressions and ${clicks} clicks reported`, ms);
/** New viewers in Sweden, as ads' people, with a token of the campaign served to each. */
async function viewersServed(tag: string, n: number, campaignId: string): Promise<{ who: Person; token: string }[]> {
  const people = Array.from({ length: n }, (_, i) => ({ id: `user-${tag}${i}`, username: `${tag}${i}` }));
  await adsConn.collection(PEOPLE_COLLECTION).insertMany(people.map((p) => ({ _id: p.id, username: p.username, firstName: '', lastName: '', country: 'SE' })) as never[]);
  return Promise.all(people.map(async (who) => ({ who, token: (await waitFor(() => servedTo(who, campaignId), `served to ${who.id}`)).ad.token })));
}
let kafkaStopped = false;

let acme: string;
let pinId: string;

async function promote(budgetMicro: number, key: string): Promise<Promotion> {
  return data<Promotion>(await request(ads.url).post(`/ads/v4/advertisers/${acme}/pins/${pinId}/quick_promote/`).set({ ...auth(olive), 'Idempotency-Key': key }).send({
    budget_in_micro_currency: budgetMicro, campaign_name: 'Lamps', destination_url: 'https://lamps.example.com/', duration: 10, auto_targeting_enabled: false, is_ongoing: false,
    start_now: true, targeting_spec: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [] }, advertiser_id: acme, ads_client_type: 'quick_promote', pin_id: pinId,
    product_group_id: null, flexible_daily_budget_enabled: false,
  }));
}

beforeAll(async () => {
  pb = await startPinsBoards('serve', { KAFKA_TOPIC_PREFIX: prefix, PROMOTED_REFRESH_MS: '100' });
  await seedProfiles(pb.conn, [[olive, 'Olive'], [mia, 'Mia'], [sam, 'Sam'], [dan, 'Dan']]);
  // 1 SEK a day at 500 SEK per thousand impressions: the second impression of a day spends it all.
  adsEnv = { ...serviceEnv(adsDb, prefix), AUTH_JWKS_URL: pb.viewers.jwksUrl, PINS_BOARDS_URL: pb.service.url, ADS_CPM_MICRO: '500000000', ADS_SERVING_REFRESH_MS: '100', ADS_FLUSH_MS: '100' };
  await startAds();
  adsConn = await mongoose.createConnection(servers.mongoUrl(adsDb), { retryWrites: false }).asPromise();
  // ads knows people from auth's events (their country from the registration); here they are put where those events would.
  const people = [[olive, 'SE'], [mia, 'SE'], [sam, 'SE'], [tess, 'SE'], [dan, 'US']] as const;
  await adsConn.collection(PEOPLE_COLLECTION).insertMany(people.map(([p, country]) => ({ _id: p.id, username: p.username, firstName: p.username, lastName: '', country })) as never[]);
  // pins-boards keeps the same facts on its profiles (from the same registration event), for the home feed's promoted pins.
  for (const [p, country] of people) await pb.conn.collection(PROFILES_COLLECTION).updateOne({ _id: p.id as never }, { $set: { country } });
  const kafka = new Kafka({ clientId: 'serve-test', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING });
  producer = kafka.producer();
  await producer.connect();
  reader = kafka.consumer({ groupId: uniqueName('serve-reader') });
  await reader.connect();
  await reader.subscribe({ topics: [`${prefix}ads.ad.engaged.v1`], fromBeginning: true });
  await reader.run({ eachMessage: async ({ message }) => { published.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<AdEngagedV1>); } });

  acme = data<{ id: string }>(await request(ads.url).post('/ads/v4/advertisers/').set(auth(olive)).send({ name: 'Acme Lamps' })).id;
  data(await request(ads.url).post(`/ads/v4/advertisers/${acme}/members/`).set(auth(olive)).send({ username: 'mia' }));
  data(await request(ads.url).put(`/ads/v4/advertisers/${acme}/business_profile/`).set(auth(olive)).send({ business_name: 'Acme Lamps', country: 'SE' }));
  data(await request(ads.url).put(`/ads/v4/advertisers/${acme}/billing_profile/`).set(auth(olive)).send({ contact_name: 'Olive', email: 'olive@lamps.example.com', address: 'Storgatan 1', accepted_terms: true }));
  const boardId = ok<{ id: string }>(await write('BoardResource', 'create', { name: 'Lamps', privacy: 'public' }, olive), 201).id;
  pinId = ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: (await png('#d05030')).toString('base64'), method: 'uploaded' }, olive), 201).id;
}, 120_000);

afterAll(async () => {
  // A failure half way must not leave Kafka down for the test files after this one.
  if (kafkaStopped) startServer('kafka');
  await reader?.disconnect().catch(() => undefined);
  await producer?.disconnect();
  await adsConn?.dropDatabase().catch(() => undefined);
  await adsConn?.close();
  await ads?.close();
  await pb?.close();
});

let campaign: Promotion;

it("serves a running campaign's pin to the viewers its targeting takes in, labelled with its sponsor, never to the advertiser's people", async () => {
  campaign = await promote(1_000_000, 'serve-lamps-0001');
  const item = await waitFor(() => servedTo(sam, campaign.campaign_id), 'the campaign served to sam');
  expect(item).toMatchObject({ id: pinId, is_promoted: true, link: 'https://lamps.example.com/', ad: { ad_id: campaign.pin_promotion_id, sponsor: { advertiser_id: acme, name: 'Acme Lamps', sponsorship_status: 'promoted' } } });
  expect(item.images['236x'].url).toMatch(/^\/media\/236x\//);
  // Its own people: the owner and the member. Another country, and someone signed out (no auto targeting).
  for (const who of [olive, mia, dan, undefined]) expect(await servedTo(who, campaign.campaign_id)).toBeUndefined();
  expect((await request(ads.url).get('/ads/v4/serve/?placement=nowhere')).status).toBe(400);
});

it("carries the campaign's pin in the home feed page that asks for ads, by the same rules, with a token ads takes back", async () => {
  // ads published the campaign (ads.campaign.serving.v1); pins-boards chose it for sam from its own model of it.
  const item = await waitFor(() => inFeedOf(sam, campaign.campaign_id), 'the campaign in sam\'s home feed page');
  expect(item).toMatchObject({ id: pinId, is_promoted: true, link: 'https://lamps.example.com/', ad: { ad_id: campaign.pin_promotion_id, sponsor: { advertiser_id: acme, name: 'Acme Lamps', sponsorship_status: 'promoted' } } });
  for (const who of [olive, mia, dan]) expect(await inFeedOf(who, campaign.campaign_id)).toBeUndefined();
  // A page that does not ask carries none.
  const plain = await get('HomeFeedResource', {}, sam);
  expect(plain.status).toBe(200);
  expect(plain.body.resource_response.meta).toBeUndefined();
  // Its token is one ads takes: for sam only. (Sam's impression of this hour: the next test's totals count it once with the others.)
  expect(await send(tess, [{ kind: 'impression', token: item.ad.token }])).toEqual({ accepted: 0, skipped: 1 });
  expect(await send(sam, [{ kind: 'impression', token: item.ad.token }])).toEqual({ accepted: 1, skipped: 0 });
  expect((await get('HomeFeedResource', { ads: 11 }, sam)).status).toBe(400);
});

it('carries it in a search page that asks for ads when the words searched answer its pin, and only then', async () => {
  const searchAds = async (query: string, who?: Person, more: Record<string, unknown> = {}) => {
    const res = await get('BaseSearchResource', { query, scope: 'pins', ads: 2, ...more }, who);
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
    return (res.body as { resource_response: { meta?: PageAdsMeta } }).resource_response.meta?.promoted;
  };
  // The pin's words are its board's name, 'Lamps': a search of 'lamp' answers them.
  const item = await waitFor(async () => (await searchAds('lamp', sam))?.find((p) => p.ad.campaign_id === campaign.campaign_id), 'the campaign beside a search of lamp');
  expect(item).toMatchObject({ id: pinId, is_promoted: true, ad: { sponsor: { name: 'Acme Lamps' } } });
  expect(await searchAds('garden shed', sam)).toEqual([]);
  // Its own people, and someone signed out (no auto targeting: their country is not known).
  expect(await searchAds('lamp', olive)).toEqual([]);
  expect(await searchAds('lamp')).toEqual([]);
  // Not beside a colour filter, nor in another scope.
  expect(await searchAds('lamp', sam, { colors: ['red'] })).toBeUndefined();
  expect(await searchAds('lamp', sam, { scope: 'boards' })).toBeUndefined();
});

it('counts an impression once per viewer, ad and hour however often it comes, and a click; only with a token of its own', async () => {
  const first = (await servedTo(sam, campaign.campaign_id))!;
  const second = (await servedTo(sam, campaign.campaign_id))!;
  expect(await send(sam, [{ kind: 'impression', token: first.ad.token }, { kind: 'impression', token: second.ad.token }, { kind: 'impression', token: first.ad.token }])).toEqual({ accepted: 3, skipped: 0 });
  // Someone else's token, a forged one, or one sent signed out: skipped, not counted.
  expect(await send(tess, [{ kind: 'impression', token: first.ad.token }, { kind: 'click', token: `${first.ad.token.slice(0, -4)}AAAA` }])).toEqual({ accepted: 0, skipped: 2 });
  expect(await send(undefined, [{ kind: 'impression', token: first.ad.token }])).toEqual({ accepted: 0, skipped: 1 });
  expect(await send(sam, [{ kind: 'click', token: first.ad.token }])).toEqual({ accepted: 1, skipped: 0 });
  const counted = await waitCounts(campaign.campaign_id, 1, 1);
  expect(counted).toEqual({ date: day(), impressions: 1, clicks: 1, ctr: 1, spend_in_micro_currency: 500_000 });

  // Kafka delivers the same events again (at least once): nothing more is counted.
  await waitFor(async () => (published.filter((e) => e.data.campaignId === campaign.campaign_id).length >= 4 ? true : undefined), 'the events read back');
  const again = published.filter((e) => e.data.campaignId === campaign.campaign_id);
  await producer.send({ topic: `${prefix}ads.ad.engaged.v1`, messages: again.map((e) => ({ key: e.key, value: JSON.stringify(e) })) });
  const handledAll = async () => (await ads.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === 'count-ad-engagement').reduce((n, v) => n + v.value, 0);
  await waitFor(async () => ((await handledAll()) >= 8 ? true : undefined), 'the redelivered events handled', 30_000);
  expect(await totalsOn(campaign.campaign_id, day())).toMatchObject({ impressions: 1, clicks: 1 });
  // The three levels of a quick promotion show the same numbers under their own ids.
  expect(await rowOf(campaign.campaign_id, 'ads')).toMatchObject({ id: campaign.pin_promotion_id, totals: { impressions: 1, clicks: 1 } });
  expect(await rowOf(campaign.campaign_id, 'adgroups')).toMatchObject({ id: campaign.ad_group_id, totals: { impressions: 1, clicks: 1 } });
});

it('stops serving a campaign at its daily budget, and serves it again the next day', async () => {
  const item = (await servedTo(tess, campaign.campaign_id))!;
  expect(await send(tess, [{ kind: 'impression', token: item.ad.token }])).toEqual({ accepted: 1, skipped: 0 });
  await waitCounts(campaign.campaign_id, 2, 1);
  expect((await rowOf(campaign.campaign_id))?.totals.spend_in_micro_currency).toBe(1_000_000);
  await waitFor(async () => ((await servedTo(sam, campaign.campaign_id)) ? undefined : true), 'the campaign no longer served', 30_000);
  expect((await rowOf(campaign.campaign_id))?.serving).toBe(false);
  await waitFor(async () => ((await inFeedOf(sam, campaign.campaign_id)) ? undefined : true), 'the campaign no longer in the home feed', 30_000);
  clock = new Date(clock.getTime() + DAY_MS);
  await waitFor(() => servedTo(sam, campaign.campaign_id), 'the campaign served again the next day', 30_000);
  // ads' next day: its record no longer says the budget was reached (pins-boards' own clock is still on the day before).
  await waitFor(() => inFeedOf(sam, campaign.campaign_id), 'the campaign in the home feed again', 30_000);
});

it('pauses and resumes a campaign', async () => {
  const paused = data<ReportRow>(await request(ads.url).put(`/ads/v4/advertisers/${acme}/campaigns/${campaign.campaign_id}/status/`).set(auth(mia)).send({ status: 'PAUSED' }));
  expect(paused.status).toBe('PAUSED');
  await waitFor(async () => ((await servedTo(sam, campaign.campaign_id)) ? undefined : true), 'the paused campaign no longer served', 30_000);
  await waitFor(async () => ((await inFeedOf(sam, campaign.campaign_id)) ? undefined : true), 'the paused campaign no longer in the home feed', 30_000);
  expect((await request(ads.url).put(`/ads/v4/advertisers/${acme}/campaigns/${campaign.campaign_id}/status/`).set(auth(dan)).send({ status: 'ACTIVE' })).status).toBe(404);
  data(await request(ads.url).put(`/ads/v4/advertisers/${acme}/campaigns/${campaign.campaign_id}/status/`).set(auth(olive)).send({ status: 'ACTIVE' }));
  await waitFor(() => servedTo(sam, campaign.campaign_id), 'the resumed campaign served', 30_000);
  await waitFor(() => inFeedOf(sam, campaign.campaign_id), 'the resumed campaign in the home feed', 30_000);
});

it('loses no count when ads restarts mid-stream', async () => {
  const big = await promote(1_000_000_000, 'serve-lamps-0002');
  const served = await viewersServed('v', 40, big.campaign_id);
  for (const { who, token } of served.slice(0, 20)) await send(who, [{ kind: 'impression', token }]);
  await ads.close();
  await startAds();
  for (const { who, token } of served.slice(20)) await send(who, [{ kind: 'impression', token }]);
  await waitCounts(big.campaign_id, 40, 0);
});

it('loses no count when Kafka stops mid-stream: what is posted meanwhile is taken (202) on its one post, held in the store, and counted once Kafka is back', async () => {
  const run = await promote(1_000_000_000, 'serve-lamps-0003');
  const served = await viewersServed('k', 30, run.campaign_id);
  const heldOfRun = () => adsConn.collection(HELD_EVENTS_COLLECTION).countDocuments({ outboxPending: true, 'pendingEvents.data.campaignId': run.campaign_id });
  for (const { who, token } of served.slice(0, 10)) expect(await send(who, [{ kind: 'impression', token }])).toEqual({ accepted: 1, skipped: 0 });
  // The test's own reader is done: stopped now, its client would restart itself after the outage
  // and outlive the test file.
  await reader.disconnect();
  stopServer('kafka');
  kafkaStopped = true;
  try {
    // Each posted once, as a browser whose queue would drop it after a few failed tries: taken.
    for (const { who, token } of served.slice(10, 20)) expect(await send(who, [{ kind: 'impression', token }])).toEqual({ accepted: 1, skipped: 0 });
    // Kafka took none of them: one held batch each, waiting for the outbox relay.
    expect(await heldOfRun()).toBe(10);
  } finally {
    startServer('kafka');
    kafkaStopped = false;
  }
  for (const { who, token } of served.slice(20)) expect(await send(who, [{ kind: 'impression', token }])).toEqual({ accepted: 1, skipped: 0 });
  await waitCounts(run.campaign_id, 30, 0, 90_000);
  await waitFor(async () => ((await heldOfRun()) === 0 ? true : undefined), 'the held batches all published', 30_000);
});

it("adds up the days of all the advertiser's campaigns for the report's chart, for its people only", async () => {
  const dailyPath = `/ads/v4/advertisers/${acme}/reporting/daily/?start_date=${day(-1)}&end_date=${day(1)}`;
  const daily = async () => data<ReportDaily>(await request(ads.url).get(dailyPath).set(auth(mia)));
  // The first campaign's impressions and click were the day before (the clock has moved on since);
  // the two big ones counted 40 and 30 today.
  const answer = await waitFor(async () => {
    const d = await daily();
    return d.days[1]?.impressions === 70 ? d : undefined;
  }, "today's 70 impressions of two campaigns in the advertiser's days", 30_000);
  expect(answer).toEqual({
    currency: 'SEK',
    days: [
      { date: day(-1), impressions: 2, clicks: 1, ctr: 0.5, spend_in_micro_currency: 1_000_000 },
      { date: day(), impressions: 70, clicks: 0, ctr: 0, spend_in_micro_currency: 70 * 500_000 },
      { date: day(1), impressions: 0, clicks: 0, ctr: 0, spend_in_micro_currency: 0 },
    ],
  });
  // The same as the campaigns' rows added up, day by day.
  const rows = await report();
  expect(rows).toHaveLength(3);
  for (const d of answer.days) expect(rows.reduce((n, r) => n + (r.days.find((x) => x.date === d.date)?.impressions ?? 0), 0)).toBe(d.impressions);
  expect((await request(ads.url).get(dailyPath).set(auth(dan))).status).toBe(404);
  expect((await request(ads.url).get(`/ads/v4/advertisers/${acme}/reporting/daily/?start_date=${day(-100)}&end_date=${day()}`).set(auth(olive))).status).toBe(400);
});
