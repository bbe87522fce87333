import mongoose, { type Connection } from 'mongoose';
import { docWithEvents, ensureIndexes, newEvent } from '@pinhive/kit';
import { authIndexes } from '../src/indexes';
import { USERS_COLLECTION, type UserDoc } from '../src/users/user.model';
import { DuplicateKeyError, UserRepository } from '../src/users/user.repository';
import { servers, uniqueName } from '../../../test/support/servers';

/**
 * Every account change another service follows is stored with its `auth.user.*` event and the
 * outbox flag in the one write (no service running here: nothing publishes, so what the write
 * stored is what the outbox sweep of a running auth will find).
 */
let conn: Connection;
let users: UserRepository;

beforeAll(async () => {
  conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('auth_account_events')), { retryWrites: false }).asPromise();
  // What the service's start does: the unique username index is what refuses a taken name.
  await ensureIndexes(conn, authIndexes);
  users = new UserRepository(conn);
});

afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
});

async function newUser(): Promise<UserDoc> {
  const id = uniqueName('u');
  const event = newEvent('auth', 'auth.user.registered.v1', id, { userId: id, username: id, email: `${id}@example.com`, firstName: 'Ada', lastName: '', country: null, registeredAt: new Date().toISOString() });
  await users.insert(docWithEvents({
    _id: id, email: `${id}@example.com`, username: id, firstName: 'Ada', lastName: '', passwordHash: 'x', birthday: new Date(0), country: null, consents: null,
    createdAt: new Date(), loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
  }, [event]));
  return (await users.findById(id))!;
}

/** The events stored on the account after its registration, and its outbox flag. */
async function stored(id: string) {
  const doc = await conn.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: id });
  return { flag: doc?.outboxPending, events: (doc?.pendingEvents ?? []).slice(1).map((e) => ({ type: e.type, key: e.key, occurredAt: e.occurredAt, data: e.data })) };
}

it('block and unblock: the state and its event in one write; lifting no block writes nothing', async () => {
  const u = await newUser();
  const setAt = new Date('2026-02-01T10:00:00.000Z');
  expect(await users.setLoginBlock(u._id, { reason: 'suspended', details: ['spam'], setAt })).toBe(true);
  expect(await users.setLoginBlock(u._id, null)).toBe(true);
  expect(await users.setLoginBlock(u._id, null)).toBe(false);
  expect((await users.findById(u._id))?.loginBlock).toBeNull();
  expect(await stored(u._id)).toEqual({
    flag: true,
    events: [
      { type: 'auth.user.blocked.v1', key: u._id, occurredAt: setAt.toISOString(), data: { userId: u._id, reason: 'suspended' } },
      { type: 'auth.user.unblocked.v1', key: u._id, occurredAt: expect.any(String), data: { userId: u._id } },
    ],
  });
});

it('deactivate and reactivate: the same, with the deactivation reason', async () => {
  const u = await newUser();
  const setAt = new Date('2026-02-01T11:00:00.000Z');
  expect(await users.setDeactivation(u._id, { reason: 'closure_request', setAt })).toBe(true);
  expect((await users.findById(u._id))?.deactivation).toEqual({ reason: 'closure_request', setAt });
  expect(await users.setDeactivation(u._id, null)).toBe(true);
  expect(await users.setDeactivation(u._id, null)).toBe(false);
  expect((await stored(u._id)).events).toEqual([
    { type: 'auth.user.deactivated.v1', key: u._id, occurredAt: setAt.toISOString(), data: { userId: u._id, reason: 'closure_request' } },
    { type: 'auth.user.reactivated.v1', key: u._id, occurredAt: expect.any(String), data: { userId: u._id } },
  ]);
});

it('a profile change carries the whole profile after it and the fields that changed; a stale read or a taken name writes nothing', async () => {
  const u = await newUser();
  const other = await newUser();
  expect(await users.changeProfile(u, { username: `${u.username}_x`, firstName: 'Augusta' })).toBe(true);
  expect(await users.changeProfile(u, { lastName: 'King' })).toBe(false); // read before the change above
  await expect(users.changeProfile((await users.findById(u._id))!, { username: other.username })).rejects.toEqual(new DuplicateKeyError('username'));
  expect(await users.changeProfile((await users.findById(u._id))!, { firstName: 'Augusta' })).toBe(false); // nothing changes
  expect(await users.findById(u._id)).toMatchObject({ username: `${u.username}_x`, firstName: 'Augusta', lastName: '' });
  expect((await stored(u._id)).events).toEqual([
    { type: 'auth.user.profile-changed.v1', key: u._id, occurredAt: expect.any(String), data: { userId: u._id, username: `${u.username}_x`, firstName: 'Augusta', lastName: '', changed: ['username', 'firstName'] } },
  ]);
});
