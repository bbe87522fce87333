import type { Interest, KnownGender } from '@pinhive/contracts';

/**
 * A person as ads knows them, from auth's account events: who an owner adds by username, and
 * the names a member list shows. `_id` is the auth user id. Each part an event sets carries the
 * `occurredAt` of the event that last set it (person.repository.ts `setIfNewer`).
 */
export interface PersonDoc {
  _id: string;
  /** Lower-case, as auth makes usernames; looked up by equality (indexed, not unique: see setIfNewer). */
  username: string;
  firstName: string;
  lastName: string;
  /** The country the person signed up from (registration), for ad targeting; null when unknown. */
  country?: string | null;
  /**
   * The birthday (YYYY-MM-DD, registration), not an age group: serving computes the group with its
   * clock (`ageBucketOf`), since people age. Null or absent when unknown (registered before it was sent).
   */
  birthday?: string | null;
  /** The gender a sign-up provider shared (registration); null or absent when unknown. */
  gender?: KnownGender | null;
  /**
   * Interests inferred from the words of the pins the person saved (`pins.pin.saved.v1`): a set,
   * so at most INTERESTS.length entries, only ever added to (kit ads/interest-handlers.ts).
   */
  interests?: Interest[];
  /** Set while the account is deactivated: nobody can add them meanwhile. */
  deactivatedAt?: Date | null;
  /** The username and names: `auth.user.registered.v1`, `auth.user.profile-changed.v1`. */
  namesChangedAt?: Date;
  /** `deactivatedAt`: `auth.user.deactivated.v1`, `auth.user.reactivated.v1`. */
  deactivationChangedAt?: Date;
}

export const PEOPLE_COLLECTION = 'people';

/** The parts of a person that events set, and the field stamping each with its event's time. */
export const PERSON_STAMPS = { names: 'namesChangedAt', deactivation: 'deactivationChangedAt' } as const;
export type PersonPart = keyof typeof PERSON_STAMPS;

/**
 * What a person gets when an event other than the registration arrives first (separate topics:
 * no order between them): the account id stands for the username until the registration or a
 * profile change sets it (ids are UUIDs, usernames have no '-', so nobody adds them by it).
 */
export const placeholderPerson = (id: string): Partial<PersonDoc> => ({ username: id, firstName: '', lastName: '' });

/** How a member list names a person: first and last name, else the username. */
export const fullName = (p: Pick<PersonDoc, 'firstName' | 'lastName' | 'username'>): string => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username;
