import type { SessionUser } from '@pinhive/contracts';
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
