import type { AdvertiserRole } from '@pinhive/contracts';
import type { OutboxFields } from '@pinhive/kit';

/**
 * An advertiser (saving-boards-ads.md section 6), and who may act for it. The advertiser's
 * document is the truth of its membership: `memberIds` changes in one single-document write
 * together with `memberCount` and the membership event (outbox), so the event exists exactly
 * when the change does and one advertiser's events are published in the order of its changes.
 */
export interface AdvertiserDoc extends Partial<OutboxFields> {
  /** Digits (the kit's newId), as the advertiser console's URLs read them. */
  _id: string;
  name: string;
  ownerId: string;
  /** The owner first, then people in the order they were added; at most ADVERTISER_MEMBERS_MAX. */
  memberIds: string[];
  /** `memberIds.length`, kept in the same writes: the guard of the cap and what answers show. */
  memberCount: number;
  createdAt: Date;
  /**
   * `<owner>:<Idempotency-Key>` of the request that made it, or `<owner>:<id>` without one
   * (always there, so the unique index needs no sparse option): a retried creation finds it.
   */
  requestKey: string;
}

export const ADVERTISERS_COLLECTION = 'advertisers';

/**
 * One person who may act for one advertiser, by person: what lists a person's advertisers
 * (`GET /ads/v4/advertisers/`) and counts them against ADVERTISERS_PER_PERSON_MAX. It follows
 * the advertiser's `memberIds` (advertiser.membership.ts): written by the request after the
 * advertiser's write, and by the service's own handler of the membership event, which repairs
 * what a process that died in between left undone.
 */
export interface AdvertiserMemberDoc {
  /** `${advertiserId}:${userId}` (memberRowId). */
  _id: string;
  advertiserId: string;
  userId: string;
  role: AdvertiserRole;
  addedAt: Date;
}

export const ADVERTISER_MEMBERS_COLLECTION = 'advertiser_members';

export const memberRowId = (advertiserId: string, userId: string): string => `${advertiserId}:${userId}`;

export const roleOf = (advertiser: Pick<AdvertiserDoc, 'ownerId'>, userId: string): AdvertiserRole => (advertiser.ownerId === userId ? 'owner' : 'member');
