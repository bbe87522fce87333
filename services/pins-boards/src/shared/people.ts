import type { UserSummary } from '@pinhive/contracts';
import type { ProfileRepository } from '../profiles/profile.repository';

/**
 * The people one answer names (pinners, owners), each read once per answer: a board page of 50
 * pins usually has one or two pinners. Someone whose profile has not arrived yet (auth's event
 * is on its way) or is deactivated shows as a placeholder, never an error.
 */
export class People {
  private readonly seen = new Map<string, Promise<UserSummary>>();
  constructor(private readonly profiles: ProfileRepository) {}

  get(id: string): Promise<UserSummary> {
    let found = this.seen.get(id);
    if (!found) {
      found = this.profiles.findById(id).then((p) =>
        p && !p.deactivatedAt
          ? { id, username: p.username, full_name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username, image_medium_url: p.imageLargeUrl ?? null }
          : { id, username: '', full_name: '', image_medium_url: null },
      );
      this.seen.set(id, found);
    }
    return found;
  }
}
