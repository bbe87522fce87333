import type { Viewer } from '@pinhive/kit';
import { siteDomainOfLink, type CreatorCard } from '@pinhive/contracts';
import type { FollowFacts } from '../follows/follow.service';
import type { People } from '../shared/people';
import type { ClaimRepository } from './claim.repository';

export interface CreatorCardDeps {
  claims: ClaimRepository;
  /** A pin's link when the viewer may see the pin (its 404 otherwise): PinService.linkOf, from the kept pins. */
  linkOf: (viewer: Viewer | undefined, pinId: string) => Promise<string | null>;
  /** A person's follower count and whether the viewer follows them: FollowService.userFacts (two reads by `_id`). */
  userFacts: (viewer: Viewer | undefined, userId: string) => Promise<FollowFacts>;
  people: People;
}

/**
 * CreatorCardResource (the saved-pin success dialog's creator card): the verified owner of the
 * pin's link domain, unless the viewer is them or follows them. Reads, each by `_id`: the pin and
 * its board's facts (both from read caches), the site's owner, and only when there is one the
 * owner's follow counts, the viewer's follow of them and their profile (the People cache). A pin
 * without a link, or whose site nobody verified, costs the pin and one owner read.
 */
export class CreatorCardService {
  constructor(private readonly deps: CreatorCardDeps) {}

  async card(viewer: Viewer | undefined, by: { pin_id?: string | undefined; domain?: string | undefined }): Promise<CreatorCard | null> {
    const domain = by.pin_id !== undefined ? siteDomainOfLink(await this.deps.linkOf(viewer, by.pin_id)) : (by.domain ?? null);
    if (!domain) return null;
    const owner = await this.deps.claims.ownerOf(domain);
    if (!owner || owner.ownerId === viewer?.userId) return null;
    const [facts, person] = await Promise.all([this.deps.userFacts(viewer, owner.ownerId), this.deps.people.get(owner.ownerId)]);
    // Followed already, or an account deactivated (People's placeholder has no username).
    if (facts.followedByMe || person.username === '') return null;
    return {
      user_id: person.id,
      username: person.username,
      full_name: person.full_name,
      image_url: person.image_medium_url,
      profile_url: `/${person.username}/`,
      follower_count: facts.followers,
      domain,
    };
  }
}
