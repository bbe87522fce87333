import { Kafka, logLevel, type Producer } from 'kafkajs';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import type { PageAdsMeta, Interest, PromotedPin, Promotion, TargetingSpec } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadAdsConfig, type AdsConfig } from '../../services/ads/src/config';
import { adsService } from '../../services/ads/src/service';
import { PEOPLE_COLLECTION, type PersonDoc } from '../../services/ads/src/people/person.model';
import { loadAuthConfig, type AuthConfig } from '../../services/auth/src/config';
import { authService } from '../../services/auth/src/service';
import { PROFILES_COLLECTION, type ProfileDoc } from '../../services/pins-boards/src/profiles/profile.model';
import { ok, png, resourceCalls, seedProfiles, type Person } from '../../services/pins-boards/test/support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from '../../services/pins-boards/test/support/service-under-test';
import { serviceEnv, servers, uniqueName, waitFor } from '../support/servers';

/**
 * Targeting by age group, gender and interests from facts Pinhive records (issue 25), on the real
 * store and Kafka: the age group from the birthday of auth's registration event (a real email
 * sign-up through auth, and events as auth writes them after a provider's sign-up, with its
 * gender), interests from the viewer's own saves in pins-boards (`pins.pin.saved.v1`). Each
 * campaign promotes a pin of its own, so a served item names its campaign. The home feed's
 * promoted pins, chosen by pins-boards from the same events, follow the same targeting.
 */
const prefix = `${uniqueName('target')}.`;
const adsDb = uniqueName('target_ads');
const tag = uniqueName('t').slice(2);
let pb: PinsBoardsUnderTest;
let auth: RunningService<AuthConfig>;
let ads: RunningService<AdsConfig>;
let adsConn: Connection;
let producer: Producer;

const olive: Person = { id: `user-olive-${tag}`, username: `olive${tag}` };
/** 30, a woman; 51, a man (both signed up through a provider that shared the gender). */
const fay: Person = { id: `user-fay-${tag}`, username: `fay${tag}` };
const max: Person = { id: `user-max-${tag}`, username: `max${tag}` };
/** Saves garden pins; her neighbour saves nothing. */
const gia: Person = { id: `user-gia-${tag}`, username: `gia${tag}` };
const ned: Person = { id: `user-ned-${tag}`, username: `ned${tag}` };

const { get, write } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));
const bearer = (who: Person) => pb.viewers.bearer(who);
const data = <T>(res: request.Response) => {
  if (res.status >= 300) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { resource_response: { data: T } }).resource_response.data;
};
const servedTo = async (who: Person, campaignId: string): Promise<PromotedPin | undefined> =>
  data<{ items: PromotedPin[] }>(await request(ads.url).get('/ads/v4/serve/?placement=home_feed&count=5').set(bearer(who))).items.find((p) => p.ad.campaign_id === campaignId);
/** The campaign's pin among the promoted pins a home feed page carries (pins-boards' choice), if there. */
const inFeedOf = async (who: Person, campaignId: string): Promise<PromotedPin | undefined> => {
  const res = await get('HomeFeedResource', { ads: 10 }, who);
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return ((res.body as { resource_response: { meta?: PageAdsMeta } }).resource_response.meta?.promoted ?? []).find((p) => p.ad.campaign_id === campaignId);
};
/** pins-boards keeps a viewer's facts a minute too: the feed is asked only once its profile holds what the test arranged. */
const knownHere = (id: string, has: (p: ProfileDoc) => boolean, what: string) => waitFor(async () => {
  const p = await pb.conn.collection<ProfileDoc>(PROFILES_COLLECTION).findOne({ _id: id });
  return p && has(p) ? p : undefined;
}, what, 30_000);
const person = (id: string) => adsConn.collection<PersonDoc>(PEOPLE_COLLECTION).findOne({ _id: id });
/** ads caches a viewer's facts a minute: serving them is asked only once their record holds what the test arranged. */
const known = (id: string, has: (p: PersonDoc) => boolean, what: string) => waitFor(async () => {
  const p = await person(id);
  return p && has(p) ? p : undefined;
}, what, 30_000);
/** YYYY-MM-DD, `years` before today (UTC). */
const yearsAgo = (years: number, monthDay: string) => `${new Date().getUTCFullYear() - years}-${monthDay}`;

/** auth's registration event after a provider's sign-up, as auth writes it to its outbox. */
const registered = (who: Person, birthday: string, gender: 'female' | 'male' | null) => {
  const at = new Date();
  const event = newEvent('auth', 'auth.user.registered.v1', who.id, {
    userId: who.id, username: who.username, email: `${who.username}@example.com`, firstName: who.username, lastName: '', country: 'SE', registeredAt: at.toISOString(), birthday, gender,
  }, at);
  return producer.send({ topic: `${prefix}${event.type}`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
};

let acme: string;
let boardId: string;
const newPin = async (colour: string, title = 'Promoted', board = boardId, who = olive) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: board, title, image_base64: (await png(colour)).toString('base64'), method: 'uploaded' }, who), 201).id;
async function promote(pinId: string, targeting: Partial<TargetingSpec>): Promise<Promotion> {
  return data<Promotion>(await request(ads.url).post(`/ads/v4/advertisers/${acme}/pins/${pinId}/quick_promote/`).set({ ...bearer(olive), 'Idempotency-Key': uniqueName('target-promote') }).send({
    budget_in_micro_currency: 50_000_000, campaign_name: 'Targeted', destination_url: 'https://acme.example.com/', duration: 10, auto_targeting_enabled: false, is_ongoing: false,
    start_now: true, targeting_spec: { GEO: ['SE'], AGE_BUCKET: [], GENDER: [], INTEREST: [], ...targeting }, advertiser_id: acme, ads_client_type: 'quick_promote', pin_id: pinId,
    product_group_id: null, flexible_daily_budget_enabled: false,
  }));
}

beforeAll(async () => {
  pb = await startPinsBoards('target', { KAFKA_TOPIC_PREFIX: prefix, PROMOTED_REFRESH_MS: '100' });
  await seedProfiles(pb.conn, [[olive, 'Olive'], [gia, 'Gia']]);
  ads = await startService(adsService(loadAdsConfig({ ...serviceEnv(adsDb, prefix), AUTH_JWKS_URL: pb.viewers.jwksUrl, PINS_BOARDS_URL: pb.service.url, ADS_SERVING_REFRESH_MS: '100' })));
  auth = await startService(authService(loadAuthConfig({ ...serviceEnv(uniqueName('target_auth'), prefix), BCRYPT_COST: '10' })));
  for (const [name, s] of [['ads', ads], ['auth', auth]] as const) await waitFor(async () => ((await request(s.url).get('/readyz')).status === 200 ? true : undefined), `${name} ready`, 30_000);
  adsConn = await mongoose.createConnection(servers.mongoUrl(adsDb), { retryWrites: false }).asPromise();
  producer = new Kafka({ clientId: 'target-test', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  // The advertiser's owner is known to ads as the others are: by auth's registration event.
  await registered(olive, yearsAgo(40, '03-03'), null);
  await known(olive.id, () => true, 'olive known to ads');
  acme = data<{ id: string }>(await request(ads.url).post('/ads/v4/advertisers/').set(bearer(olive)).send({ name: 'Acme' })).id;
  data(await request(ads.url).put(`/ads/v4/advertisers/${acme}/business_profile/`).set(bearer(olive)).send({ business_name: 'Acme', country: 'SE' }));
  data(await request(ads.url).put(`/ads/v4/advertisers/${acme}/billing_profile/`).set(bearer(olive)).send({ contact_name: 'Olive', email: 'olive@acme.example.com', address: 'Storgatan 1', accepted_terms: true }));
  boardId = ok<{ id: string }>(await write('BoardResource', 'create', { name: 'Acme', privacy: 'public' }, olive), 201).id;
}, 120_000);

afterAll(async () => {
  await producer?.disconnect();
  await adsConn?.dropDatabase().catch(() => undefined);
  await adsConn?.close();
  await auth?.ctx.mongo.dropDatabase().catch(() => undefined);
  await Promise.all([ads?.close(), auth?.close()]);
  await pb?.close();
});

it('serves a campaign for women of 25-34 to a woman of 30 by her registration, not to a man of 51', async () => {
  await Promise.all([registered(fay, yearsAgo(30, '01-15'), 'female'), registered(max, yearsAgo(51, '01-01'), 'male')]);
  await known(fay.id, (p) => p.gender === 'female' && !!p.birthday, "fay's birthday and gender in ads");
  await known(max.id, (p) => p.gender === 'male' && !!p.birthday, "max's birthday and gender in ads");
  const campaign = await promote(await newPin('#3a7a4a'), { AGE_BUCKET: ['25-34'], GENDER: ['female'] });
  await waitFor(() => servedTo(fay, campaign.campaign_id), 'the campaign served to fay');
  expect(await servedTo(max, campaign.campaign_id)).toBeUndefined();
  // The other way round: a campaign for men of 50-54 reaches max and not fay.
  const theirs = await promote(await newPin('#3a4a7a'), { AGE_BUCKET: ['50-54'], GENDER: ['male'] });
  await waitFor(() => servedTo(max, theirs.campaign_id), 'the 50-54 campaign served to max');
  expect(await servedTo(fay, theirs.campaign_id)).toBeUndefined();
  // The home feed's pages, chosen by pins-boards from its own profiles (the same registration events).
  await knownHere(fay.id, (p) => p.gender === 'female' && !!p.birthday && p.country === 'SE', "fay's facts in pins-boards");
  await knownHere(max.id, (p) => p.gender === 'male' && !!p.birthday, "max's facts in pins-boards");
  await waitFor(() => inFeedOf(fay, campaign.campaign_id), "the 25-34 campaign in fay's home feed");
  await waitFor(() => inFeedOf(max, theirs.campaign_id), "the 50-54 campaign in max's home feed");
  expect(await inFeedOf(max, campaign.campaign_id)).toBeUndefined();
  expect(await inFeedOf(fay, theirs.campaign_id)).toBeUndefined();
});

it("takes the age group from a real email sign-up's birthday; its unknown gender is the form's 'unknown'", async () => {
  const email = `${uniqueName('eve')}@example.com`;
  const birthday = Date.UTC(new Date().getUTCFullYear() - 28, 6, 1) / 1000;
  const res = await request(auth.url).post('/v3/register/').send({ type: 'email', email, password: 'correct horse 42', birthday, country: 'SE' });
  const eve = data<{ user: { id: string; username: string } }>(res).user;
  await known(eve.id, (p) => !!p.birthday, "eve's birthday in ads, from auth's event");
  expect(await person(eve.id)).toMatchObject({ birthday: new Date(birthday * 1000).toISOString().slice(0, 10), gender: null, country: 'SE' });
  const everyGender = await promote(await newPin('#7a3a4a'), { AGE_BUCKET: ['25-34'], GENDER: ['female', 'male', 'unknown'] });
  const women = await promote(await newPin('#7a7a3a'), { AGE_BUCKET: ['25-34'], GENDER: ['female'] });
  const older = await promote(await newPin('#4a3a7a'), { AGE_BUCKET: ['35-44'] });
  await waitFor(() => servedTo(eve, everyGender.campaign_id), 'the every-gender campaign served to eve');
  // Both others are live by now (one refresh of the set): served to fay, who fits them.
  await waitFor(() => servedTo(fay, women.campaign_id), 'the women campaign live');
  expect(await servedTo(eve, women.campaign_id)).toBeUndefined();
  expect(await servedTo(eve, older.campaign_id)).toBeUndefined();
});

it("infers interests from the viewer's saves (title and board name) and serves a campaign for them", async () => {
  await registered(gia, yearsAgo(33, '02-02'), null);
  await registered(ned, yearsAgo(33, '02-02'), null);
  await known(ned.id, (p) => !!p.birthday, 'ned known to ads');
  const herBoard = ok<{ id: string }>(await write('BoardResource', 'create', { name: 'Balcony garden', privacy: 'public' }, gia), 201).id;
  await newPin('#2a6a2a', 'Tomatoes in pots', herBoard, gia);
  await newPin('#6a2a6a', 'Lemon cake', herBoard, gia);
  const interests = (await known(gia.id, (p) => (p.interests ?? []).includes('food') && !!p.birthday, "gia's interests from her saves")).interests as Interest[];
  expect([...interests].sort()).toEqual(['food', 'garden']);
  const campaign = await promote(await newPin('#2a2a6a'), { INTEREST: ['garden', 'diy'] });
  await waitFor(() => servedTo(gia, campaign.campaign_id), 'the garden campaign served to gia');
  expect(await servedTo(ned, campaign.campaign_id)).toBeUndefined();
  // pins-boards infers the same interests from the same saves, for the home feed.
  expect([...(await knownHere(gia.id, (p) => (p.interests ?? []).includes('food'), "gia's interests in pins-boards")).interests!].sort()).toEqual(['food', 'garden']);
  await knownHere(ned.id, (p) => !!p.birthday, 'ned known to pins-boards');
  await waitFor(() => inFeedOf(gia, campaign.campaign_id), "the garden campaign in gia's home feed");
  expect(await inFeedOf(ned, campaign.campaign_id)).toBeUndefined();
  // A save Kafka delivers twice adds its interest once: the set holds each at most once.
  const image = { url: '/media/236x/x.jpg', width: 236, height: 300 };
  const save = newEvent('pins-boards', 'pins.pin.saved.v1', `pin-${tag}`, {
    pinId: `pin-${tag}`, boardId: herBoard, sectionId: null, pinnerId: gia.id, firstSave: false, repinOf: null, imageId: 'img', coverImageUrl: image.url, dominantColor: '#ffffff',
    card: { title: 'Wedding bouquet', description: '', link: null, image236: image, imageOrig: image, savedAt: new Date().toISOString(), boardName: 'Ideas' },
  });
  const message = { key: save.key, value: JSON.stringify(save) };
  await producer.send({ topic: `${prefix}${save.type}`, messages: [message, message] });
  const after = await known(gia.id, (p) => (p.interests ?? []).includes('weddings'), 'the redelivered save handled');
  expect([...after.interests!].sort()).toEqual(['food', 'garden', 'weddings']);
});
