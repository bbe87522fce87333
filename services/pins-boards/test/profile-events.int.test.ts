import { Kafka, type Producer } from 'kafkajs';
import request from 'supertest';
import type { EventEnvelope } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import mongoose, { type Connection } from 'mongoose';
import { adminCommand } from '../../auth/src/admin';
import { loadAuthConfig, type AuthConfig } from '../../auth/src/config';
import { authService } from '../../auth/src/service';
import { UserRepository } from '../../auth/src/users/user.repository';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';

/**
 * pins-boards' profiles follow auth's account events through real Kafka: the operator command
 * (its own connection, as in its own process: only the service's outbox sweep publishes what it
 * stores), a profile change, redeliveries and events out of order.
 */
const prefix = `${uniqueName('pe')}.`;
const db = uniqueName('profile_events');
const authEnv = { ...serviceEnv(`${db}_auth`, prefix), BCRYPT_COST: '10', RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}:` };
let auth: RunningService<AuthConfig>;
let pins: RunningService<PinsBoardsConfig>;
let producer: Producer;
/** A connection of the test's own to auth's database, as the operator command has. */
let outside: Connection;

const profile = (username: string) => request(pins.url).get(`/v3/users/${username}/`);
const profileAnswers = (username: string, status: number, what = `profile ${username} to answer ${status}`) =>
  waitFor(async () => { const res = await profile(username); return res.status === status ? res : undefined; }, what);
const admin = (...argv: string[]) => adminCommand(argv, authEnv);
/** How many events a handler has seen with a result (kit metrics), to wait for a redelivery without sleeping. */
const handled = async (handler: string, result: string) =>
  (await pins.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === handler && v.labels.result === result).reduce((n, v) => n + v.value, 0);
const send = (event: EventEnvelope) => producer.send({ topic: `${prefix}${event.type}`, messages: [{ key: event.key, value: JSON.stringify(event) }] });

async function signUp(tag: string) {
  const email = `${uniqueName(tag)}@example.com`;
  const res = await request(auth.url).post('/v3/register/').send({ email, password: 'correct horse 42', birthday: Date.UTC(1990, 4, 17) / 1000, first_name: 'Ada', last_name: 'Lovelace' });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  const user = res.body.resource_response.data.user as { id: string; username: string };
  await profileAnswers(user.username, 200);
  return { email, ...user };
}

beforeAll(async () => {
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(serviceEnv(`${db}_pins`, prefix))));
  auth = await startService(authService(loadAuthConfig(authEnv)));
  for (const s of [pins, auth]) await waitFor(async () => ((await request(s.url).get('/readyz')).status === 200 ? true : undefined), 'services ready', 30_000);
  producer = new Kafka({ clientId: 'profile-events-test', brokers: [servers.kafkaBrokers()], logLevel: 0 }).producer();
  await producer.connect();
  outside = await mongoose.createConnection(servers.mongoUrl(`${db}_auth`), { retryWrites: false }).asPromise();
});

afterAll(async () => {
  await producer?.disconnect();
  await outside?.close();
  await Promise.all([auth?.close(), pins?.close()]);
});

it('the operator command stores each change with its event and flag; the outbox sweep publishes it', async () => {
  const user = await signUp('stored');
  // As the command writes, from outside the service: nothing but the sweep can publish this.
  expect(await new UserRepository(outside).setDeactivation(user.id, { reason: 'unusual_activity', setAt: new Date() })).toBe(true);
  const stored = await outside.collection('users').findOne({ _id: user.id } as never);
  // The sweep (every OUTBOX_POLL_MS, 200 ms here) may already have taken it: then it is gone.
  if (stored?.pendingEvents.length) {
    expect(stored).toMatchObject({ outboxPending: true, pendingEvents: [{ type: 'auth.user.deactivated.v1', key: user.id, data: { userId: user.id, reason: 'unusual_activity' } }] });
  }
  await profileAnswers(user.username, 404, 'the deactivation to reach the profile');
  await waitFor(async () => {
    const doc = await outside.collection('users').findOne({ _id: user.id } as never);
    return doc?.pendingEvents.length === 0 && !('outboxPending' in doc) ? true : undefined;
  }, 'the outbox of the account to be emptied and unflagged');
});

it('deactivate hides the profile (404 as an unknown name) and reactivate shows it again', async () => {
  const user = await signUp('deact');
  expect(await admin('deactivate', user.email, 'closure_request')).toContain('deactivated (closure_request)');
  const hidden = await profileAnswers(user.username, 404);
  expect(hidden.body.resource_response.error.message).toBe((await profile('nobody_has_this')).body.resource_response.error.message);
  expect(await admin('reactivate', user.email)).toContain('reactivated');
  const shown = await profileAnswers(user.username, 200);
  expect(shown.body.resource_response.data).toMatchObject({ id: user.id, username: user.username, full_name: 'Ada Lovelace' });
  // Reactivating an active account changes nothing and publishes nothing.
  expect(await admin('reactivate', user.email)).toContain('was not deactivated');
  expect((await outside.collection('users').findOne({ _id: user.id } as never))?.pendingEvents).toEqual([]);
});

it("a blocked account's profile stays visible: blocks are about logging in", async () => {
  const user = await signUp('block');
  expect(await admin('block', user.email, 'suspended', 'spam')).toContain('blocked (suspended)');
  await waitFor(async () => ((await outside.collection('users').findOne({ _id: user.id } as never))?.pendingEvents.length === 0 ? true : undefined), 'the block event to be published');
  expect((await profile(user.username)).status).toBe(200);
  expect(await admin('unblock', user.email)).toContain('block cleared');
  expect(await admin('unblock', user.email)).toContain('was not blocked');
});

it('a profile change shows the new username and names; the old username answers 404', async () => {
  const user = await signUp('rename');
  const users = new UserRepository(outside);
  const before = (await users.findById(user.id))!;
  const username = `${user.username.slice(0, 20)}_new`;
  expect(await users.changeProfile(before, { username, firstName: 'Augusta' })).toBe(true);
  // A change made from a stale read is refused: its event would carry stale names.
  expect(await users.changeProfile(before, { lastName: 'King' })).toBe(false);
  const res = await profileAnswers(username, 200);
  expect(res.body.resource_response.data).toMatchObject({ id: user.id, username, first_name: 'Augusta', last_name: 'Lovelace', full_name: 'Augusta Lovelace' });
  expect((await profile(user.username)).status).toBe(404);
});

it('a redelivered event changes nothing, and an older event arriving late does not undo a newer one', async () => {
  const user = await signUp('redeliver');
  const deactivated = newEvent('auth', 'auth.user.deactivated.v1', user.id, { userId: user.id, reason: 'guidelines_violation' });
  await send(deactivated);
  await profileAnswers(user.username, 404);
  await send(newEvent('auth', 'auth.user.reactivated.v1', user.id, { userId: user.id }, new Date(Date.parse(deactivated.occurredAt) + 1000)));
  await profileAnswers(user.username, 200);

  // The same event again (Kafka delivers at least once): skipped by its id.
  const duplicates = await handled('profile-deactivated', 'duplicate');
  await send(deactivated);
  await waitFor(async () => ((await handled('profile-deactivated', 'duplicate')) > duplicates ? true : undefined), 'the redelivery to be seen');
  expect((await profile(user.username)).status).toBe(200);

  // A deactivation older than the reactivation, under a new id (a replay, or another topic's
  // lag): handled, but the newer reactivation stands.
  const ok = await handled('profile-deactivated', 'ok');
  await send(newEvent('auth', 'auth.user.deactivated.v1', user.id, { userId: user.id, reason: 'guidelines_violation' }, new Date(Date.parse(deactivated.occurredAt) + 1)));
  await waitFor(async () => ((await handled('profile-deactivated', 'ok')) > ok ? true : undefined), 'the late event to be handled');
  expect((await profile(user.username)).status).toBe(200);
});

it('events that arrive before the registration (separate topics) still end in the right profile', async () => {
  const userId = uniqueName('early');
  const username = userId.replace(/[^a-z0-9_]/g, '');
  const registeredAt = new Date(Date.now() - 60_000);
  const registered = newEvent('auth', 'auth.user.registered.v1', userId, { userId, username, email: `${userId}@example.com`, firstName: 'Old', lastName: '', country: null, registeredAt: registeredAt.toISOString() }, registeredAt);
  const renamed = newEvent('auth', 'auth.user.profile-changed.v1', userId, { userId, username, firstName: 'New', lastName: 'Name', changed: ['firstName', 'lastName'] }, new Date(Date.now() - 30_000));
  const deactivated = newEvent('auth', 'auth.user.deactivated.v1', userId, { userId, reason: 'unusual_activity' });
  // One at a time, each handled before the next is sent: the registration comes last.
  for (const [event, handler] of [[deactivated, 'profile-deactivated'], [renamed, 'profile-changed'], [registered, 'create-profile']] as const) {
    const before = await handled(handler, 'ok');
    await send(event);
    await waitFor(async () => ((await handled(handler, 'ok')) > before ? true : undefined), `${event.type} to be handled`);
  }
  expect((await profile(username)).status).toBe(404); // deactivated first, and still
  await send(newEvent('auth', 'auth.user.reactivated.v1', userId, { userId }));
  const res = await profileAnswers(username, 200);
  // The newer names stand; the creation time is the registration's.
  expect(res.body.resource_response.data).toMatchObject({ id: userId, username, full_name: 'New Name', created_at: registeredAt.toISOString() });
});
