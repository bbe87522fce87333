import { defineHandler } from '@pinhive/kit';
import type { PersonDoc } from './person.model';
import type { PersonRepository } from './person.repository';

/**
 * What a person gets when an event other than the registration arrives first (separate topics:
 * no order between them): the account id stands for the username until the registration or a
 * profile change sets it (ids are UUIDs, usernames have no '-', so nobody adds them by it).
 */
const placeholder = (id: string): Partial<PersonDoc> => ({ username: id, firstName: '', lastName: '' });

/**
 * People follow auth's account events. Each handler runs once per event id (the kit's
 * dispatcher records it) and sets its part only if no newer event set it.
 */
export function personHandlers(people: PersonRepository) {
  return [
    defineHandler({
      name: 'person-registered',
      type: 'auth.user.registered.v1',
      handle: async ({ data, occurredAt }) => {
        const names = { username: data.username.toLowerCase(), firstName: data.firstName, lastName: data.lastName };
        await people.setIfNewer(data.userId, 'names', new Date(occurredAt), names, {});
      },
    }),
    defineHandler({
      name: 'person-renamed',
      type: 'auth.user.profile-changed.v1',
      handle: async ({ data, occurredAt }) => {
        const names = { username: data.username.toLowerCase(), firstName: data.firstName, lastName: data.lastName };
        await people.setIfNewer(data.userId, 'names', new Date(occurredAt), names, {});
      },
    }),
    defineHandler({
      name: 'person-deactivated',
      type: 'auth.user.deactivated.v1',
      handle: async ({ data, occurredAt }) => {
        const at = new Date(occurredAt);
        await people.setIfNewer(data.userId, 'deactivation', at, { deactivatedAt: at }, placeholder(data.userId));
      },
    }),
    defineHandler({
      name: 'person-reactivated',
      type: 'auth.user.reactivated.v1',
      handle: async ({ data, occurredAt }) => {
        await people.setIfNewer(data.userId, 'deactivation', new Date(occurredAt), { deactivatedAt: null }, placeholder(data.userId));
      },
    }),
  ];
}
