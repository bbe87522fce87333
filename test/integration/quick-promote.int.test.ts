import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import type { EventEnvelope, PinPromotedV1, Promotion } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { loadAdsConfig, type AdsConfig } from '../../services/ads/src/config';
import { adsService } from '../../services/ads/src/service';
import { AD_GROUPS_COLLECTION, ADS_COLLECTION, CAMPAIGNS_COLLECTION } from '../../services/ads/src/promotions/promotion.model';
import { PEOPLE_COLLECTION } from '../../services/ads/src/people/person.model';
import { ok, png, resourceCalls, seedProfiles, type Person } from '../../services/pins-boards/test/support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from '../../services/pins-boards/test/support/service-under-test';
import { serviceEnv, servers, uniqueName, waitFor } from '../support/servers';

/**
 * Quick-promote end to end between the two services that own it, on the real store and Kafka:
 * ads checks who may promote (the advertiser's people) and reads the pin from pins-boards with the
 * viewer's own credentials (a pin they may read, not on a secret board), stores a campaign with its
 * ad group and ad, and publishes `ads.pin.promoted.v1`, which pins-boards consumes once to mark the pin.
 */
const prefix = `${uniqueName('qp')}.`;
const adsDb = uniqueName('qp_ads');
let pb: PinsBoardsUnderTest;
let ads: RunningService<AdsConfig>;
let adsConn: Connection;
let producer: Producer;
let reader: Consumer;
const published: EventEnvelope<PinPromotedV1>[] = [];

const olive: Person = { id: 'user-olive', username: 'olive' };
const mia: Person = { id: 'user-mia', username: 'mia' };
const sam: Person = { id: 'user-sam', username: 'sam' };
const { write, get } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));
const auth = (who: Person) => pb.viewers.bearer(who);
const code = (res: request.Response) => `${res.status} ${(res.body as { resource_response: { error?: { code: string } } }).resource_response.error?.code ?? 'success'}`;
const data = <T>(res: request.Response) => (res.body as { resource_response: { data: T } }).resource_response.data;

const business = { business_name: 'Acme Lamps', website_url: 'https://lamps.example.com', country: 'SE', address: 'Storgatan 1, Stockholm' };
const billing = { contact_name: 'Olive Oyl', email: 'billing@lamps.example.com', address: 'Storgatan 1, Stockholm', accepted_terms: true };
const body = (advertiserId: string, pinId: string, over: Record<string, unknown> = {}) => ({
  budget_in_micro_currency: 10_000_000, campaign_name: 'Spring lamps for every room of the house, from the hall to the attic, all season long', destination_url: 'https://lamps.example.com/spring',
  duration: 30, auto_targeting_enabled: true, is_ongoing: false, start_now: true, targeting_spec: { GEO: ['SE', 'NO'], AGE_BUCKET: ['25-34'], GENDER: ['female'], INTEREST: ['home'] },
  advertiser_id: advertiserId, ads_client_type: 'quick_promote', pin_id: pinId, product_group_id: null, flexible_daily_budget_enabled: false, ...over,
});
const api = {
  promote: (who: Person, advertiserId: string, pinId: string, over: Record<string, unknown> = {}, key?: string) =>
    request(ads.url).post(`/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`).set({ ...auth(who), ...(key ? { 'Idempotency-Key': key } : {}) }).send(body(advertiserId, pinId, over)),
  business: (who: Person, id: string, b: object = business) => request(ads.url).put(`/ads/v4/advertisers/${id}/business_profile/`).set(auth(who)).send(b),
  billing: (who: Person, id: string, b: object = billing) => request(ads.url).put(`/ads/v4/advertisers/${id}/billing_profile/`).set(auth(who)).send(b),
  profile: (who: Person, id: string) => request(ads.url).get(`/ads/v4/advertisers/${id}/profile/`).set(auth(who)),
};
const campaigns = () => adsConn.collection(CAMPAIGNS_COLLECTION);
const pinRead = async (id: string, who: Person) => ok<{ is_promoted: boolean; promoted_is_removable: boolean }>(await request(pb.service.url).get(`/v3/pins/${id}/`).set(auth(who)));
const handled = async (handler: string, result: string) =>
  (await pb.service.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === handler && v.labels.result === result).reduce((n, v) => n + v.value, 0);

let acme: string;
let publicPin: string;
let secretPin: string;
let samsSecretPin: string;

async function board(who: Person, name: string, privacy: 'public' | 'secret'): Promise<string> {
  return ok<{ id: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201).id;
}
async function pin(who: Person, boardId: string, color: string): Promise<string> {
  return ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64'), method: 'uploaded' }, who), 201).id;
}

beforeAll(async () => {
  pb = await startPinsBoards('qp', { KAFKA_TOPIC_PREFIX: prefix });
  await seedProfiles(pb.conn, [[olive, 'Olive'], [mia, 'Mia'], [sam, 'Sam']]);
  ads = await startService(adsService(loadAdsConfig({ ...serviceEnv(adsDb, prefix), AUTH_JWKS_URL: pb.viewers.jwksUrl, PINS_BOARDS_URL: pb.service.url })));
  await waitFor(async () => ((await request(ads.url).get('/readyz')).status === 200 ? true : undefined), 'ads ready', 30_000);
  adsConn = await mongoose.createConnection(servers.mongoUrl(adsDb), { retryWrites: false }).asPromise();
  // ads knows people from auth's events; here they are put where those events would.
  await adsConn.collection(PEOPLE_COLLECTION).insertMany([olive, mia, sam].map((p) => ({ _id: p.id, username: p.username, firstName: p.username, lastName: '' })) as never[]);
  const kafka = new Kafka({ clientId: 'qp-test', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING });
  producer = kafka.producer();
  await producer.connect();
  reader = kafka.consumer({ groupId: uniqueName('qp-reader') });
  await reader.connect();
  await reader.subscribe({ topics: [`${prefix}ads.pin.promoted.v1`], fromBeginning: true });
  await reader.run({ eachMessage: async ({ message }) => { published.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<PinPromotedV1>); } });

  acme = data<{ id: string }>(await request(ads.url).post('/ads/v4/advertisers/').set(auth(olive)).send({ name: 'Acme Lamps' })).id;
  expect(code(await request(ads.url).post(`/ads/v4/advertisers/${acme}/members/`).set(auth(olive)).send({ username: 'mia' }))).toBe('201 success');
  const lamps = await board(olive, 'Lamps', 'public');
  publicPin = await pin(olive, lamps, '#c04020');
  secretPin = await pin(olive, await board(olive, 'Drafts', 'secret'), '#c04021');
  samsSecretPin = await pin(sam, await board(sam, 'Mine', 'secret'), '#c04022');
}, 120_000);

afterAll(async () => {
  await reader?.disconnect();
  await producer?.disconnect();
  await adsConn?.dropDatabase().catch(() => undefined);
  await adsConn?.close();
  await ads?.close();
  await pb?.close();
});

it('refuses a stranger to the advertiser as if it did not exist, and stores nothing', async () => {
  expect(code(await api.promote(sam, acme, publicPin))).toBe('404 advertiser_not_found');
  expect(code(await api.business(sam, acme))).toBe('404 advertiser_not_found');
  expect(code(await api.profile(sam, acme))).toBe('404 advertiser_not_found');
  // Signed out: a 401 with a detail, which the web shows under the pin (section 8).
  const signedOut = await request(ads.url).post(`/ads/v4/advertisers/${acme}/pins/${publicPin}/quick_promote/`).send(body(acme, publicPin));
  expect(code(signedOut)).toBe('401 unauthorized');
  expect(signedOut.body.resource_response.error.message_detail).toBe('Log in again to promote this Pin.');
  expect(await campaigns().countDocuments({ advertiserId: acme })).toBe(0);
});

it('asks for the business details, then the billing details, each with a clear error', async () => {
  const noBusiness = await api.promote(olive, acme, publicPin);
  expect(code(noBusiness)).toBe('409 promote_business_required');
  expect(noBusiness.body.resource_response.error.message).toBe('Add your business details before promoting a Pin.');
  expect(code(await api.business(olive, acme, { ...business, country: 'ZZ' }))).toBe('400 bad_request');
  const profile = data<{ business: unknown; defaults: { currency: string; duration_days: number; default_budget: number } }>(await api.business(olive, acme));
  expect(profile.business).toEqual(business);
  // The business's country sets the defaults (section 9): Sweden runs 30 days, in SEK.
  expect(profile.defaults).toMatchObject({ country: 'SE', currency: 'SEK', duration_days: 30, default_budget: 10, alternate_budget: 70, min_budget: 1 });
  expect(code(await api.promote(olive, acme, publicPin))).toBe('409 promote_billing_required');
  expect(code(await api.billing(olive, acme, { ...billing, accepted_terms: false }))).toBe('400 bad_request');
  // Someone acting for the advertiser keeps its details too.
  expect(code(await api.billing(mia, acme))).toBe('200 success');
  expect(await campaigns().countDocuments({ advertiserId: acme })).toBe(0);
});

it('refuses a budget under the minimum, a bad end date, a pin on a secret board, and a pin the viewer may not read', async () => {
  const low = await api.promote(olive, acme, publicPin, { budget_in_micro_currency: 500_000 });
  expect(code(low)).toBe('400 promote_budget_too_low');
  expect(low.body.resource_response.error.message_detail).toBe('The least daily budget is 1 SEK.');
  expect(code(await api.promote(olive, acme, publicPin, { inclusive_end_date: '2001-01-01' }))).toBe('400 promote_end_date_invalid');
  expect(code(await api.promote(olive, acme, publicPin, { advertiser_id: '1' }))).toBe('400 bad_request');
  expect(code(await api.promote(olive, acme, secretPin))).toBe('400 promote_secret_pin');
  expect(code(await api.promote(olive, acme, samsSecretPin))).toBe('404 promote_pin_not_found');
  expect(code(await api.promote(olive, acme, '999999999'))).toBe('404 promote_pin_not_found');
  expect(await campaigns().countDocuments({ advertiserId: acme })).toBe(0);
});

it('promotes a pin: a campaign, its ad group and ad; a retry answers the first; pins-boards marks the pin once', async () => {
  const res = await api.promote(mia, acme, publicPin, {}, 'promote-lamps-0001');
  expect(code(res)).toBe('201 success');
  const promotion = data<Promotion>(res);
  expect(promotion).toMatchObject({
    advertiser_id: acme, pin_id: publicPin, objective: 'CONSIDERATION', status: 'ACTIVE', daily_budget_in_micro_currency: 10_000_000, currency: 'SEK',
    name: `${'Spring lamps for every room of the house, from the hall to the attic, all season long'.slice(0, 62)}…`,
    targeting_spec: { GEO: ['SE', 'NO'], AGE_BUCKET: ['25-34'], GENDER: ['female'], INTEREST: ['home'] },
  });
  const today = new Date().toISOString().slice(0, 10);
  expect(promotion.start_date).toBe(today);
  expect(Date.parse(`${promotion.end_date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)).toBe(29 * 24 * 3600 * 1000);
  expect(await adsConn.collection(AD_GROUPS_COLLECTION).findOne({ _id: promotion.ad_group_id } as never)).toMatchObject({ campaignId: promotion.campaign_id });
  expect(await adsConn.collection(ADS_COLLECTION).findOne({ _id: promotion.pin_promotion_id } as never)).toMatchObject({ pinId: publicPin, creative: { pinnerId: olive.id } });

  const again = await api.promote(mia, acme, publicPin, {}, 'promote-lamps-0001');
  expect(code(again)).toBe('201 success');
  expect(data<Promotion>(again)).toEqual(promotion);
  expect(await campaigns().countDocuments({ advertiserId: acme })).toBe(1);

  await waitFor(async () => ((await pinRead(publicPin, sam)).is_promoted ? true : undefined), 'the pin marked promoted', 30_000);
  expect(await pinRead(publicPin, olive)).toMatchObject({ is_promoted: true, promoted_is_removable: true });
  const event = await waitFor(async () => published.find((e) => e.data.campaignId === promotion.campaign_id), 'the promotion event read back');
  expect(event).toMatchObject({ producer: 'ads', key: publicPin, data: { pinId: publicPin, advertiserId: acme, adGroupId: promotion.ad_group_id, adId: promotion.pin_promotion_id } });

  // Delivered a second time: pins-boards knows it handled it, and the mark stays the first.
  const marked = (await pb.conn.collection('pins').findOne({ _id: publicPin } as never))?.promoted;
  const duplicates = await handled('mark-promoted-pin', 'duplicate');
  await producer.send({ topic: `${prefix}ads.pin.promoted.v1`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
  await waitFor(async () => ((await handled('mark-promoted-pin', 'duplicate')) > duplicates ? true : undefined), 'the redelivery seen as a duplicate', 30_000);
  expect((await pb.conn.collection('pins').findOne({ _id: publicPin } as never))?.promoted).toEqual(marked);
});

it('promotes for web conversion with one of its own tags, and for catalog sales with a product group', async () => {
  const tag = data<{ id: string }>(await request(ads.url).post(`/ads/v4/advertisers/${acme}/conversion_tags/`).set(auth(olive)).send({ name: 'Checkout page' }));
  const conversion = { objective_type: 'WEB_CONVERSION', optimization_goal_metadata: { conversion_tag_id: tag.id, conversion_event: 'CHECKOUT' } };
  // Another advertiser's tag, or none, is refused and stores nothing.
  expect(code(await api.promote(olive, acme, publicPin, { ...conversion, optimization_goal_metadata: { conversion_tag_id: '424242', conversion_event: 'CHECKOUT' } }))).toBe('404 conversion_tag_not_found');
  expect(code(await api.promote(olive, acme, publicPin, { objective_type: 'WEB_CONVERSION' }))).toBe('400 bad_request');
  const before = await campaigns().countDocuments({ advertiserId: acme });
  const web = data<Promotion>(await api.promote(olive, acme, publicPin, conversion));
  expect(web.objective).toBe('WEB_CONVERSION');
  // The ad group carries what the ads optimise for (Pinterest's hierarchy: campaign -> ad group -> ad).
  expect(await campaigns().findOne({ _id: web.campaign_id } as never)).toMatchObject({ objective: 'WEB_CONVERSION' });
  expect(await adsConn.collection(AD_GROUPS_COLLECTION).findOne({ _id: web.ad_group_id } as never)).toMatchObject({ conversion: { tagId: tag.id, event: 'CHECKOUT' } });
  const catalog = data<Promotion>(await api.promote(olive, acme, publicPin, { product_group_id: '7001' }));
  expect(catalog.objective).toBe('CATALOG_SALES');
  expect(await adsConn.collection(AD_GROUPS_COLLECTION).findOne({ _id: catalog.ad_group_id } as never)).toMatchObject({ productGroupId: '7001' });
  expect(await campaigns().countDocuments({ advertiserId: acme })).toBe(before + 2);
});

it("repairs a promotion whose ad group and ad a crash left unwritten, from ads' own event", async () => {
  const promotion = data<Promotion>(await api.promote(olive, acme, publicPin, { duration: 3 }));
  // As if the process died after the campaign's write: its children are not there.
  await adsConn.collection(AD_GROUPS_COLLECTION).deleteOne({ _id: promotion.ad_group_id } as never);
  await adsConn.collection(ADS_COLLECTION).deleteOne({ _id: promotion.pin_promotion_id } as never);
  const event = await waitFor(async () => published.find((e) => e.data.campaignId === promotion.campaign_id), 'the promotion event read back');
  await producer.send({ topic: `${prefix}ads.pin.promoted.v1`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
  await waitFor(async () => ((await adsConn.collection(ADS_COLLECTION).findOne({ _id: promotion.pin_promotion_id } as never)) ? true : undefined), 'the ad written again', 30_000);
  expect(await adsConn.collection(AD_GROUPS_COLLECTION).findOne({ _id: promotion.ad_group_id } as never)).toMatchObject({ campaignId: promotion.campaign_id });
});

it('reads the pin as the promoter sees it: a board made secret afterwards cannot be promoted from', async () => {
  const boardId = await board(olive, 'Later secret', 'public');
  const pinId = await pin(olive, boardId, '#c04023');
  ok(await write('BoardResource', 'update', { board_id: boardId, privacy: 'secret' }, olive));
  expect(ok<{ board: { privacy: string } }>(await get('PinResource', { id: pinId }, olive)).board.privacy).toBe('secret');
  expect(code(await api.promote(olive, acme, pinId))).toBe('400 promote_secret_pin');
});
