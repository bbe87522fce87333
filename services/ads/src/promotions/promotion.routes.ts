import {
  advertiserIdSchema, advertiserProfileSchema, PROMOTE_SIGNED_OUT_DETAIL, billingProfileSchema, businessProfileSchema, conversionTagCreateSchema, conversionTagListSchema,
  conversionTagSchema, idSchema, promotionSchema, quickPromoteBodySchema,
} from '@pinhive/contracts';
import { defineRoute, idempotencyKey, memoryLimit, perViewer } from '@pinhive/kit';
import { z } from 'zod';
import type { PromotionService } from './promotion.service';

/** Promotions a viewer may start in an hour (a person promoting pins by hand, and retries). */
const PROMOTES = { points: 60, durationSeconds: 3600 };
/** Changes of business, billing and tags by a viewer in an hour. */
const PROFILE_CHANGES = { points: 120, durationSeconds: 3600 };

const advertiserParams = z.object({ id: advertiserIdSchema });
const promoteParams = z.object({ id: advertiserIdSchema, pinId: idSchema });

export function promotionRoutes(promotions: PromotionService) {
  const promoteLimit = { ...memoryLimit('quick-promotes', PROMOTES.points, PROMOTES.durationSeconds), ...perViewer };
  const profileLimit = { ...memoryLimit('advertiser-profile-changes', PROFILE_CHANGES.points, PROFILE_CHANGES.durationSeconds), ...perViewer };
  return [
    defineRoute({
      method: 'post', path: '/ads/v4/advertisers/:id/pins/:pinId/quick_promote/',
      summary: "Promote a pin: a campaign, its ad group and its ad (people who may act for the advertiser, a pin they may read, not on a secret board; Idempotency-Key: a retry answers the first)",
      auth: 'viewer', unauthorizedDetail: PROMOTE_SIGNED_OUT_DETAIL, status: 201, params: promoteParams, body: quickPromoteBodySchema, response: promotionSchema, rateLimit: promoteLimit,
      handler: ({ viewer, params, body, req }) => promotions.quickPromote(viewer, req, params.id, params.pinId, body, idempotencyKey(req.get('idempotency-key'))),
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/profile/', summary: "The advertiser's business and billing details and its country's quick-promote defaults", auth: 'viewer',
      params: advertiserParams, response: advertiserProfileSchema,
      handler: ({ viewer, params }) => promotions.profile(viewer, params.id),
    }),
    defineRoute({
      method: 'put', path: '/ads/v4/advertisers/:id/business_profile/', summary: "Set the advertiser's business details (the quick-promote business form)", auth: 'viewer',
      params: advertiserParams, body: businessProfileSchema, response: advertiserProfileSchema, rateLimit: profileLimit,
      handler: ({ viewer, params, body }) => promotions.setBusiness(viewer, params.id, body),
    }),
    defineRoute({
      method: 'put', path: '/ads/v4/advertisers/:id/billing_profile/', summary: "Set the advertiser's billing details (the quick-promote billing form; invoiced, no card)", auth: 'viewer',
      params: advertiserParams, body: billingProfileSchema, response: advertiserProfileSchema, rateLimit: profileLimit,
      handler: ({ viewer, params, body }) => promotions.setBilling(viewer, params.id, body),
    }),
    defineRoute({
      method: 'get', path: '/ads/v4/advertisers/:id/conversion_tags/', summary: "The advertiser's conversion tags (at most 20)", auth: 'viewer',
      params: advertiserParams, response: conversionTagListSchema,
      handler: ({ viewer, params }) => promotions.tags(viewer, params.id),
    }),
    defineRoute({
      method: 'post', path: '/ads/v4/advertisers/:id/conversion_tags/', summary: 'Make a conversion tag (the quick-promote tag modal)', auth: 'viewer', status: 201,
      params: advertiserParams, body: conversionTagCreateSchema, response: conversionTagSchema, rateLimit: profileLimit,
      handler: ({ viewer, params, body }) => promotions.addTag(viewer, params.id, body.name),
    }),
  ];
}
