import { publicProfileSchema } from '@pinhive/contracts';
import { authorize, defineRoute, type Viewer } from '@pinhive/kit';
import { z } from 'zod';
import { profilePolicy } from './profile.policy';
import { presentProfile, type ProfileFollowFacts } from './profile.presenter';
import type { ProfileRepository } from './profile.repository';

/** `follows(viewer, userId)`: the profile's follow counts and whether the viewer follows them. */
export function profileRoutes(profiles: ProfileRepository, follows: (viewer: Viewer | undefined, userId: string) => Promise<ProfileFollowFacts>) {
  return [
    defineRoute({
      method: 'get',
      path: '/v3/users/:username/',
      summary: "A user's public profile, with follow counts and whether the viewer follows them",
      auth: 'optional',
      params: z.object({ username: z.string().min(1).max(30).transform((u) => u.toLowerCase()) }),
      response: publicProfileSchema,
      handler: async ({ params, viewer }) => {
        const profile = await profiles.findByUsername(params.username);
        authorize(viewer, 'read', profile, profilePolicy);
        return presentProfile(profile, await follows(viewer, profile._id));
      },
    }),
  ];
}
