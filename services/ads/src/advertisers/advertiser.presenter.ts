import type { Advertiser, AdvertiserMember } from '@pinhive/contracts';
import { fullName, type PersonDoc } from '../people/person.model';
import { roleOf, type AdvertiserDoc } from './advertiser.model';

/** An advertiser as the viewer sees it: their role in it says whether they act on its behalf. */
export function presentAdvertiser(a: AdvertiserDoc, viewerId: string): Advertiser {
  return {
    id: a._id,
    name: a.name,
    owner_id: a.ownerId,
    role: roleOf(a, viewerId),
    member_count: a.memberCount,
    created_at: a.createdAt.toISOString(),
  };
}

/** One person of a member list; someone whose account event has not arrived yet shows without names. */
export function presentMember(a: AdvertiserDoc, userId: string, person: PersonDoc | null): AdvertiserMember {
  return {
    user_id: userId,
    username: person?.username ?? '',
    full_name: person ? fullName(person) : '',
    role: roleOf(a, userId),
  };
}
