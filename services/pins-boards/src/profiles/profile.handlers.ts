import { defineHandler } from '@pinhive/kit';
import { placeholderProfile as placeholder } from './profile.model';
import type { ProfileRepository } from './profile.repository';

/**
 * The public profile follows auth's account events. Each handler runs once per event id (kit
 * dispatcher) and sets its part only if no newer event set it (ProfileRepository.setIfNewer).
 * Blocks are not followed: a blocked account's profile stays visible (profile.policy.ts).
 */
export function profileHandlers(profiles: ProfileRepository) {
  return [
    defineHandler({
      name: 'create-profile',
      type: 'auth.user.registered.v1',
      handle: async ({ data, occurredAt }) => {
        const createdAt = new Date(data.registeredAt);
        const names = { username: data.username, firstName: data.firstName, lastName: data.lastName };
        // The promoted pins' targeting facts come only with the registration (settings change none of them): they ride with the names' stamp.
        const facts = { country: data.country?.toUpperCase() ?? null, birthday: data.birthday ?? null, gender: data.gender ?? null };
        const set = await profiles.setIfNewer(data.userId, 'names', new Date(occurredAt), { ...names, ...facts, createdAt }, { imageLargeUrl: null });
        // A profile change got there first: its names are newer, but the creation time is this one.
        if (!set) await profiles.setRegistered(data.userId, createdAt, facts);
      },
    }),
    defineHandler({
      name: 'profile-changed',
      type: 'auth.user.profile-changed.v1',
      handle: async ({ data, occurredAt }) => {
        const at = new Date(occurredAt);
        const names = { username: data.username, firstName: data.firstName, lastName: data.lastName };
        await profiles.setIfNewer(data.userId, 'names', at, names, { createdAt: at, imageLargeUrl: null });
      },
    }),
    defineHandler({
      name: 'profile-deactivated',
      type: 'auth.user.deactivated.v1',
      handle: async ({ data, occurredAt }) => {
        const at = new Date(occurredAt);
        await profiles.setIfNewer(data.userId, 'deactivation', at, { deactivatedAt: at }, placeholder(data.userId, at));
      },
    }),
    defineHandler({
      name: 'profile-reactivated',
      type: 'auth.user.reactivated.v1',
      handle: async ({ data, occurredAt }) => {
        const at = new Date(occurredAt);
        await profiles.setIfNewer(data.userId, 'deactivation', at, { deactivatedAt: null }, placeholder(data.userId, at));
      },
    }),
  ];
}
