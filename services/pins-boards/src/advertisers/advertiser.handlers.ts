import { defineHandler } from '@pinhive/kit';
import type { AdvertiserAccessRepository } from './advertiser-access.repository';

/**
 * Who may act for which advertiser, from ads' membership events (keyed by the advertiser, so one
 * advertiser's arrive in order). Each runs once per event id (the kit's dispatcher), and writes
 * only if no newer event of the same person and advertiser did (AdvertiserAccessRepository
 * `setIfNewer`), so a redelivery or a replay of an older event changes nothing.
 */
export function advertiserHandlers(access: AdvertiserAccessRepository) {
  return [
    defineHandler({
      name: 'advertiser-member-added',
      type: 'ads.advertiser.member-added.v1',
      handle: async ({ data, occurredAt }) => {
        await access.setIfNewer({ advertiserId: data.advertiserId, userId: data.userId, ownerId: data.ownerId, role: data.role, at: new Date(occurredAt) });
      },
    }),
    defineHandler({
      name: 'advertiser-member-removed',
      type: 'ads.advertiser.member-removed.v1',
      handle: async ({ data, occurredAt }) => {
        await access.setIfNewer({ advertiserId: data.advertiserId, userId: data.userId, ownerId: data.ownerId, role: null, at: new Date(occurredAt) });
      },
    }),
  ];
}
