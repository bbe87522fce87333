import type { RecognisedViewer, SessionUser } from '@pinhive/contracts';
import type { UserDoc } from './user.model';
import type { IdentityProvider } from '../identities/identity-link.repository';

/** The account as its owner sees it: never the hash, the birthday or the outbox. */
export function presentSessionUser(u: Pick<UserDoc, '_id' | 'username' | 'email' | 'firstName' | 'lastName'>): SessionUser {
  return {
    id: u._id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    image_medium_url: null,
    image_large_url: null,
  };
}

/**
 * What the welcome-back log-in shows of the account that last used this browser (spec "Viewer
 * info"), with the providers linked to it (`identity_links`).
 */
export function presentRecognisedViewer(u: Pick<UserDoc, 'email' | 'firstName' | 'passwordHash'>, linked: readonly IdentityProvider[]): RecognisedViewer {
  return {
    firstName: u.firstName, imageUrl: null, email: u.email, hasPassword: Boolean(u.passwordHash),
    connectedToFacebook: linked.includes('facebook'), connectedToGoogle: linked.includes('google'),
  };
}
