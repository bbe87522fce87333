import { z } from 'zod';
import {
  advertiserListSchema,
  advertiserMemberListSchema,
  advertiserMemberSchema,
  advertiserSchema,
  type Advertiser,
  type AdvertiserCreateBody,
  type AdvertiserMember,
  type AdvertiserMemberAddBody,
} from '@pinhive/contracts';
import { apiRequest } from '../api/client';
import { idempotencyKey } from '../api/idempotency';

/*
 * The ads service's advertisers (services/contracts/src/advertisers.ts), through the gateway's
 * `/ads/v4/`: the same envelope, session and CSRF header as every other call (api/client.ts).
 */

const ADVERTISERS_PATH = '/ads/v4/advertisers/';
const advertiserPath = (advertiserId: string) => `${ADVERTISERS_PATH}${encodeURIComponent(advertiserId)}/`;
const membersPath = (advertiserId: string) => `${advertiserPath(advertiserId)}members/`;

/** `GET /ads/v4/advertisers/`: every advertiser the viewer owns or may act for. */
export async function fetchAdvertisers(signal?: AbortSignal): Promise<Advertiser[]> {
  return (await apiRequest(ADVERTISERS_PATH, { schema: advertiserListSchema, signal })).items;
}

/** `GET /ads/v4/advertisers/{id}/`: one the viewer owns or acts for, with their role (404 for anyone else). */
export function fetchAdvertiser(advertiserId: string, signal?: AbortSignal): Promise<Advertiser> {
  return apiRequest(advertiserPath(advertiserId), { schema: advertiserSchema, signal });
}

/** `POST /ads/v4/advertisers/`: a new advertiser, owned by the viewer. */
export function createAdvertiser(body: AdvertiserCreateBody): Promise<Advertiser> {
  return apiRequest(ADVERTISERS_PATH, { method: 'POST', body, schema: advertiserSchema, headers: idempotencyKey('advertiser') });
}

/** `GET /ads/v4/advertisers/{id}/members/`: the people who may act for it, owner first. */
export async function fetchAdvertiserMembers(advertiserId: string, signal?: AbortSignal): Promise<AdvertiserMember[]> {
  return (await apiRequest(membersPath(advertiserId), { schema: advertiserMemberListSchema, signal })).items;
}

/** `POST /ads/v4/advertisers/{id}/members/`: the owner lets someone act for it, by username. */
export function addAdvertiserMember(advertiserId: string, body: AdvertiserMemberAddBody): Promise<AdvertiserMember> {
  return apiRequest(membersPath(advertiserId), { method: 'POST', body, schema: advertiserMemberSchema });
}

/** `DELETE /ads/v4/advertisers/{id}/members/{userId}/`: the owner removes someone, or a member leaves (their own id). */
export async function removeAdvertiserMember(advertiserId: string, userId: string): Promise<void> {
  await apiRequest(`${membersPath(advertiserId)}${encodeURIComponent(userId)}/`, { method: 'DELETE', schema: z.unknown() });
}
