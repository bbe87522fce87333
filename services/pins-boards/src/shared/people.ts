import { LRUCache } from 'lru-cache';
import type { UserSummary } from '@pinhive/contracts';
import type { ProfileRepository } from '../profiles/profile.repository';

/** How long a person's name may be shown after they changed it (a board page names its pinners). */
export const PEOPLE_TTL_MS = 30_000;
const PEOPLE_CACHED = 10_000;

const placeholder = (id: string): UserSummary => ({ id, username: '', full_name: '', image_medium_url: null });

/**
 * The people answers name (pinners, owners), kept in memory for PEOPLE_TTL_MS: every board page,
 * pin and save names one to three people, and reading their profiles each time was most of a
 * page's reads. A name change or a deactivation shows within the TTL. Someone whose profile has
 * not arrived yet (auth's event is on its way) shows as a placeholder, which is not kept.
 */
export class People {
  private readonly cache = new LRUCache<string, UserSummary>({ max: PEOPLE_CACHED, ttl: PEOPLE_TTL_MS });
  /** Lookups in flight: concurrent answers naming the same person share one read. */
  private readonly reading = new Map<string, Promise<UserSummary>>();

  constructor(private readonly profiles: ProfileRepository) {}

  get(id: string): Promise<UserSummary> {
    const cached = this.cache.get(id);
    if (cached) return Promise.resolve(cached);
    let read = this.reading.get(id);
    if (!read) {
      read = this.profiles
        .findById(id)
        .then((p) => {
          if (!p || p.deactivatedAt) return placeholder(id);
          const person = { id, username: p.username, full_name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username, image_medium_url: p.imageLargeUrl ?? null };
          this.cache.set(id, person);
          return person;
        })
        .finally(() => this.reading.delete(id));
      this.reading.set(id, read);
    }
    return read;
  }
}
