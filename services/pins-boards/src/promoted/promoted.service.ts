import { randomUUID } from 'node:crypto';
import { chooseCampaigns, shuffledPick, type AdPlacement, type ChoiceOf } from '@pinhive/contracts';
import { servedAdToken, ViewerFactsCache, type Logger } from '@pinhive/kit';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { PromotedSet } from './promoted-set';

/**
 * The promoted pins of a home feed or search page, chosen in pins-boards from its read model of ads'
 * serving records (PromotedSet) by the same rules ads serves search with (contracts
 * `chooseCampaigns`), each with a token signed with the secret ads verifies (ADS_TOKEN_SECRET),
 * so their impressions and clicks go to ads as any served item's do. The page that asks for them
 * carries them (`meta.promoted`): no request of its own, no call to ads
 * (docs/decisions/ad-serving.md "The feed answer carries its ads").
 */
export class PromotedService {
  private readonly facts: ViewerFactsCache;

  constructor(private readonly deps: {
    set: Pick<PromotedSet, 'serving'>;
    profiles: Pick<ProfileRepository, 'targetingFacts'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    pick?: ChoiceOf['pick'];
  }) {
    this.facts = new ViewerFactsCache({ read: (userId) => deps.profiles.targetingFacts(userId), name: 'promoted pins: a viewer\'s facts', logger: deps.logger, now: deps.now });
  }

  /**
   * Up to `count` promoted pins for a page of a placement (one per pin, never the viewer's own
   * advertisers'): the home feed's, or a search's (`query`: only pins its words answer). Someone
   * signed out is a visitor of their own (a new id per page), as ads serves them. Each as its JSON
   * (contracts `promotedPinOf`, made once per read of the set), its token put in.
   */
  async serve(userId: string | undefined, placement: AdPlacement, count: number, query?: string): Promise<string[]> {
    const serving = this.deps.set.serving();
    if (serving.length === 0 || count === 0) return [];
    const now = this.deps.now();
    const facts = await this.facts.of(userId);
    const chosen = chooseCampaigns(serving, { viewerId: userId, facts, placement, query, count, pick: this.deps.pick ?? shuffledPick });
    if (chosen.length === 0) return [];
    const viewerKey = userId ?? `visitor:${randomUUID()}`;
    const servedAt = Math.floor(now.getTime() / 1000);
    return chosen.map(({ c, json: [before, after] }) => `${before}${servedAdToken(this.deps.tokenSecret, c, { viewerKey, placement, servedAt })}${after}`);
  }
}
