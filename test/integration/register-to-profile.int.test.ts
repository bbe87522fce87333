import { Kafka } from 'kafkajs';
import { publicProfileSchema, registerResponseSchema } from '@pinhive/contracts';
import request from 'supertest';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadAuthConfig, type AuthConfig } from '../../services/auth/src/config';
import { authService } from '../../services/auth/src/service';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../services/pins-boards/src/config';
import { pinsBoardsService } from '../../services/pins-boards/src/service';
import { serviceEnv, servers, startServer, stopServer, uniqueName, waitFor } from '../support/servers';

/**
 * The thin slice through real Kafka, FerretDB and Redis: auth stores a user with its
 * `auth.user.registered.v1` event, the outbox publishes it, pins-boards builds the profile.
 */
const prefix = `${uniqueName('t')}.`;
let auth: RunningService<AuthConfig>;
let pins: RunningService<PinsBoardsConfig>;

const birthday = Date.UTC(1990, 4, 17) / 1000;
const register = (email: string, extra: Record<string, unknown> = {}) =>
  request(auth.url).post('/v3/register/').send({ type: 'email', email, password: 'correct horse 42', birthday, ...extra });
const profile = (username: string) => request(pins.url).get(`/v3/users/${username}/`);
const profileAppears = (username: string, timeoutMs?: number) =>
  waitFor(async () => { const res = await profile(username); return res.status === 200 ? res : undefined; }, `profile ${username}`, timeoutMs);

beforeAll(async () => {
  const db = uniqueName('slice');
  auth = await startService(authService(loadAuthConfig({ ...serviceEnv(`${db}_auth`, prefix), BCRYPT_COST: '10' })));
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(serviceEnv(`${db}_pins`, prefix))));
  await waitFor(async () => ((await request(pins.url).get('/readyz')).status === 200 ? true : undefined), 'pins-boards ready', 30_000);
  await waitFor(async () => ((await request(auth.url).get('/readyz')).status === 200 ? true : undefined), 'auth ready', 30_000);
});

afterAll(async () => {
  await Promise.all([auth?.close(), pins?.close()]);
});

it('a registered user gets a public profile through Kafka', async () => {
  const res = await register('Ada.Lovelace@Example.com', { first_name: 'Ada', last_name: 'Lovelace' });
  expect(res.status).toBe(201);
  // Answers must match the contracts the web app parses them with.
  const { user } = registerResponseSchema.parse(res.body.resource_response.data);
  expect(user).toMatchObject({ username: 'adalovelace', email: 'ada.lovelace@example.com', full_name: 'Ada Lovelace' });
  expect(user).not.toHaveProperty('passwordHash');

  const found = await profileAppears(user.username);
  expect(publicProfileSchema.parse(found.body.resource_response.data)).toMatchObject({ id: user.id, username: 'adalovelace', full_name: 'Ada Lovelace', image_large_url: null });
  // The outbox is emptied once Kafka acknowledged the event (right after the publish).
  await waitFor(async () => {
    const stored = await auth.ctx.mongo.collection('users').findOne({ _id: user.id } as never);
    return stored && !stored.pendingEvents?.length && !('outboxPending' in stored) ? true : undefined;
  }, 'the outbox to be emptied');
});

it('refuses a malformed request with a 400 naming the field, and stores nothing', async () => {
  const email = `${uniqueName('bad')}@example.com`;
  const noBirthday = await request(auth.url).post('/v3/register/').send({ email, password: 'correct horse 42' });
  expect(noBirthday.status).toBe(400);
  expect(noBirthday.body.resource_response.error).toMatchObject({ code: 'bad_request', data: { field: 'birthday' } });
  const wrongType = await register(email, { birthday: 'yesterday' });
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.resource_response.error.data.field).toBe('birthday');
  const badEmail = await register('not-an-email');
  expect(badEmail.status).toBe(400);
  expect(badEmail.body.resource_response.error).toMatchObject({ code: 'email_invalid', message: 'Your email is invalid.', data: { field: 'email' } });
  expect(await auth.ctx.mongo.collection('users').countDocuments({ email })).toBe(0);
});

it('refuses a second account for the same email, whatever its case', async () => {
  const email = `${uniqueName('twice')}@example.com`;
  expect((await register(email)).status).toBe(201);
  const again = await register(email.toUpperCase());
  expect(again.status).toBe(409);
  expect(again.body.resource_response.error.code).toBe('email_exists');
});

it('a duplicate delivery of an event changes nothing', async () => {
  const userId = uniqueName('dup');
  const event = newEvent('auth', 'auth.user.registered.v1', userId, {
    userId, username: userId, email: `${userId}@example.com`, firstName: 'First', lastName: '', country: null, registeredAt: new Date().toISOString(),
  });
  const kafka = new Kafka({ clientId: 'test', brokers: [servers.kafkaBrokers()], logLevel: 0 });
  const producer = kafka.producer();
  await producer.connect();
  const message = { key: userId, value: JSON.stringify(event) };
  await producer.send({ topic: `${prefix}auth.user.registered.v1`, messages: [message] });
  await profileAppears(userId);
  // Same event again, with a changed name: an idempotent consumer must ignore it entirely.
  await producer.send({ topic: `${prefix}auth.user.registered.v1`, messages: [{ key: userId, value: JSON.stringify({ ...event, data: { ...event.data, firstName: 'Changed' } }) }] });
  await producer.disconnect();
  const duplicates = await waitFor(async () => {
    const metrics = await pins.ctx.metrics.eventsHandled.get();
    const v = metrics.values.find((m) => m.labels.result === 'duplicate')?.value ?? 0;
    return v >= 1 ? v : undefined;
  }, 'the duplicate to be seen');
  expect(duplicates).toBe(1);
  expect(await pins.ctx.mongo.collection('profiles').countDocuments({ _id: userId } as never)).toBe(1);
  expect((await profile(userId)).body.resource_response.data.first_name).toBe('First');
});

it('an event written while Kafka is down is published when it returns: nothing lost', async () => {
  stopServer('kafka');
  try {
    await waitFor(async () => ((await request(auth.url).get('/readyz')).status === 503 ? true : undefined), 'auth to report Kafka down');
    const res = await register(`${uniqueName('outage')}@example.com`);
    expect(res.status).toBe(201);
    const { username, id } = res.body.resource_response.data.user;
    const stored = await auth.ctx.mongo.collection('users').findOne({ _id: id } as never);
    expect(stored?.pendingEvents).toHaveLength(1);
    expect((await profile(username)).status).toBe(404);
    startServer('kafka');
    await profileAppears(username, 45_000);
  } finally {
    startServer('kafka'); // no-op when already running; keeps later tests safe if an assertion failed
  }
  await waitFor(async () => ((await request(pins.url).get('/readyz')).status === 200 ? true : undefined), 'pins-boards ready again', 30_000);
});
