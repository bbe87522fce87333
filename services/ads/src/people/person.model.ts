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

/** How a member list names a person: first and last name, else the username. */
export const fullName = (p: Pick<PersonDoc, 'firstName' | 'lastName' | 'username'>): string => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username;
