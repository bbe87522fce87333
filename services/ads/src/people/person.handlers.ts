import { defineHandler } from '@pinhive/kit';
import { placeholderPerson as placeholder } from './person.model';
import type { PersonRepository } from './person.repository';

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
        // The country, birthday and gender come only with the registration (settings change none
        // of them): they ride with the names' stamp.
        const names = {
          username: data.username.toLowerCase(), firstName: data.firstName, lastName: data.lastName,
          country: data.country?.toUpperCase() ?? null, birthday: data.birthday ?? null, gender: data.gender ?? null,
        };
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
