import { NOTHING_PENDING, OUTBOX_PENDING, dayAfter, defineIndexes, type HotQuerySet } from '@pinhive/kit';
import { authIndexes, devOutboxIndexes } from './indexes';
import { DEV_MESSAGES_COLLECTION, DEV_OUTBOX_WINDOW } from './messaging/dev-outbox.repository';
import { IDENTITY_LINKS_COLLECTION } from './identities/identity-link.repository';
import { MFA_CHALLENGES_COLLECTION } from './mfa/mfa-challenge.repository';
import { AUTHENTICATORS_COLLECTION } from './mfa/authenticator.repository';
import { RESET_TOKENS_COLLECTION } from './recovery/reset-token.repository';
import { SESSIONS_COLLECTION } from './sessions/session.model';
import { USERS_COLLECTION } from './users/user.model';
import { PASSKEYS_COLLECTION, passkeyIndexes } from './passkeys/passkey.repository';

const N = 5_000;
const at = new Date('2026-01-01T00:00:00Z');
const later = new Date('2036-01-01T00:00:00Z');
/** Purge days spread over 40 days: a purge deletes one day's worth, N / 40 documents. */
const DAYS = 40;
const purgeDay = (i: number) => dayAfter(at, i % DAYS);
/** One account with a long history: its revoked sessions must not be read to log it out everywhere. */
const REVOKED_OF_ONE_USER = 3_000;
/** One document in 1,000 waits for the outbox relay (an event not yet published). */
const outbox = (i: number) => (i % 1000 === 7 ? { pendingEvents: [{ id: `event-${i}` }], [OUTBOX_PENDING]: true } : { pendingEvents: [] });

/*
 * Not here, because each is one document (or a few) in its own collection, which PostgreSQL
 * rightly reads by a scan of its one page: the signing-key set (`signing_keys` `{ _id: 'keys' }`,
 * read once per process), the dev outbox's counter (`dev_message_head` `{ _id: 'head' }`) and the
 * purges' lists of days (`*_purge_days`, one document per day in use, read hourly).
 */

/** Auth's hot queries as its repositories send them (the guard: test/integration/hot-queries.int.test.ts). */
export const authHotQueries: HotQuerySet = {
  service: 'auth',
  // The outbox flag's index is the kit's (OutboxRelay.indexes), created for every outbox collection.
  indexes: [
    ...authIndexes, ...passkeyIndexes, ...devOutboxIndexes, ...[USERS_COLLECTION, SESSIONS_COLLECTION].flatMap((c) => defineIndexes(c, [{ key: { [OUTBOX_PENDING]: 1 } }])),
    // processed_events' day index is the kit's (ProcessedEvents.indexes): auth consumes pins-boards' board invitations by email.
    ...defineIndexes('processed_events', [{ key: { day: 1 } }]),
  ],
  seeds: {
    [USERS_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: `user-${i}`, email: `user${i}@example.com`, username: `user${i}`, firstName: 'Ada', lastName: '', passwordHash: '$2b$11$x', birthday: at, country: null, createdAt: at, loginBlock: null, deactivation: null, mfa: null, mfaPending: null, ...outbox(i) }),
    },
    [SESSIONS_COLLECTION]: {
      count: N,
      // The first REVOKED_OF_ONE_USER are user-321's ended sessions (no `activeUserId`); the rest are live.
      doc: (i) => {
        const revoked = i < REVOKED_OF_ONE_USER;
        return {
          _id: `session-${i}`, userId: revoked ? 'user-321' : `user-${i % 1000}`, ...(revoked ? {} : { activeUserId: `user-${i % 1000}` }), method: 'email', tokenHash: `hash-${i}`,
          previousHash: null, rotatedAt: at, usedHashes: [], createdAt: at, expiresAt: later, revokedAt: revoked ? at : null, revokedReason: revoked ? 'logout' : null, ...outbox(i), purgeDay: purgeDay(i),
        };
      },
    },
    [RESET_TOKENS_COLLECTION]: { count: N, doc: (i) => ({ _id: `reset-${i}`, userId: `user-${i}`, createdAt: at, expiresAt: later, usedAt: null, purgeDay: purgeDay(i) }) },
    [MFA_CHALLENGES_COLLECTION]: { count: N, doc: (i) => ({ _id: `challenge-${i}`, userId: `user-${i}`, codeHash: 'h', expiresAt: later, attempts: 0, usedAt: null, createdAt: at, purgeDay: purgeDay(i) }) },
    // Authenticator apps: most confirmed (10 recovery codes, some used), one in five still being set up.
    [AUTHENTICATORS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: `user-${i}`,
        // One in a hundred still sealed under the key before the last rotation.
        sealedWith: i % 100 === 3 ? 'old-key-id' : 'key-id',
        pending: i % 5 === 0 ? { id: `pending-${i}`, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', expiresAt: later } : null,
        active: i % 5 === 0 ? null : { id: `active-${i}`, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', lastStep: 59_000_000 + i, recoveryCodes: Array.from({ length: 10 - (i % 4) }, (_, k) => `hash-${i}-${k}`), enabledAt: at },
      }),
    },
    // One account in five linked to one or two providers.
    [IDENTITY_LINKS_COLLECTION]: {
      count: N,
      doc: (i) => {
        const provider = (['google', 'facebook', 'line', 'sso'] as const)[i % 4];
        return { _id: `${provider}:subject-${i}`, provider, subject: `subject-${i}`, userId: `user-${Math.floor(i / 2) * 5}`, email: null, linkedAt: at };
      },
    },
    // Passkeys: one account in four has some, ten each (MAX_PASSKEYS, the most an account keeps).
    [PASSKEYS_COLLECTION]: {
      count: N,
      doc: (i) => ({
        _id: `credential-${i}`, userId: `user-${Math.floor(i / 10) * 40}`, publicKey: 'pQECAyYgASFYIA', counter: i % 3 === 0 ? 0 : i, transports: ['internal', 'hybrid'],
        name: 'Chrome on Mac', deviceType: 'multiDevice', backedUp: true, createdAt: at, lastUsedAt: i % 2 ? at : null,
      }),
    },
    processed_events: { count: N, doc: (i) => ({ _id: `mail-board-invite:event-${i}`, eventId: `event-${i}`, handler: 'mail-board-invite', at, day: purgeDay(i) }) },
    // More than the repository keeps (it deletes old pages as it sends): the read stays one page whatever lingers.
    [DEV_MESSAGES_COLLECTION]: {
      count: N,
      doc: (i) => ({ _id: `message-${i}`, channel: 'email', to: `user${i}@example.com`, subject: 'Hi', text: 'Hello', sentAt: at, seq: i + 1, page: Math.floor((i + 1) / DEV_OUTBOX_WINDOW) }),
    },
  },
  queries: [
    { name: 'log-in by email', collection: USERS_COLLECTION, filter: { email: 'user4321@example.com' } },
    { name: 'log-in by username', collection: USERS_COLLECTION, filter: { username: 'user4321' } },
    { name: 'a user by id (every update of a user)', collection: USERS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: 'profile change guarded by the values read', collection: USERS_COLLECTION, filter: { _id: 'user-4321', username: 'user4321', firstName: 'Ada', lastName: '' } },
    { name: 'outbox sweep of users', collection: USERS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: 100 },
    { name: 'outbox sweep of sessions', collection: SESSIONS_COLLECTION, filter: { [OUTBOX_PENDING]: true }, reads: 100 },
    { name: 'refresh-token lookup', collection: SESSIONS_COLLECTION, filter: { _id: 'session-4321' } },
    { name: 'refresh-token rotation', collection: SESSIONS_COLLECTION, filter: { _id: 'session-4321', tokenHash: 'hash-4321', revokedAt: null, expiresAt: { $gt: at } } },
    // user-321 has 3,000 revoked sessions and 2 live ones (session-4321 is the one kept): only the live ones are read.
    { name: 'sessions of a user (log out everywhere)', collection: SESSIONS_COLLECTION, filter: { activeUserId: 'user-321', _id: { $ne: 'session-4321' } }, reads: 5 },
    { name: 'ended sessions of a day (purge)', collection: SESSIONS_COLLECTION, filter: { purgeDay: purgeDay(7), ...NOTHING_PENDING }, reads: N / DAYS },
    { name: 'reset-token lookup', collection: RESET_TOKENS_COLLECTION, filter: { _id: 'reset-4321', usedAt: null, expiresAt: { $gt: at } } },
    { name: 'expired reset tokens of a day (purge)', collection: RESET_TOKENS_COLLECTION, filter: { purgeDay: purgeDay(7) }, reads: N / DAYS },
    { name: 'two-factor code lookup', collection: MFA_CHALLENGES_COLLECTION, filter: { _id: 'challenge-4321' } },
    { name: 'expired two-factor challenges of a day (purge)', collection: MFA_CHALLENGES_COLLECTION, filter: { purgeDay: purgeDay(7) }, reads: N / DAYS },
    { name: "an account's authenticator (the second step, the settings)", collection: AUTHENTICATORS_COLLECTION, filter: { _id: 'user-4321' } },
    { name: "after a key rotation: a batch of what the old key sealed", collection: AUTHENTICATORS_COLLECTION, filter: { sealedWith: 'old-key-id' }, reads: 200 },
    { name: 'authenticator confirmed (guarded by its enrolment)', collection: AUTHENTICATORS_COLLECTION, filter: { _id: 'user-4320', 'pending.id': 'pending-4320' } },
    { name: "authenticator code's step claimed (each code once)", collection: AUTHENTICATORS_COLLECTION, filter: { _id: 'user-4321', 'active.id': 'active-4321', 'active.lastStep': { $lt: 60_000_000 } } },
    { name: 'recovery code used up', collection: AUTHENTICATORS_COLLECTION, filter: { _id: 'user-4321', 'active.id': 'active-4321', 'active.recoveryCodes': 'hash-4321-3' } },
    { name: 'an identity link (log-in through SSO or a social provider)', collection: IDENTITY_LINKS_COLLECTION, filter: { _id: 'google:subject-4320' } },
    { name: "an account's identity links (its connected providers)", collection: IDENTITY_LINKS_COLLECTION, filter: { userId: 'user-10800' }, reads: 2 },
    { name: 'an identity link removed by its account', collection: IDENTITY_LINKS_COLLECTION, filter: { _id: 'google:subject-4320', userId: 'user-10800' } },
    { name: 'a passkey by its credential id (log-in with a passkey)', collection: PASSKEYS_COLLECTION, filter: { _id: 'credential-4321' } },
    { name: "an account's passkeys (settings list, registration's exclusions)", collection: PASSKEYS_COLLECTION, filter: { userId: 'user-16000' }, reads: 10 },
    { name: "a passkey's use recorded (guarded by the counter read)", collection: PASSKEYS_COLLECTION, filter: { _id: 'credential-4321', counter: 4321 } },
    { name: 'a passkey renamed or removed by its account', collection: PASSKEYS_COLLECTION, filter: { _id: 'credential-4321', userId: 'user-17280' } },
    { name: 'processed-event check (every board invitation mailed)', collection: 'processed_events', filter: { _id: 'mail-board-invite:event-4321' } },
    { name: 'processed events of a day (purge)', collection: 'processed_events', filter: { day: purgeDay(7) }, reads: N / DAYS },
    { name: 'dev outbox: the newest messages (one page of two)', collection: DEV_MESSAGES_COLLECTION, filter: { page: 42 }, reads: DEV_OUTBOX_WINDOW },
  ],
};
