import { definePolicy } from '@pinhive/kit';

/** What the profile policy reads of a profile. */
export interface ProfileSubject {
  /** The account's id. */
  _id: string;
  deactivatedAt?: Date | null;
}

/**
 * Profiles: anyone may read one unless its account is deactivated; a deactivated account's
 * profile answers exactly as an unknown username does. A log-in block hides nothing: blocks are
 * about logging in (signup-login.md says nothing of profiles), so they are not even projected.
 */
export const profilePolicy = definePolicy<ProfileSubject, 'read'>({
  resource: 'profile',
  hideAs: 'not_found',
  notFoundMessage: 'User not found.',
  rules: { read: (_viewer, profile) => !profile.deactivatedAt },
});
