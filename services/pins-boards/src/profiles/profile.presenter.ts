import type { PublicProfile } from '@pinhive/contracts';
import type { ProfileDoc } from './profile.model';

/** What a profile says of follows (follows/follow.service.ts userFacts). */
export interface ProfileFollowFacts {
  followers: number;
  following: number;
  followedByMe: boolean;
}

export function presentProfile(p: ProfileDoc, follows: ProfileFollowFacts): PublicProfile {
  return {
    id: p._id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    full_name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username,
    // An absent field (null is not always stored by an upsert) still reads as null.
    image_large_url: p.imageLargeUrl ?? null,
    created_at: p.createdAt.toISOString(),
    follower_count: follows.followers,
    following_count: follows.following,
    followed_by_me: follows.followedByMe,
  };
}
