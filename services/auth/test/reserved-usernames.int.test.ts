import mongoose from 'mongoose';
import request from 'supertest';
import { isReservedUsername } from '@pinhive/contracts';
import { docWithEvents, KIT_STATE_COLLECTION, newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadAuthConfig, type AuthConfig } from '../src/config';
import { authService } from '../src/service';
import { USERS_COLLECTION, type UserDoc } from '../src/users/user.model';
import { UserRepository } from '../src/users/user.repository';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../pins-boards/src/config';
import { pinsBoardsService } from '../../pins-boards/src/service';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';

/**
 * Accounts made before a name was reserved (here `login` and `settings`, stored as an older
 * auth stored them) are renamed when auth starts, and their public profiles follow.
 */
const prefix = `${uniqueName('ru')}.`;
const db = uniqueName('reserved');
let auth: RunningService<AuthConfig>;
let pins: RunningService<PinsBoardsConfig>;

const profile = (username: string) => request(pins.url).get(`/v3/users/${username}/`);
const ready = (s: RunningService<AuthConfig> | RunningService<PinsBoardsConfig>) =>
  waitFor(async () => ((await request(s.url).get('/readyz')).status === 200 ? true : undefined), 'service ready', 30_000);

/** An account as sign-up stores it, with its registration event waiting in the outbox. */
async function storeOldAccount(users: UserRepository, username: string, firstName: string): Promise<string> {
  const id = uniqueName('old');
  const email = `${username}@example.com`;
  const at = new Date(Date.now() - 86_400_000);
  const event = newEvent('auth', 'auth.user.registered.v1', id, { userId: id, username, email, firstName, lastName: '', country: null, registeredAt: at.toISOString() }, at);
  await users.insert(docWithEvents({
    _id: id, email, username, firstName, lastName: '', passwordHash: 'x', birthday: new Date(0), country: null, consents: null,
    createdAt: at, loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
  }, [event]));
  return id;
}

beforeAll(async () => {
  const conn = await mongoose.createConnection(servers.mongoUrl(`${db}_auth`), { retryWrites: false }).asPromise();
  const users = new UserRepository(conn);
  await storeOldAccount(users, 'login', 'Lo');
  await storeOldAccount(users, 'settings', 'Se');
  await conn.close();
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(serviceEnv(`${db}_pins`, prefix))));
  auth = await startService(authService(loadAuthConfig({ ...serviceEnv(`${db}_auth`, prefix), BCRYPT_COST: '10' })));
  await ready(pins);
  await ready(auth);
});

afterAll(async () => {
  await Promise.all([auth?.close(), pins?.close()]);
});

it('renames each account with a reserved username at start, and its profile follows', async () => {
  for (const [old, firstName] of [['login', 'Lo'], ['settings', 'Se']] as const) {
    const renamed = await waitFor(async () => {
      const doc = await auth.ctx.mongo.collection<UserDoc>(USERS_COLLECTION).findOne({ email: `${old}@example.com` });
      return doc && doc.username !== old ? doc : undefined;
    }, `the account ${old} to be renamed`);
    expect(renamed.username).toMatch(new RegExp(`^${old}\\d{1,6}$`));
    expect(isReservedUsername(renamed.username)).toBe(false);
    const res = await waitFor(async () => { const r = await profile(renamed.username); return r.status === 200 ? r : undefined; }, `the profile at ${renamed.username}`);
    expect(res.body.resource_response.data).toMatchObject({ id: renamed._id, username: renamed.username, first_name: firstName });
    // Nothing answers at the page's name any more (the profile moved, it was not copied).
    await waitFor(async () => ((await profile(old)).status === 404 ? true : undefined), `no profile at ${old}`);
  }
  // Done for this version of the list: later starts do not look again. The mark is written once
  // the whole carry-over has run, a moment after its last rename.
  const done = await waitFor(async () => {
    const ids = (await auth.ctx.mongo.collection(KIT_STATE_COLLECTION).find({}).toArray()).map((d) => String(d._id));
    return ids.some((id) => id.startsWith('reserved-usernames:')) ? ids : undefined;
  }, 'the carry-over marked done');
  expect(done).toEqual(expect.arrayContaining([expect.stringMatching(/^reserved-usernames:/)]));
});

it('a sign-up whose email would give a reserved username gets digits instead', async () => {
  const res = await request(auth.url).post('/v3/register/').send({ email: `search+${uniqueName('x')}@example.com`, password: 'correct horse 42', birthday: Date.UTC(1990, 4, 17) / 1000 });
  expect(res.status).toBe(201);
  expect(res.body.resource_response.data.user.username).toMatch(/^search\d{1,2}$/);
});
