import { defineHandler } from '@pinhive/kit';
import type { Memberships } from './advertiser.membership';

/**
 * ads' own membership events bring the person's row in line with the advertiser: the request
 * does the same after its advertiser write, and these repair what a process that died in
 * between left undone. Each reads the advertiser as it is now (Memberships.sync), so running one
 * again changes nothing: they are idempotent without the dispatcher's records.
 */
export function advertiserHandlers(memberships: Memberships) {
  return [
    defineHandler({
      name: 'list-advertiser-member',
      type: 'ads.advertiser.member-added.v1',
      idempotent: true,
      handle: async ({ data }) => {
        await memberships.sync(data.advertiserId, data.userId);
      },
    }),
    defineHandler({
      name: 'unlist-advertiser-member',
      type: 'ads.advertiser.member-removed.v1',
      idempotent: true,
      handle: async ({ data }) => {
        await memberships.sync(data.advertiserId, data.userId);
      },
    }),
  ];
}
