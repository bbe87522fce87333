import request from 'supertest';
import { startService, type BaseConfig, type RunningService } from '@pinhive/kit';
import { loadAuthConfig } from '../../services/auth/src/config';
import { authService } from '../../services/auth/src/service';
import { loadPinsBoardsConfig } from '../../services/pins-boards/src/config';
import { pinsBoardsService } from '../../services/pins-boards/src/service';
import { serviceEnv, uniqueName, untilReady, waitFor } from '../support/servers';

/**
 * Data that survives a restart: services started again on the store they wrote become ready (their
 * indexes and one-time carry-overs meet what the first start left) and serve the same accounts.
 * (FerretDB 1.24 panicked on a second start when asked again for indexes that existed.)
 */
const db = uniqueName('restart');
const prefix = `${uniqueName('rs')}.`;
const start = () => Promise.all([
  startService(authService(loadAuthConfig({ ...serviceEnv(`${db}_auth`, prefix), BCRYPT_COST: '10' }))),
  startService(pinsBoardsService(loadPinsBoardsConfig(serviceEnv(`${db}_pins`, prefix)))),
]);
const ready = (s: Pick<RunningService<BaseConfig>, 'url'>) => untilReady(s.url, 'ready', 30_000);

it('starts again on its own data, twice, and serves the same account', async () => {
  let [auth, pins] = await start();
  const email = `${uniqueName('again')}@example.com`;
  let username: string;
  try {
    await Promise.all([ready(auth), ready(pins)]);
    const res = await request(auth.url).post('/v3/register/').send({ type: 'email', email, password: 'correct horse 42', birthday: 631152000 });
    expect(res.status).toBe(201);
    username = res.body.resource_response.data.user.username as string;
    await waitFor(async () => ((await request(pins.url).get(`/v3/users/${username}/`)).status === 200 ? true : undefined), 'the profile');
  } finally {
    await Promise.all([auth.close(), pins.close()]);
  }
  for (let round = 0; round < 2; round++) {
    [auth, pins] = await start();
    try {
      await Promise.all([ready(auth), ready(pins)]);
      const login = await request(auth.url).post('/v3/login/').send({ username_or_email: email, password: 'correct horse 42' });
      expect(login.status).toBe(200);
      expect((await request(pins.url).get(`/v3/users/${username}/`)).status).toBe(200);
      // The unique index still holds: the same email cannot sign up twice.
      const twice = await request(auth.url).post('/v3/register/').send({ type: 'email', email, password: 'correct horse 42', birthday: 631152000 });
      expect(twice.status).toBe(409);
    } finally {
      await Promise.all([auth.close(), pins.close()]);
    }
  }
});
