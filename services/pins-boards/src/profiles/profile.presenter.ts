import type { PublicProfile } from '@pinhive/contracts';
import type { ProfileDoc } from './profile.model';

export function presentProfile(p: ProfileDoc): PublicProfile {
  return {
    id: p._id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    full_name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username,
    // An absent field (null is not always stored by an upsert) still reads as null.
    image_large_url: p.imageLargeUrl ?? null,
    created_at: p.createdAt.toISOString(),
  };
}
