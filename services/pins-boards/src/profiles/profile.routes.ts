import { publicProfileSchema } from '@pinhive/contracts';
import { defineRoute, notFound } from '@pinhive/kit';
import { z } from 'zod';
import { presentProfile } from './profile.presenter';
import type { ProfileRepository } from './profile.repository';

export function profileRoutes(profiles: ProfileRepository) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/users/:username/',
      summary: "A user's public profile",
      params: z.object({ username: z.string().min(1).max(30).transform((u) => u.toLowerCase()) }),
      response: publicProfileSchema,
      handler: async ({ params }) => {
        const profile = await profiles.findByUsername(params.username);
        if (!profile) throw notFound('User not found.');
        return presentProfile(profile);
      },
    }),
  ];
}
