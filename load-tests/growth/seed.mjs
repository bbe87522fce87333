// Seeds accounts straight into the store, as the services themselves would have written them:
// auth's `users` (services/auth/src/users/user.model.ts, written by registration.service.ts,
// its event already published: `pendingEvents: []`, no outbox flag) and pins-boards' `profiles`
// (services/pins-boards/src/profiles/profile.model.ts, written by profile.handlers.ts from that
// event, in the shape the store keeps it: see account()). Account i is growth-<i>@example.com, username growth<i> (what usernameFromEmail makes
// of that address), first name "Growth" (firstNameFromEmail), password SEED_PASSWORD.
// bcryptjs and mongodb come from the root node_modules (auth's dependency and the root's).
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { MongoClient } from 'mongodb';

export const SEED_PASSWORD = 'growth bench 42';
/** auth's BCRYPT_COST default (services/auth/src/config.ts); the bench profile does not change it. */
export const BCRYPT_COST = 11;
export const seedEmail = (i) => `growth-${i}@example.com`;
export const seedUsername = (i) => `growth${i}`;

const BIRTHDAY = new Date(631152000 * 1000); // what register stores for birthday 631152000 (1990-01-01)
const BATCH = 1000;

let hash;
/** One hash at the service's cost, computed once and shared by every seeded account. */
async function passwordHash() {
  hash ??= await bcrypt.hash(SEED_PASSWORD, BCRYPT_COST);
  return hash;
}

/** How long one verification against the seeded hash takes here now (a gauge of free CPU). */
export async function bcryptCompareMs() {
  const hashed = await passwordHash();
  const t = performance.now();
  await bcrypt.compare(SEED_PASSWORD, hashed);
  return performance.now() - t;
}

function account(i, hashed, createdAt) {
  const _id = randomUUID();
  const email = seedEmail(i);
  const username = seedUsername(i);
  const user = {
    _id, email, username, firstName: 'Growth', lastName: '', passwordHash: hashed, birthday: BIRTHDAY,
    country: null, consents: null, createdAt, loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
    pendingEvents: [],
  };
  // The profile handler upserts { _id } with $setOnInsert of the other fields, imageLargeUrl: null
  // among them; what FerretDB stores from that (checked on a sign-up of the bench stack) has its
  // fields in name order and no imageLargeUrl at all, so that is the shape seeded here.
  const profile = { _id, createdAt, firstName: 'Growth', lastName: '', username };
  return { user, profile };
}

/**
 * Inserts accounts [from, to) into <dbPrefix>_auth.users and <dbPrefix>_pins_boards.profiles,
 * in batches of 1000 (unordered insertMany; the two collections in parallel).
 */
export async function seedAccounts({ mongoPort, dbPrefix, from, to, log = console.log }) {
  const client = new MongoClient(`mongodb://127.0.0.1:${mongoPort}/`, { serverSelectionTimeoutMS: 10000 });
  await client.connect();
  try {
    const users = client.db(`${dbPrefix}_auth`).collection('users');
    const profiles = client.db(`${dbPrefix}_pins_boards`).collection('profiles');
    const hashed = await passwordHash();
    const t0 = Date.now();
    const base = Date.now() - to * 1000; // one sign-up a second, the newest just now
    let lastLog = t0;
    for (let start = from; start < to; start += BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(to, start + BATCH); i++) batch.push(account(i, hashed, new Date(base + i * 1000)));
      await Promise.all([
        users.insertMany(batch.map((a) => a.user), { ordered: false }),
        profiles.insertMany(batch.map((a) => a.profile), { ordered: false }),
      ]);
      if (Date.now() - lastLog > 10000) {
        lastLog = Date.now();
        log(`[seed] ${start + batch.length - from} of ${to - from} accounts (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
    }
    const ms = Date.now() - t0;
    const [u, p] = await Promise.all([users.estimatedDocumentCount(), profiles.estimatedDocumentCount()]);
    log(`[seed] accounts ${from}..${to - 1} stored in ${(ms / 1000).toFixed(1)} s (${Math.round(((to - from) * 1000) / ms)}/s); users ${u}, profiles ${p}`);
    return { ms, users: u, profiles: p };
  } finally {
    await client.close();
  }
}
