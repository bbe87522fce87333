import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import { ADVERTISER_MEMBERS_MAX, ADVERTISERS_PER_PERSON_MAX, type AdvertiserMemberV1, type EventEnvelope } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadAdsConfig, type AdsConfig } from '../src/config';
import { adsService } from '../src/service';
import { ADVERTISER_MEMBERS_COLLECTION, ADVERTISERS_COLLECTION, memberRowId } from '../src/advertisers/advertiser.model';
import { AdvertiserRepository } from '../src/advertisers/advertiser.repository';
import { PEOPLE_COLLECTION } from '../src/people/person.model';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';

/**
 * Advertisers and the people who may act for them, against the real store and Kafka: people
 * come from auth's events (sent here as auth sends them), viewers are signed by the test's own
 * keys, and the membership events are read back from their topics.
 */
const prefix = `${uniqueName('adv')}.`;
const db = uniqueName('ads');
let ads: RunningService<AdsConfig>;
let viewers: Awaited<ReturnType<typeof testViewers>>;
let producer: Producer;
let reader: Consumer;
/** A connection of the test's own to ads' database: to look at rows, and to seed what caps need. */
let conn: Connection;
/** Membership events as published, in the order read. */
const published: EventEnvelope<AdvertiserMemberV1>[] = [];

type Person = { id: string; username: string };
type Answer = { status: number; body: { resource_response: { data?: unknown; error?: { code: string; message: string } } } };

const auth = (who: Person) => viewers.bearer(who);
const data = <T>(res: Answer) => res.body.resource_response.data as T;
const code = (res: Answer) => `${res.status} ${res.body.resource_response.error?.code ?? 'success'}`;
const sendAuthEvent = (event: EventEnvelope) => producer.send({ topic: `${prefix}${event.type}`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
/** How many events a handler has seen with a result (kit metrics): waits without sleeping. */
const handled = async (handler: string, result: string) =>
  (await ads.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === handler && v.labels.result === result).reduce((n, v) => n + v.value, 0);

const registered = (userId: string, username: string, firstName = 'Ada', lastName = 'Lovelace', at = new Date()) =>
  newEvent('auth', 'auth.user.registered.v1', userId, { userId, username, email: `${username}@example.com`, firstName, lastName, country: null, registeredAt: at.toISOString() }, at);

/** A person as auth announces them; answers once ads knows them. */
async function person(tag: string, names: [string, string] = ['Ada', 'Lovelace']): Promise<Person> {
  const id = uniqueName(tag);
  const username = id.replace(/[^a-z0-9_]/g, '').slice(0, 30);
  await sendAuthEvent(registered(id, username, ...names));
  await waitFor(async () => ((await conn.collection(PEOPLE_COLLECTION).findOne({ _id: id } as never)) ? true : undefined), `${tag} known to ads`);
  return { id, username };
}

const api = {
  create: (who: Person, name: string, key?: string) => request(ads.url).post('/ads/v4/advertisers/').set({ ...auth(who), ...(key ? { 'Idempotency-Key': key } : {}) }).send({ name }),
  list: (who: Person) => request(ads.url).get('/ads/v4/advertisers/').set(auth(who)),
  get: (who: Person, id: string) => request(ads.url).get(`/ads/v4/advertisers/${id}/`).set(auth(who)),
  members: (who: Person, id: string) => request(ads.url).get(`/ads/v4/advertisers/${id}/members/`).set(auth(who)),
  add: (who: Person, id: string, username: string) => request(ads.url).post(`/ads/v4/advertisers/${id}/members/`).set(auth(who)).send({ username }),
  remove: (who: Person, id: string, userId: string) => request(ads.url).delete(`/ads/v4/advertisers/${id}/members/${userId}/`).set(auth(who)),
};

type AdvertiserAnswer = { id: string; name: string; owner_id: string; role: string; member_count: number; created_at: string };
type MemberAnswer = { user_id: string; username: string; full_name: string; role: string };

async function makeAdvertiser(owner: Person, name = 'Acme Lamps'): Promise<AdvertiserAnswer> {
  const res = await api.create(owner, name);
  expect(code(res)).toBe('201 success');
  return data<AdvertiserAnswer>(res);
}
const listOf = async (who: Person) => data<{ items: AdvertiserAnswer[] }>(await api.list(who)).items;
const membersOf = async (who: Person, id: string) => data<{ items: MemberAnswer[] }>(await api.members(who, id)).items;
const row = (advertiserId: string, userId: string) => conn.collection(ADVERTISER_MEMBERS_COLLECTION).findOne({ _id: memberRowId(advertiserId, userId) } as never);
/** The membership events of one advertiser published so far, as `type role user`. */
const eventsOf = (advertiserId: string) =>
  published.filter((e) => e.key === advertiserId).map((e) => `${e.type.replace('ads.advertiser.', '').replace('.v1', '')} ${e.data.role} ${e.data.userId}`);
const waitForEvents = (advertiserId: string, n: number) =>
  waitFor(async () => (eventsOf(advertiserId).length >= n ? eventsOf(advertiserId) : undefined), `${n} membership events of ${advertiserId}`);

beforeAll(async () => {
  viewers = await testViewers();
  ads = await startService(adsService(loadAdsConfig({ ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl })));
  await waitFor(async () => ((await request(ads.url).get('/readyz')).status === 200 ? true : undefined), 'ads ready', 30_000);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  const kafka = new Kafka({ clientId: 'ads-test', brokers: [servers.kafkaBrokers()], logLevel: logLevel.NOTHING });
  producer = kafka.producer();
  await producer.connect();
  reader = kafka.consumer({ groupId: uniqueName('ads-reader') });
  await reader.connect();
  // ads consumes its own membership events, so its start made their topics.
  await reader.subscribe({ topics: [`${prefix}ads.advertiser.member-added.v1`, `${prefix}ads.advertiser.member-removed.v1`], fromBeginning: true });
  await reader.run({ eachMessage: async ({ message }) => { published.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<AdvertiserMemberV1>); } });
});

afterAll(async () => {
  await reader?.disconnect();
  await producer?.disconnect();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await ads?.close();
  await viewers?.close();
});

it('makes an advertiser owned by the viewer, lists it, and publishes its owner', async () => {
  const ada = await person('ada');
  const res = await api.create(ada, '  Acme Lamps  ');
  expect(code(res)).toBe('201 success');
  const made = data<AdvertiserAnswer>(res);
  expect(made).toMatchObject({ name: 'Acme Lamps', owner_id: ada.id, role: 'owner', member_count: 1 });
  expect(made.id).toMatch(/^\d+$/);
  expect(await listOf(ada)).toEqual([made]);
  expect(data(await api.get(ada, made.id))).toEqual(made);
  expect(await membersOf(ada, made.id)).toEqual([{ user_id: ada.id, username: ada.username, full_name: 'Ada Lovelace', role: 'owner' }]);
  expect(await row(made.id, ada.id)).toMatchObject({ advertiserId: made.id, userId: ada.id, role: 'owner' });
  expect(await waitForEvents(made.id, 1)).toEqual([`member-added owner ${ada.id}`]);
  expect(published.find((e) => e.key === made.id)).toMatchObject({ producer: 'ads', data: { advertiserId: made.id, userId: ada.id, ownerId: ada.id, role: 'owner' } });
  // Published, then taken out of the advertiser's outbox and unflagged.
  await waitFor(async () => {
    const doc = await conn.collection(ADVERTISERS_COLLECTION).findOne({ _id: made.id } as never);
    return doc && !doc.pendingEvents?.length && !('outboxPending' in doc) ? true : undefined;
  }, 'the outbox of the advertiser emptied');
});

it('refuses a bad name and an anonymous caller; a retried creation (Idempotency-Key) answers the first', async () => {
  const ada = await person('retry');
  const empty = await api.create(ada, '   ');
  expect(code(empty)).toBe('400 bad_request');
  expect(empty.body.resource_response.error?.message).toBe('Enter a name for the advertiser.');
  expect(code(await api.create(ada, 'x'.repeat(101)))).toBe('400 bad_request');
  expect((await request(ads.url).post('/ads/v4/advertisers/').send({ name: 'Nobody' })).status).toBe(401);
  expect((await request(ads.url).get('/ads/v4/advertisers/')).status).toBe(401);
  expect(code(await api.create(ada, 'Acme', 'bad key'))).toBe('400 bad_request');

  const first = await api.create(ada, 'Acme', 'create-acme-0001');
  const again = await api.create(ada, 'Acme', 'create-acme-0001');
  expect(code(again)).toBe('201 success');
  expect(data<AdvertiserAnswer>(again).id).toBe(data<AdvertiserAnswer>(first).id);
  expect(await listOf(ada)).toHaveLength(1);
  expect(await conn.collection(ADVERTISERS_COLLECTION).countDocuments({ ownerId: ada.id })).toBe(1);
});

it('the owner lets people act for it by username; adding someone in already answers their row', async () => {
  const [owner, bea] = [await person('owner', ['Olga', 'Owner']), await person('bea', ['Bea', ''])];
  const advertiser = await makeAdvertiser(owner);
  const added = await api.add(owner, advertiser.id, bea.username.toUpperCase());
  expect(code(added)).toBe('201 success');
  expect(data(added)).toEqual({ user_id: bea.id, username: bea.username, full_name: 'Bea', role: 'member' });

  const twice = await api.add(owner, advertiser.id, bea.username);
  expect(code(twice)).toBe('200 success');
  expect(data(twice)).toEqual(data(added));
  const self = await api.add(owner, advertiser.id, owner.username);
  expect(code(self)).toBe('200 success');
  expect(data(self)).toMatchObject({ user_id: owner.id, role: 'owner' });

  expect(await membersOf(owner, advertiser.id)).toEqual([
    { user_id: owner.id, username: owner.username, full_name: 'Olga Owner', role: 'owner' },
    { user_id: bea.id, username: bea.username, full_name: 'Bea', role: 'member' },
  ]);
  expect(await membersOf(bea, advertiser.id)).toEqual(await membersOf(owner, advertiser.id));
  expect(await listOf(bea)).toEqual([{ ...advertiser, role: 'member', member_count: 2 }]);
  expect(data(await api.get(owner, advertiser.id))).toMatchObject({ role: 'owner', member_count: 2 });
  // One event for the add: the second add and the owner's wrote nothing.
  expect(await waitForEvents(advertiser.id, 2)).toEqual([`member-added owner ${owner.id}`, `member-added member ${bea.id}`]);
  expect(published.filter((e) => e.key === advertiser.id)[1]?.data).toEqual({ advertiserId: advertiser.id, userId: bea.id, ownerId: owner.id, role: 'member' });
});

it('only the owner changes who acts for it; the owner cannot leave; unknown or deactivated usernames are not found', async () => {
  const [owner, bea, cy] = [await person('own2'), await person('bea2'), await person('cy2')];
  const advertiser = await makeAdvertiser(owner);
  expect(code(await api.add(owner, advertiser.id, bea.username))).toBe('201 success');

  expect(code(await api.add(bea, advertiser.id, cy.username))).toBe('403 advertiser_owner_only');
  expect(code(await api.remove(bea, advertiser.id, owner.id))).toBe('403 advertiser_owner_only');
  const stays = await api.remove(owner, advertiser.id, owner.id);
  expect(code(stays)).toBe('400 advertiser_owner_stays');
  expect(stays.body.resource_response.error?.message).toBe("The owner can't leave their own advertiser.");

  const unknown = await api.add(owner, advertiser.id, 'nobody_has_this_name');
  expect(code(unknown)).toBe('404 advertiser_person_not_found');
  expect(unknown.body.resource_response.error?.message).toBe("We couldn't find anyone with that username.");
  const before = await handled('person-deactivated', 'ok');
  await sendAuthEvent(newEvent('auth', 'auth.user.deactivated.v1', cy.id, { userId: cy.id, reason: 'closure_request' }));
  await waitFor(async () => ((await handled('person-deactivated', 'ok')) > before ? true : undefined), 'the deactivation handled');
  expect(code(await api.add(owner, advertiser.id, cy.username))).toBe('404 advertiser_person_not_found');
  await sendAuthEvent(newEvent('auth', 'auth.user.reactivated.v1', cy.id, { userId: cy.id }));
  await waitFor(async () => ((await api.add(owner, advertiser.id, cy.username)).status === 201 ? true : undefined), 'the reactivated person added');
});

it('to anyone else an advertiser answers as a missing one, for every call', async () => {
  const [owner, stranger] = [await person('own3'), await person('str3')];
  const advertiser = await makeAdvertiser(owner);
  const missing = '9999999999999999999';
  for (const [theirs, nothing] of [
    [api.get(stranger, advertiser.id), api.get(stranger, missing)],
    [api.members(stranger, advertiser.id), api.members(stranger, missing)],
    [api.add(stranger, advertiser.id, owner.username), api.add(stranger, missing, owner.username)],
    [api.remove(stranger, advertiser.id, owner.id), api.remove(stranger, missing, owner.id)],
    [api.remove(stranger, advertiser.id, stranger.id), api.remove(stranger, missing, stranger.id)],
  ] as const) {
    const [a, b] = [await theirs, await nothing];
    expect(code(a)).toBe('404 advertiser_not_found');
    expect(a.body.resource_response.error).toEqual(b.body.resource_response.error);
  }
  expect(await listOf(stranger)).toEqual([]);
  expect(code(await api.get(owner, 'not-digits'))).toBe('400 bad_request');
});

it('the owner takes a person out, or they leave: gone from their list at once, and published', async () => {
  const [owner, bea] = [await person('own4'), await person('bea4')];
  const advertiser = await makeAdvertiser(owner);
  expect(code(await api.add(owner, advertiser.id, bea.username))).toBe('201 success');

  const removed = await api.remove(owner, advertiser.id, bea.id);
  expect(code(removed)).toBe('200 success');
  expect(data(removed)).toEqual({ advertiser_id: advertiser.id, user_id: bea.id });
  expect(await listOf(bea)).toEqual([]);
  expect(await row(advertiser.id, bea.id)).toBeNull();
  expect(code(await api.get(bea, advertiser.id))).toBe('404 advertiser_not_found');
  // Taking out someone who is out changes nothing, and publishes nothing.
  expect(code(await api.remove(owner, advertiser.id, bea.id))).toBe('200 success');

  expect(code(await api.add(owner, advertiser.id, bea.username))).toBe('201 success');
  expect((await listOf(bea)).map((a) => a.id)).toEqual([advertiser.id]);
  const left = await api.remove(bea, advertiser.id, bea.id);
  expect(code(left)).toBe('200 success');
  expect(await listOf(bea)).toEqual([]);
  expect(await membersOf(owner, advertiser.id)).toHaveLength(1);
  expect(data(await api.get(owner, advertiser.id))).toMatchObject({ member_count: 1 });
  expect(await waitForEvents(advertiser.id, 5)).toEqual([
    `member-added owner ${owner.id}`, `member-added member ${bea.id}`, `member-removed member ${bea.id}`, `member-added member ${bea.id}`, `member-removed member ${bea.id}`,
  ]);
});

it('caps: a full advertiser, a person at their cap of advertisers (made or joined)', async () => {
  const [owner, bea, busy] = [await person('own5'), await person('bea5'), await person('busy5')];
  const advertiser = await makeAdvertiser(owner);
  // Just the counts the caps read: the advertiser filled with people, the busy person's rows.
  const others = Array.from({ length: ADVERTISER_MEMBERS_MAX - 1 }, (_, i) => `filler-${i}`);
  await conn.collection(ADVERTISERS_COLLECTION).updateOne({ _id: advertiser.id } as never, { $set: { memberIds: [owner.id, ...others], memberCount: ADVERTISER_MEMBERS_MAX } });
  const full = await api.add(owner, advertiser.id, bea.username);
  expect(code(full)).toBe('409 advertiser_members_full');
  expect(full.body.resource_response.error?.message).toBe('This advertiser has reached the most people who can act for it.');
  await conn.collection(ADVERTISERS_COLLECTION).updateOne({ _id: advertiser.id } as never, { $set: { memberIds: [owner.id], memberCount: 1 } });

  await conn.collection(ADVERTISER_MEMBERS_COLLECTION).insertMany(
    Array.from({ length: ADVERTISERS_PER_PERSON_MAX }, (_, i) => ({ _id: memberRowId(`seeded${i}`, busy.id), advertiserId: `seeded${i}`, userId: busy.id, role: 'member', addedAt: new Date() })) as never[],
  );
  expect(code(await api.add(owner, advertiser.id, busy.username))).toBe('409 advertiser_too_many');
  expect(code(await api.create(busy, 'One too many'))).toBe('409 advertiser_too_many');
  // Rows no advertiser backs are not listed.
  expect(await listOf(busy)).toEqual([]);
  expect(code(await api.add(owner, advertiser.id, bea.username))).toBe('201 success');
});

it('a person added or taken out by a process that died before the row: the event makes it right', async () => {
  const [owner, bea] = [await person('own6'), await person('bea6')];
  const advertiser = await makeAdvertiser(owner);
  // The advertiser's write alone (its event in it), as a process that died right after it leaves it.
  const outside = new AdvertiserRepository(conn);
  const added = newEvent('ads', 'ads.advertiser.member-added.v1', advertiser.id, { advertiserId: advertiser.id, userId: bea.id, ownerId: owner.id, role: 'member' });
  expect(await outside.addMember(advertiser.id, bea.id, [added])).not.toBeNull();
  expect(await row(advertiser.id, bea.id)).toBeNull();
  // The outbox sweep publishes it; ads' own handler makes the row.
  await waitFor(async () => ((await listOf(bea)).length === 1 ? true : undefined), "bea's list to show the advertiser");
  expect(await row(advertiser.id, bea.id)).toMatchObject({ role: 'member' });

  const removed = newEvent('ads', 'ads.advertiser.member-removed.v1', advertiser.id, { advertiserId: advertiser.id, userId: bea.id, ownerId: owner.id, role: 'member' });
  expect(await outside.removeMember(advertiser.id, bea.id, [removed])).not.toBeNull();
  // Out at once (the advertiser is the truth), and the row follows the event.
  expect(await listOf(bea)).toEqual([]);
  await waitFor(async () => ((await row(advertiser.id, bea.id)) === null ? true : undefined), 'the row removed by the handler');
  expect(await waitForEvents(advertiser.id, 3)).toEqual([`member-added owner ${owner.id}`, `member-added member ${bea.id}`, `member-removed member ${bea.id}`]);
});

it('a redelivered auth event is handled once; a rename moves the username', async () => {
  const id = uniqueName('redeliver');
  const username = id.replace(/[^a-z0-9_]/g, '');
  const event = registered(id, username, 'Grace', 'Hopper', new Date(Date.now() - 60_000));
  const ok = await handled('person-registered', 'ok');
  await sendAuthEvent(event);
  await waitFor(async () => ((await handled('person-registered', 'ok')) > ok ? true : undefined), 'the registration handled');
  const first = await conn.collection(PEOPLE_COLLECTION).findOne({ _id: id } as never);

  const duplicates = await handled('person-registered', 'duplicate');
  await sendAuthEvent(event);
  await waitFor(async () => ((await handled('person-registered', 'duplicate')) > duplicates ? true : undefined), 'the redelivery seen');
  expect(await handled('person-registered', 'ok')).toBe(ok + 1);
  expect(await conn.collection(PEOPLE_COLLECTION).findOne({ _id: id } as never)).toEqual(first);

  const owner = await person('own7');
  const advertiser = await makeAdvertiser(owner);
  const renamed = `${username.slice(0, 24)}_new`;
  await sendAuthEvent(newEvent('auth', 'auth.user.profile-changed.v1', id, { userId: id, username: renamed, firstName: 'Grace', lastName: 'Hopper', changed: ['username'] }));
  const added = await waitFor(async () => {
    const res = await api.add(owner, advertiser.id, renamed);
    return res.status === 201 ? res : undefined;
  }, 'the new username to be found');
  expect(data(added)).toMatchObject({ user_id: id, username: renamed, full_name: 'Grace Hopper' });
  expect(code(await api.add(owner, advertiser.id, username))).toBe('404 advertiser_person_not_found');
  // The registration again under a new id (a replay): older than the rename, so the new name stands.
  await sendAuthEvent(registered(id, username, 'Grace', 'Hopper', new Date(Date.now() - 60_000)));
  await waitFor(async () => ((await handled('person-registered', 'ok')) > ok + 1 ? true : undefined), 'the replay handled');
  expect(await conn.collection(PEOPLE_COLLECTION).findOne({ _id: id } as never)).toMatchObject({ username: renamed });
});

it('publishes its routes in the OpenAPI document', async () => {
  const doc = (await request(ads.url).get('/openapi.json')).body as { paths: Record<string, Record<string, { 'x-auth': string; 'x-rate-limit'?: unknown[] }>> };
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
    '/ads/v4/advertisers/', '/ads/v4/advertisers/{id}/', '/ads/v4/advertisers/{id}/members/', '/ads/v4/advertisers/{id}/members/{userId}/',
  ]));
  expect(doc.paths['/ads/v4/advertisers/']?.post?.['x-auth']).toBe('viewer');
  expect(doc.paths['/ads/v4/advertisers/']?.post?.['x-rate-limit']).toHaveLength(1);
  expect(doc.paths['/ads/v4/advertisers/{id}/members/{userId}/']?.delete?.['x-auth']).toBe('viewer');
});
