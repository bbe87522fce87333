import mongoose from 'mongoose';
import { docWithEvents, newEvent, type RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { SESSIONS_COLLECTION } from '../src/sessions/session.model';
import { USERS_COLLECTION } from '../src/users/user.model';
import { UserRepository } from '../src/users/user.repository';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';
import { signUp, startAuth } from './auth-helpers';

/** Auth's outboxes (users, sessions) on the real store: the sweep's flag is written and dropped. */
it('the users model keeps the outbox flag (a strict mongoose schema would drop an undeclared field)', async () => {
  const conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('auth_outbox')), { retryWrites: false }).asPromise();
  try {
    const id = uniqueName('u');
    const event = newEvent('auth', 'auth.user.registered.v1', id, { userId: id, username: id, email: `${id}@example.com`, firstName: '', lastName: '', country: null, registeredAt: new Date().toISOString() });
    await new UserRepository(conn).insert(docWithEvents({
      _id: id, email: `${id}@example.com`, username: id, firstName: '', lastName: '', passwordHash: 'x', birthday: new Date(0), country: null, consents: null,
      createdAt: new Date(), loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
    }, [event]));
    expect(await conn.collection(USERS_COLLECTION).findOne({ _id: id } as never)).toMatchObject({ outboxPending: true, pendingEvents: [{ id: event.id }] });
  } finally {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
});

describe('through the service', () => {
  let auth: RunningService<AuthConfig>;
  beforeAll(async () => { auth = await startAuth(); });
  afterAll(async () => { await auth?.close(); });

  it('sign-up publishes the user and session events and leaves no flag behind', async () => {
    const { user } = await signUp(auth);
    const settled = (collection: string, filter: Record<string, unknown>) => waitFor(async () => {
      const docs = await auth.ctx.mongo.collection(collection).find(filter).toArray();
      return docs.length > 0 && docs.every((d) => (d.pendingEvents ?? []).length === 0 && !('outboxPending' in d)) ? true : undefined;
    }, `${collection} published and unflagged`);
    await settled(USERS_COLLECTION, { _id: user.id });
    await settled(SESSIONS_COLLECTION, { userId: user.id });
    const indexes = async (c: string) => (await auth.ctx.mongo.collection(c).indexes()).map((i) => i.name);
    expect(await indexes(USERS_COLLECTION)).toContain('outboxPending_1');
    expect(await indexes(SESSIONS_COLLECTION)).toContain('outboxPending_1');
  });
});
