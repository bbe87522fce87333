import { randomUUID } from 'node:crypto';
import { ageBucketOf, chooseCampaigns, shuffledPick, VIEWER_FACTS_REFRESH_MARGIN_MS, VIEWER_FACTS_TTL_MS, type AdPlacement, type ChoiceOf, type ViewerFacts } from '@pinhive/contracts';
import { ReadAheadCache, signAdToken, type Logger } from '@pinhive/kit';
import type { ProfileDoc } from '../profiles/profile.model';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { PromotedSet } from './promoted-set';

type KeptFacts = Pick<ProfileDoc, 'country' | 'birthday' | 'gender' | 'interests'> & { known: boolean };

/**
 * The promoted pins of a home feed or search page, chosen in pins-boards from its read model of ads'
 * serving records (PromotedSet) by the same rules ads serves search with (contracts
 * `chooseCampaigns`), each with a token signed with the secret ads verifies (ADS_TOKEN_SECRET),
 * so their impressions and clicks go to ads as any served item's do. The page that asks for them
 * carries them (`meta.promoted`): no request of its own, no call to ads
 * (docs/decisions/ad-serving.md "The feed answer carries its ads").
 */
export class PromotedService {
  private readonly facts: ReadAheadCache<KeptFacts>;

  constructor(private readonly deps: {
    set: Pick<PromotedSet, 'serving'>;
    profiles: Pick<ProfileRepository, 'targetingFacts'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    pick?: ChoiceOf['pick'];
  }) {
    this.facts = new ReadAheadCache<KeptFacts>({
      name: 'promoted pins: a viewer\'s facts', logger: deps.logger, max: 50_000, ttlMs: VIEWER_FACTS_TTL_MS, refreshMarginMs: VIEWER_FACTS_REFRESH_MARGIN_MS,
      read: async (userId) => {
        const p = await deps.profiles.targetingFacts(userId);
        return { known: p !== null, country: p?.country ?? null, birthday: p?.birthday ?? null, gender: p?.gender ?? null, interests: p?.interests ?? [] };
      },
      // Someone whose registration has not reached pins-boards yet is read again at their next page, not taken as unknown for minutes.
      keep: (facts) => facts.known,
    });
  }

  /** The viewer's facts, with the age group at this moment (a birthday moves the viewer on); nothing known of someone signed out. */
  private async factsOf(userId: string | undefined, now: Date): Promise<ViewerFacts> {
    if (userId === undefined) return { country: null };
    const kept = await this.facts.get(userId);
    return { country: kept.country ?? null, ageBucket: ageBucketOf(kept.birthday, now), gender: kept.gender ?? null, interests: kept.interests ?? [] };
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
    const facts = await this.factsOf(userId, now);
    const chosen = chooseCampaigns(serving, { viewerId: userId, facts, placement, query, count, pick: this.deps.pick ?? shuffledPick });
    if (chosen.length === 0) return [];
    const viewerKey = userId ?? `visitor:${randomUUID()}`;
    const servedAt = Math.floor(now.getTime() / 1000);
    return chosen.map(({ c, json: [before, after] }) => `${before}${signAdToken(this.deps.tokenSecret, { adId: c.adId, adGroupId: c.adGroupId, campaignId: c.campaignId, advertiserId: c.advertiserId, viewerKey, placement, servedAt })}${after}`);
  }
}
