import type { RecognisedViewer, SessionUser } from '@pinhive/contracts';
import type { UserDoc } from './user.model';

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
 * info"). Social links arrive with single sign-on; every account has a password until then.
 */
export function presentRecognisedViewer(u: Pick<UserDoc, 'email' | 'firstName' | 'passwordHash'>): RecognisedViewer {
  return { firstName: u.firstName, imageUrl: null, email: u.email, hasPassword: Boolean(u.passwordHash), connectedToFacebook: false, connectedToGoogle: false };
}
