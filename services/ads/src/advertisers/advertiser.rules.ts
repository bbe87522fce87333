import { ADVERTISER_MEMBERS_MAX, ADVERTISERS_PER_PERSON_MAX } from '@pinhive/contracts';
import type { AdvertiserSubject } from './advertiser.policy';

/** What adding a person to an advertiser comes to, before any write. */
export type AddPlan = { kind: 'already' } | { kind: 'add' } | { kind: 'refused'; code: 'advertiser_members_full' | 'advertiser_too_many' };

/**
 * Adding a person: someone already in (the owner too) is answered as they are, with nothing
 * written; otherwise the advertiser must have room (ADVERTISER_MEMBERS_MAX, the owner counted)
 * and the person must act for fewer than ADVERTISERS_PER_PERSON_MAX advertisers.
 */
export function planAdd(advertiser: AdvertiserSubject & { memberCount: number }, personId: string, personAdvertisers: number): AddPlan {
  if (advertiser.ownerId === personId || advertiser.memberIds.includes(personId)) return { kind: 'already' };
  if (advertiser.memberCount >= ADVERTISER_MEMBERS_MAX) return { kind: 'refused', code: 'advertiser_members_full' };
  if (personAdvertisers >= ADVERTISERS_PER_PERSON_MAX) return { kind: 'refused', code: 'advertiser_too_many' };
  return { kind: 'add' };
}

/** A person may make another advertiser while they own or act for fewer than ADVERTISERS_PER_PERSON_MAX. */
export const mayMakeAnother = (personAdvertisers: number): boolean => personAdvertisers < ADVERTISERS_PER_PERSON_MAX;

/** A member list as answers show it: the owner first, then in the order people were added. */
export function ownerFirst(advertiser: AdvertiserSubject): string[] {
  return [advertiser.ownerId, ...advertiser.memberIds.filter((id) => id !== advertiser.ownerId)];
}
