import { defineHandler } from '@pinhive/kit';
import type { ProfileRepository } from './profile.repository';

/** A newly registered user gets a public profile. */
export function profileHandlers(profiles: ProfileRepository) {
  return [
    defineHandler({
      name: 'create-profile',
      type: 'auth.user.registered.v1',
      handle: async ({ data }) => {
        await profiles.createIfAbsent({
          _id: data.userId,
          username: data.username,
          firstName: data.firstName,
          lastName: data.lastName,
          imageLargeUrl: null,
          createdAt: new Date(data.registeredAt),
        });
      },
    }),
  ];
}
