import { z } from 'zod';
import { defineResource, defineRoute, readCookie, type Viewer } from '@pinhive/kit';
import {
  VISITOR_COOKIE,
  WEB_PLACEMENTS,
  experienceStatusOptionsSchema,
  experienceStatusResponseSchema,
  experienceUpdateOptionsSchema,
  placedExperienceIdSchema,
  triggerBodySchema,
  userExperienceOptionsSchema,
  userExperiencePlatformOptionsSchema,
  userExperiencesResponseSchema,
  type ExperienceStatus,
} from '@pinhive/contracts';
import type { Request, Response } from 'express';
import type { ExperienceService } from './experience.service';

/** The experiment subject: the account, else the browser's visitor cookie (experiments use the same). */
const subjectOf = (viewer: Viewer | undefined, req: Request): string => viewer?.userId ?? readCookie(req, VISITOR_COOKIE) ?? 'anonymous';

/** Per viewer and changing with their every step: never cached by the browser or the gateway. */
const personal = (res: Response) => res.set('Cache-Control', 'private, no-store');

export function experienceRoutes(experiences: ExperienceService) {
  const statusChange = (resource: string, action: 'update' | 'delete', summary: string, status: ExperienceStatus) =>
    defineResource({
      resource, action, summary, auth: 'viewer',
      options: experienceStatusOptionsSchema, response: experienceStatusResponseSchema,
      handler: async ({ viewer, options }) => ({
        placed_experience_id: options.placed_experience_id,
        status: await experiences.advance(viewer.userId, options.placed_experience_id, status),
      }),
    });
  return [
    defineResource({
      resource: 'UserExperienceResource', action: 'get', summary: "The viewer's experiences at the given placements", auth: 'optional',
      options: userExperienceOptionsSchema, response: userExperiencesResponseSchema,
      handler: ({ viewer, options, req, res }) => {
        personal(res);
        return experiences.forViewer(viewer, subjectOf(viewer, req), { placementIds: options.placement_ids, country: options.targeting.country, multi: options.multi_experience });
      },
    }),
    defineResource({
      resource: 'UserExperiencePlatformResource', action: 'get', summary: "The viewer's experiences at every placement of the web app", auth: 'optional',
      options: userExperiencePlatformOptionsSchema, response: userExperiencesResponseSchema,
      handler: ({ viewer, options, req, res }) => {
        personal(res);
        return experiences.forViewer(viewer, subjectOf(viewer, req), { placementIds: WEB_PLACEMENTS, country: options.targeting.country, multi: options.multi_experience });
      },
    }),
    statusChange('UserExperienceViewedResource', 'update', 'The viewer saw an experience', 'viewed'),
    statusChange('UserExperienceCompletedResource', 'update', 'The viewer completed an experience', 'completed'),
    defineResource({
      resource: 'UserExperienceResource', action: 'update', summary: "Moves the viewer's status of an experience forward (viewed, completed, completedWithoutHomefeed)", auth: 'viewer',
      options: experienceUpdateOptionsSchema, response: experienceStatusResponseSchema,
      handler: async ({ viewer, options }) => ({
        placed_experience_id: options.placed_experience_id,
        status: await experiences.advance(viewer.userId, options.placed_experience_id, options.status),
      }),
    }),
    statusChange('UserExperienceResource', 'delete', 'The viewer dismissed an experience', 'dismissed'),
    defineRoute({
      method: 'put', path: '/v3/experiences/:placed/trigger/', summary: 'Triggers a placed experience for the viewer (shown from then on, if it waits for a trigger)', auth: 'viewer',
      params: z.object({ placed: placedExperienceIdSchema }), body: triggerBodySchema, response: experienceStatusResponseSchema,
      handler: async ({ viewer, params }) => ({ placed_experience_id: params.placed, status: await experiences.advance(viewer.userId, params.placed, 'triggered') }),
    }),
  ];
}
