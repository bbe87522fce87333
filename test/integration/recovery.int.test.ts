import request from 'supertest';
import { startService, type RunningService } from '@pinhive/kit';
import { loadAuthConfig, type AuthConfig } from '../../services/auth/src/config';
import { authService } from '../../services/auth/src/service';
import { whileStopped } from '../support/drills';
import { nativeServers, serviceEnv, uniqueName, waitFor } from '../support/servers';

/**
 * A dropped database or Redis connection: the service says it is not ready, answers 503 (never
 * a 500 or a partial write), and recovers by itself when the server is back.
 */
let auth: RunningService<AuthConfig>;
const readyz = async () => (await request(auth.url).get('/readyz')).body.resource_response;
const register = (email: string) =>
  request(auth.url).post('/v3/register/').send({ type: 'email', email, password: 'correct horse 42', birthday: 631152000 });

beforeAll(async () => {
  auth = await startService(authService(loadAuthConfig({ ...serviceEnv(uniqueName('recovery'), `${uniqueName('r')}.`), BCRYPT_COST: '10' })));
  await waitFor(async () => ((await readyz()).status === 'success' ? true : undefined), 'auth ready', 30_000);
});

afterAll(async () => {
  await auth?.close();
});

it('FerretDB away: not ready, sign-up answers 503 and stores nothing; back: it works again', async () => {
  const email = `${uniqueName('mongo')}@example.com`;
  await whileStopped('ferretdb', async () => {
    const down = await waitFor(async () => { const r = await readyz(); return r.error?.data?.checks?.mongo === 'down' ? r : undefined; }, 'mongo reported down');
    expect(down.error.http_status).toBe(503);
    const res = await register(email);
    expect(res.status).toBe(503);
    expect(res.body.resource_response.error.code).toBe('service_unavailable');
  });
  await waitFor(async () => ((await readyz()).status === 'success' ? true : undefined), 'auth ready again', 30_000);
  expect(await auth.ctx.mongo.collection('users').countDocuments({ email })).toBe(0);
  expect((await register(email)).status).toBe(201);
});

// The native store is FerretDB on PostgreSQL: PostgreSQL can go away under a running FerretDB.
(nativeServers() ? it : it.skip)('PostgreSQL away under FerretDB: sign-up answers 503 and stores nothing; back: it works again', async () => {
  const email = `${uniqueName('pg')}@example.com`;
  await whileStopped('postgres', async () => {
    const res = await register(email);
    expect(res.status).toBe(503);
    expect(res.body.resource_response.error.code).toBe('service_unavailable');
  });
  await waitFor(async () => ((await register(email)).status === 201 ? true : undefined), 'sign-up to work again', 30_000);
  expect(await auth.ctx.mongo.collection('users').countDocuments({ email })).toBe(1);
});

it('Redis away: readiness reports it; back: ready again without a restart', async () => {
  await whileStopped('redis', async () => {
    const down = await waitFor(async () => { const r = await readyz(); return r.error?.data?.checks?.redis === 'down' ? r : undefined; }, 'redis reported down');
    expect(down.error.data.checks.mongo).toBe('ok');
  });
  await waitFor(async () => ((await readyz()).status === 'success' ? true : undefined), 'auth ready again', 30_000);
});
