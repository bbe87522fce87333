import type { AdvertiserRole } from '@pinhive/contracts';

export const ADVERTISER_ACCESS_COLLECTION = 'advertiser_access';

/**
 * Who may act for an advertiser (saving-boards-ads.md section 6), as ads' events
 * `ads.advertiser.member-added.v1` / `-removed.v1` tell it: one document per advertiser and
 * person, `_id` `<advertiserId>:<userId>`, read by `_id` alone (one equality read per check).
 *
 * A removal keeps the document with `role: null` (no access) and the removal's time: `changedAt`
 * is the `occurredAt` of the event that last set it, so a replayed older event (an add after its
 * removal, a removal after a later add) changes nothing. A person added again gets it back.
 */
export interface AdvertiserAccessDoc {
  _id: string;
  advertiserId: string;
  userId: string;
  /** The advertiser's owner, as the event said. */
  ownerId: string;
  /** `owner` (made it), `member` (acts on its behalf), or null: removed, no access. */
  role: AdvertiserRole | null;
  changedAt: Date;
}

export const advertiserAccessId = (advertiserId: string, userId: string): string => `${advertiserId}:${userId}`;
