import {
  advertiserProfileSchema,
  conversionTagListSchema,
  conversionTagSchema,
  promotionSchema,
  type AdvertiserProfile,
  type BillingProfileInput,
  type BusinessProfileInput,
  type ConversionTag,
  type Promotion,
  type QuickPromoteBody,
} from '@pinhive/contracts';
import { apiRequest } from '../api/client';

/*
 * The ads service's quick-promote calls (services/ads/src/promotions/promotion.routes.ts), through
 * the gateway's `/ads/v4/`: the same envelope, session and CSRF header as every other call.
 */

const advertiserPath = (advertiserId: string) => `/ads/v4/advertisers/${encodeURIComponent(advertiserId)}/`;

/** `GET .../profile/`: the business and billing details and the country's defaults. */
export function fetchAdvertiserProfile(advertiserId: string, signal?: AbortSignal): Promise<AdvertiserProfile> {
  return apiRequest(`${advertiserPath(advertiserId)}profile/`, { schema: advertiserProfileSchema, signal });
}

/** `PUT .../business_profile/`: answers the whole profile (new defaults when the country changed). */
export function putBusinessProfile(advertiserId: string, body: BusinessProfileInput): Promise<AdvertiserProfile> {
  return apiRequest(`${advertiserPath(advertiserId)}business_profile/`, { method: 'PUT', body, schema: advertiserProfileSchema });
}

/** `PUT .../billing_profile/`. */
export function putBillingProfile(advertiserId: string, body: BillingProfileInput): Promise<AdvertiserProfile> {
  return apiRequest(`${advertiserPath(advertiserId)}billing_profile/`, { method: 'PUT', body, schema: advertiserProfileSchema });
}

export async function fetchConversionTags(advertiserId: string, signal?: AbortSignal): Promise<ConversionTag[]> {
  return (await apiRequest(`${advertiserPath(advertiserId)}conversion_tags/`, { schema: conversionTagListSchema, signal })).items;
}

export function createConversionTag(advertiserId: string, name: string): Promise<ConversionTag> {
  return apiRequest(`${advertiserPath(advertiserId)}conversion_tags/`, { method: 'POST', body: { name }, schema: conversionTagSchema });
}

/**
 * `POST .../pins/{pinId}/quick_promote/`. `idempotencyKey` is the same for every try of one
 * promotion (web/src/api/idempotency.ts): a retry after a lost answer creates nothing twice.
 */
export function quickPromote(advertiserId: string, pinId: string, body: QuickPromoteBody, idempotencyKey: Record<string, string>): Promise<Promotion> {
  return apiRequest(`${advertiserPath(advertiserId)}pins/${encodeURIComponent(pinId)}/quick_promote/`, { method: 'POST', body, schema: promotionSchema, headers: idempotencyKey });
}
