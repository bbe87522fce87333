import {
  advertiserCreateBodySchema,
  advertiserIdSchema,
  advertiserListSchema,
  advertiserMemberAddBodySchema,
  advertiserMemberListSchema,
  advertiserMemberSchema,
  advertiserSchema,
  userIdSchema,
} from '@pinhive/contracts';
import { defineRoute, idempotencyKey, memoryLimit, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import type { AdvertiserService } from './advertiser.service';

/** Advertisers a viewer may make in an hour (each also counts against ADVERTISERS_PER_PERSON_MAX). */
const CREATES = { points: 20, durationSeconds: 3600 };
/** Members added or removed by a viewer in an hour: an owner filling an advertiser (50) twice over, and more. */
const MEMBER_CHANGES = { points: 200, durationSeconds: 3600 };

const advertiserParams = z.object({ id: advertiserIdSchema });
const memberParams = z.object({ id: advertiserIdSchema, userId: userIdSchema });
/** What taking someone out answers: who, of which advertiser (they are out either way). */
export const advertiserMemberRemovedSchema = z.object({ advertiser_id: z.string(), user_id: z.string() });

export function advertiserRoutes(advertisers: AdvertiserService) {
  const createLimit = { ...memoryLimit('advertiser-creates', CREATES.points, CREATES.durationSeconds), ...perViewer };
  // One budget for adding and removing.
  const memberLimit = { ...memoryLimit('advertiser-member-changes', MEMBER_CHANGES.points, MEMBER_CHANGES.durationSeconds), ...perViewer };
  return [
    defineRoute({
      method: 'post', path: '/ads/v4/advertisers/', summary: 'Make an advertiser owned by the viewer (Idempotency-Key: a retry answers the first)', auth: 'viewer', status: 201,
      body: advertiserCreateBodySchema, response: advertiserSchema, rateLimit: createLimit,
      handler: ({ viewer, body, req }) => advertisers.create(viewer, body.name, idempotencyKey(req.get('idempotency-key'))),
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/', summary: 'Every advertiser the viewer owns or may act for (at most 50), with their role in each', auth: 'viewer',
      response: advertiserListSchema,
      handler: ({ viewer }) => advertisers.listOf(viewer),
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/', summary: 'An advertiser (its owner and the people who may act for it; 404 to anyone else)', auth: 'viewer',
      params: advertiserParams, response: advertiserSchema,
      handler: ({ viewer, params }) => advertisers.get(viewer, params.id),
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/members/', summary: 'The people who may act for an advertiser, the owner first (its owner and members)', auth: 'viewer',
      params: advertiserParams, response: advertiserMemberListSchema,
      handler: ({ viewer, params }) => advertisers.members(viewer, params.id),
    }),
    defineRoute({
      method: 'post', path: '/ads/v4/advertisers/:id/members/', summary: 'Let a person act for the advertiser, by username (owner); 201 when added, 200 with their row when already in', auth: 'viewer',
      params: advertiserParams, body: advertiserMemberAddBodySchema, response: advertiserMemberSchema, rateLimit: memberLimit,
      handler: async ({ viewer, params, body, res }) => {
        const { member, created } = await advertisers.addMember(viewer, params.id, body.username);
        if (created) res.status(201);
        return member;
      },
    }),
    defineRoute({
      method: 'delete', path: '/ads/v4/advertisers/:id/members/:userId/', summary: 'Stop a person acting for the advertiser (owner), or leave it (userId: the viewer); the owner stays', auth: 'viewer',
      params: memberParams, response: advertiserMemberRemovedSchema, rateLimit: memberLimit,
      handler: ({ viewer, params }) => advertisers.removeMember(viewer, params.id, params.userId),
    }),
  ];
}
