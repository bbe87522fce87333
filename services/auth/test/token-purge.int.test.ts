import { dayAfter } from '@pinhive/kit';
import { MFA_CHALLENGES_COLLECTION, MfaChallengeRepository } from '../src/mfa/mfa-challenge.repository';
import { RESET_TOKENS_COLLECTION, ResetTokenRepository } from '../src/recovery/reset-token.repository';
import { scratchDatabase } from '../../../test/support/servers';

/**
 * Reset tokens and two-factor challenges on the real store: read only by `_id`, so nothing
 * found them to delete; now each carries its purge day (expiry plus the retention).
 */
const DAY_MS = 86_400_000;
const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

const scratch = scratchDatabase('tokens', 'test');

it('a reset token is deleted a retention after it expired, not before', async () => {
  const tokens = new ResetTokenRepository(scratch(), { retentionDays: 7 });
  const now = new Date();
  await tokens.insert('hash-1', 'u1', now, 1800);
  expect(await tokens.findUsable('hash-1', now)).toBe('u1');
  expect(await scratch().collection(RESET_TOKENS_COLLECTION).findOne({ _id: 'hash-1' as never })).toMatchObject({ purgeDay: dayAfter(later(now, 1800 / 86_400), 7) });

  expect(await tokens.purge(later(now, 7))).toBe(0);
  expect(await tokens.purge(later(now, 9))).toBe(1);
  expect(await scratch().collection(RESET_TOKENS_COLLECTION).countDocuments({})).toBe(0);
});

it('a reset token from before the purge day gets one on the first purge', async () => {
  const tokens = new ResetTokenRepository(scratch(), { retentionDays: 7 });
  const now = new Date();
  await scratch().collection(RESET_TOKENS_COLLECTION).insertOne({ _id: 'old' as never, userId: 'u1', createdAt: now, expiresAt: now, usedAt: null });
  expect(await tokens.purge(now)).toBe(0);
  expect(await scratch().collection(RESET_TOKENS_COLLECTION).findOne({ _id: 'old' as never })).toMatchObject({ purgeDay: dayAfter(now, 7) });
  expect(await tokens.purge(later(now, 8))).toBe(1);
});

it('a two-factor challenge is deleted a retention after its code expired; a resend moves the day on', async () => {
  const challenges = new MfaChallengeRepository(scratch(), { retentionDays: 7 });
  const now = new Date();
  await challenges.insert({ _id: 'c1', userId: 'u1', codeHash: 'h1', expiresAt: new Date(now.getTime() + 300_000), attempts: 0, usedAt: null, createdAt: now });
  await challenges.insert({ _id: 'c2', userId: 'u2', codeHash: 'h2', expiresAt: new Date(now.getTime() + 300_000), attempts: 0, usedAt: null, createdAt: now });
  await challenges.replaceCode('c2', 'h2b', later(now, 2)); // a (far-fetched) late resend
  expect(await challenges.find('c2')).toMatchObject({ codeHash: 'h2b', attempts: 0 });

  expect(await challenges.purge(later(now, 7))).toBe(0);
  expect(await challenges.purge(later(now, 8.1))).toBe(1);
  expect(await challenges.find('c1')).toBeNull();
  expect(await challenges.purge(later(now, 9))).toBe(0);
  expect(await challenges.purge(later(now, 10))).toBe(1);

  // The carry-over of challenges without a day ran once, with the first purge: it is not repeated.
  await scratch().collection(MFA_CHALLENGES_COLLECTION).insertOne({ _id: 'old' as never, userId: 'u1', codeHash: 'h', expiresAt: now, attempts: 0, usedAt: null, createdAt: now });
  await challenges.purge(now);
  expect(await scratch().collection(MFA_CHALLENGES_COLLECTION).findOne({ _id: 'old' as never })).not.toHaveProperty('purgeDay');
});

it('challenges from before the purge day get one on the first purge', async () => {
  const challenges = new MfaChallengeRepository(scratch(), { retentionDays: 7 });
  const now = new Date();
  await scratch().collection(MFA_CHALLENGES_COLLECTION).insertOne({ _id: 'old' as never, userId: 'u1', codeHash: 'h', expiresAt: now, attempts: 0, usedAt: null, createdAt: now });
  expect(await challenges.purge(now)).toBe(0);
  expect(await scratch().collection(MFA_CHALLENGES_COLLECTION).findOne({ _id: 'old' as never })).toMatchObject({ purgeDay: dayAfter(now, 7) });
  expect(await challenges.purge(later(now, 8))).toBe(1);
});
