import mongoose, { type Connection } from 'mongoose';
import { SESSION_COOKIES } from '@pinhive/contracts';
import { dayAfter, newEvent, type RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { SESSIONS_COLLECTION, type SessionDoc } from '../src/sessions/session.model';
import { SessionRepository, type NewSession } from '../src/sessions/session.repository';
import { SessionService } from '../src/sessions/session.service';
import { Browser } from '../../../test/support/browser';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';
import { signUp, startAuth } from './auth-helpers';

/**
 * Sessions on the real store: "log out everywhere" reads only live sessions (by `activeUserId`),
 * and ended sessions are deleted by their purge day, a retention after they ended.
 */
const DAY_MS = 86_400_000;
const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

describe('the repository', () => {
  let conn: Connection;
  let repo: SessionRepository;
  const sessions = () => conn.collection<SessionDoc>(SESSIONS_COLLECTION);
  beforeEach(async () => {
    conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('sessions')), { retryWrites: false }).asPromise();
    repo = new SessionRepository(conn, { retentionDays: 7 });
  });
  afterEach(async () => {
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
  });

  const session = (id: string, userId: string, now: Date, extra: Partial<NewSession> = {}): NewSession => ({
    _id: id, userId, method: 'email', tokenHash: `hash-${id}`, previousHash: null, rotatedAt: now, usedHashes: [], createdAt: now,
    expiresAt: later(now, 30), revokedAt: null, revokedReason: null, pendingEvents: [], ...extra,
  });

  it('log out everywhere ends the live sessions of the account but the one kept, and only those', async () => {
    const now = new Date();
    for (const id of ['a', 'b', 'c', 'd']) await repo.insert(session(id, 'u1', now));
    await repo.insert(session('other', 'u2', now));
    await repo.revoke('a', 'logout', now);

    expect(await repo.revokeAllForUser('u1', 'password_reset', now, 'd')).toBe(2);
    const byId = new Map((await sessions().find({ userId: 'u1' }).toArray()).map((s) => [s._id, s]));
    expect(byId.get('a')).toMatchObject({ revokedReason: 'logout' });
    expect(byId.get('b')).toMatchObject({ revokedReason: 'password_reset', purgeDay: dayAfter(now, 7) });
    for (const id of ['a', 'b', 'c']) expect(byId.get(id)).not.toHaveProperty('activeUserId');
    expect(byId.get('d')).toMatchObject({ activeUserId: 'u1', revokedAt: null, purgeDay: dayAfter(later(now, 30), 7) });
    expect([await repo.isActive('b', now), await repo.isActive('d', now), await repo.isActive('other', now)]).toEqual([false, true, true]);
  });

  it('deletes a session a retention after it ended; one with an event still to publish waits for it', async () => {
    const now = new Date();
    const event = newEvent('auth', 'auth.user.logged-in.v1', 'u1', { userId: 'u1', sessionId: 'unpublished', method: 'email', loggedInAt: now.toISOString() });
    await repo.insert(session('live', 'u1', now));
    await repo.insert(session('ended', 'u1', now));
    await repo.insert(session('unpublished', 'u1', now, { pendingEvents: [event], outboxPending: true }));
    await repo.revoke('ended', 'logout', now);
    await repo.revoke('unpublished', 'logout', now);

    expect(await repo.purge(later(now, 7))).toBe(0); // the purge day itself is still kept
    expect(await repo.purge(later(now, 8))).toBe(1);
    expect(await repo.findById('ended')).toBeNull();
    expect(await repo.findById('unpublished')).not.toBeNull();
    // Its day stays listed, so the purge comes back for it once the relay has published.
    expect(await conn.collection('session_purge_days').countDocuments({ _id: dayAfter(now, 7) as never })).toBe(1);
    await sessions().updateOne({ _id: 'unpublished' }, { $set: { pendingEvents: [] }, $unset: { outboxPending: '' } });
    expect(await repo.purge(later(now, 8))).toBe(1);
    expect(await conn.collection('session_purge_days').countDocuments({ _id: dayAfter(now, 7) as never })).toBe(0);

    expect(await repo.purge(later(now, 37))).toBe(0); // live until it expires (30 days), then a retention
    expect(await repo.purge(later(now, 38))).toBe(1);
    expect(await sessions().countDocuments({})).toBe(0);
  });

  it('carries sessions from before the keys over once: a live one can still be logged out everywhere', async () => {
    const now = new Date();
    const legacy = (s: NewSession) => sessions().insertOne(s as SessionDoc); // as older versions wrote them
    await legacy(session('old-live', 'u1', now));
    await legacy(session('old-ended', 'u1', now, { revokedAt: now, revokedReason: 'logout' }));
    await legacy(session('old-expired', 'u1', later(now, -40)));
    await sessions().createIndex({ userId: 1 }, { name: 'userId_1' });

    await repo.purge(now);
    const byId = new Map((await sessions().find({}).toArray()).map((s) => [s._id, s]));
    expect(byId.get('old-live')).toMatchObject({ activeUserId: 'u1', purgeDay: dayAfter(later(now, 30), 7) });
    expect(byId.get('old-ended')).toMatchObject({ purgeDay: dayAfter(now, 7) });
    expect(byId.get('old-ended')).not.toHaveProperty('activeUserId');
    expect(byId.get('old-expired')).toMatchObject({ purgeDay: dayAfter(now, 7) });
    expect((await sessions().indexes()).map((i) => i.name)).not.toContain('userId_1');

    await repo.revokeAllForUser('u1', 'block:suspended', now);
    expect(await repo.isActive('old-live', now)).toBe(false);
    expect(await repo.purge(later(now, 8))).toBe(3); // revoked now, so a retention from now

    // Once ever: a document without the keys written later is left alone.
    await legacy(session('later', 'u1', now));
    await repo.purge(now);
    expect(await sessions().findOne({ _id: 'later' })).not.toHaveProperty('purgeDay');
  });
});

describe('through the service', () => {
  let auth: RunningService<AuthConfig>;
  beforeAll(async () => { auth = await startAuth(); });
  afterAll(async () => { await auth?.close(); });

  /** A refresh with `token` from a browser of its own: what the answer says and which cookies it sets. */
  async function refreshWith(token: string) {
    const b = new Browser(auth.url);
    await b.get('/v3/auth/jwks/'); // its CSRF cookie
    b.cookies.set(SESSION_COOKIES.refresh, token);
    const res = await b.post('/v3/auth/refresh/');
    const { code, message } = res.body.resource_response.error ?? {};
    return { status: res.status, code, message, cookies: res.setCookies.map((c) => c.split(';')[0]).sort() };
  }

  it('a refresh token of a purged session is refused exactly as when it was revoked or expired', async () => {
    const { browser: loggedOut, user, email, password } = await signUp(auth);
    const expired = new Browser(auth.url);
    expect((await expired.post('/v3/login/', { username_or_email: email, password })).status).toBe(200);
    const revokedToken = loggedOut.cookies.get(SESSION_COOKIES.refresh)!;
    const expiredToken = expired.cookies.get(SESSION_COOKIES.refresh)!;
    expect((await loggedOut.post('/v3/logout/')).status).toBe(200);
    await auth.ctx.mongo.collection<SessionDoc>(SESSIONS_COLLECTION).updateOne({ _id: SessionService.idOf(expiredToken)! }, { $set: { expiresAt: new Date(Date.now() - 1000) } });

    const before = [await refreshWith(revokedToken), await refreshWith(expiredToken)];
    expect(before.map((a) => [a.status, a.code])).toEqual([[401, 'unauthorized'], [401, 'unauthorized']]);

    // The relay has published their events; then a purge far enough ahead takes both.
    const ofUser = () => auth.ctx.mongo.collection<SessionDoc>(SESSIONS_COLLECTION).find({ userId: user.id }).toArray();
    await waitFor(async () => ((await ofUser()).every((s) => (s.pendingEvents ?? []).length === 0) ? true : undefined), 'session events published');
    expect(await new SessionRepository(auth.ctx.mongo).purge(later(new Date(), 40))).toBeGreaterThanOrEqual(2);
    expect(await ofUser()).toEqual([]);

    expect([await refreshWith(revokedToken), await refreshWith(expiredToken)]).toEqual(before);
  });
});
