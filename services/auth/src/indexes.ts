import { defineIndexes } from '@pinhive/kit';
import { DEV_MESSAGES_COLLECTION } from './messaging/dev-outbox.repository';
import { IDENTITY_LINKS_COLLECTION } from './identities/identity-link.repository';
import { MFA_CHALLENGES_COLLECTION } from './mfa/mfa-challenge.repository';
import { AUTHENTICATORS_COLLECTION } from './mfa/authenticator.repository';
import { RESET_TOKENS_COLLECTION } from './recovery/reset-token.repository';
import { SESSIONS_COLLECTION } from './sessions/session.model';
import { USERS_COLLECTION } from './users/user.model';

/**
 * Every index auth's queries need, created at start by the kit. Lookups by `_id` need none
 * declared (the store always indexes it).
 */
export const authIndexes = [
  ...defineIndexes(USERS_COLLECTION, [
    { key: { email: 1 }, unique: true }, // log-in by email, sign-up's exists check
    { key: { username: 1 }, unique: true }, // log-in by username, usernames made unique
  ]),
  ...defineIndexes(SESSIONS_COLLECTION, [
    { key: { activeUserId: 1 } }, // log out everywhere (password reset, block): live sessions only
    { key: { purgeDay: 1 } }, // the purge of ended sessions, by day
  ]),
  ...defineIndexes(RESET_TOKENS_COLLECTION, [{ key: { purgeDay: 1 } }]), // the purge of expired reset tokens
  ...defineIndexes(MFA_CHALLENGES_COLLECTION, [{ key: { purgeDay: 1 } }]), // the purge of expired two-factor challenges
  ...defineIndexes(IDENTITY_LINKS_COLLECTION, [{ key: { userId: 1 } }]), // an account's links to SSO and the social providers
  ...defineIndexes(AUTHENTICATORS_COLLECTION, [{ key: { sealedWith: 1 } }]), // after a key rotation: what an old key sealed
];

/** Only where the dev outbox is on (never in production). */
export const devOutboxIndexes = defineIndexes(DEV_MESSAGES_COLLECTION, [
  { key: { page: 1 } }, // the newest messages, by page
]);
