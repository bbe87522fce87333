import { RESERVED_USERNAMES } from '@pinhive/contracts';
import { onceEver, type Logger } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { sha256 } from '../security/sha256';
import type { UserDoc } from './user.model';
import { DuplicateKeyError, type UserRepository } from './user.repository';
import { usernameFrom } from './username';

const RENAME_ATTEMPTS = 6;

/**
 * Renames the accounts whose username is reserved (made before the list existed, or before a
 * page joined it), each with `auth.user.profile-changed.v1` in the same write so the profile
 * follows. Looks each reserved name up by equality on the unique username index. Throws when an
 * account could not be renamed, so the pass is not recorded as done and runs at the next start.
 */
export async function renameReservedUsernames(users: UserRepository, logger: Logger, onStored: (userId: string) => void): Promise<void> {
  const failed: string[] = [];
  for (const name of RESERVED_USERNAMES) {
    const user = await users.findByUsername(name);
    if (!user) continue;
    const to = await renameOne(users, user);
    if (to === undefined) {
      failed.push(name);
      continue;
    }
    if (to === null) continue; // renamed meanwhile (another instance starting at the same time)
    onStored(user._id);
    logger.warn({ userId: user._id, from: name, to }, 'renamed an account whose username shadowed a page');
  }
  if (failed.length > 0) throw new Error(`could not rename the accounts named ${failed.join(', ')}`);
}

/** The new username; null when the account changed since it was read; undefined when no name was free. */
async function renameOne(users: UserRepository, user: UserDoc): Promise<string | null | undefined> {
  for (let attempt = 1; attempt <= RENAME_ATTEMPTS; attempt++) {
    const username = usernameFrom(user.username, attempt);
    if (await users.usernameExists(username)) continue;
    try {
      return (await users.changeProfile(user, { username })) ? username : null;
    } catch (err) {
      if (err instanceof DuplicateKeyError && err.field === 'username') continue; // taken between the check and the write
      throw err;
    }
  }
  return undefined;
}

/**
 * The pass at auth's start, once per version of the reserved list (kit `onceEver`, keyed by the
 * list's hash: a page added to the list runs it again). A kit carry-over: it runs once the
 * indexes exist (the unique username index is what refuses a name taken meanwhile) and is
 * retried until it succeeds.
 */
export function renameReservedUsernamesOnce(conn: Connection, users: UserRepository, logger: Logger, onStored: (userId: string) => void): () => Promise<void> {
  const key = `reserved-usernames:${sha256(RESERVED_USERNAMES.join(',')).slice(0, 16)}`;
  return () => onceEver(conn, key, () => renameReservedUsernames(users, logger, onStored));
}
