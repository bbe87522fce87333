import { publicProfileSchema } from '@pinhive/contracts';
import { authorize, defineRoute } from '@pinhive/kit';
import { z } from 'zod';
import { profilePolicy } from './profile.policy';
import { presentProfile } from './profile.presenter';
import type { ProfileRepository } from './profile.repository';

export function profileRoutes(profiles: ProfileRepository) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/users/:username/',
      summary: "A user's public profile",
      auth: 'public',
      params: z.object({ username: z.string().min(1).max(30).transform((u) => u.toLowerCase()) }),
      response: publicProfileSchema,
      handler: async ({ params, viewer }) => {
        const profile = await profiles.findByUsername(params.username);
        authorize(viewer, 'read', profile, profilePolicy);
        return presentProfile(profile);
      },
    }),
  ];
}
