import { ageBucketOf, chooseCampaigns, promotedPinOf, shuffledPick, type ChoiceOf, type PromotedPin } from '@pinhive/contracts';
import { ReadAheadCache, signAdToken, type Logger } from '@pinhive/kit';
import type { ProfileDoc } from '../profiles/profile.model';
import type { ProfileRepository } from '../profiles/profile.repository';
import type { PromotedSet } from './promoted-set';

/** A viewer's targeting facts are kept this long (their interests grow with their saves)... */
const FACTS_TTL_MS = 60_000;
/** ...and read again in the background when 30 to 50 s old (kit ReadAheadCache). */
const FACTS_REFRESH_MARGIN_MS = { min: 10_000, max: 30_000 } as const;

type KeptFacts = Pick<ProfileDoc, 'country' | 'birthday' | 'gender' | 'interests'>;

/**
 * The home feed's promoted pins for a viewer, chosen in pins-boards from its read model of ads'
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
    profiles: Pick<ProfileRepository, 'findById'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    pick?: ChoiceOf['pick'];
  }) {
    this.facts = new ReadAheadCache<KeptFacts>({
      name: 'promoted pins: a viewer\'s facts', logger: deps.logger, max: 50_000, ttlMs: FACTS_TTL_MS, refreshMarginMs: FACTS_REFRESH_MARGIN_MS,
      read: async (userId) => {
        const p = await deps.profiles.findById(userId);
        return { country: p?.country ?? null, birthday: p?.birthday ?? null, gender: p?.gender ?? null, interests: p?.interests ?? [] };
      },
    });
  }

  /** Up to `count` promoted pins for the signed-in viewer's home feed, one per pin, never their own advertisers'. */
  async forHomeFeed(userId: string, count: number): Promise<PromotedPin[]> {
    const serving = this.deps.set.serving();
    if (serving.length === 0) return [];
    const kept = await this.facts.get(userId);
    const now = this.deps.now();
    const facts = { country: kept.country ?? null, ageBucket: ageBucketOf(kept.birthday, now), gender: kept.gender ?? null, interests: kept.interests ?? [] };
    const chosen = chooseCampaigns(serving, { viewerId: userId, facts, placement: 'home_feed', count, pick: this.deps.pick ?? shuffledPick });
    const servedAt = Math.floor(now.getTime() / 1000);
    return chosen.map(({ c }) => promotedPinOf(c, signAdToken(this.deps.tokenSecret, { adId: c.adId, adGroupId: c.adGroupId, campaignId: c.campaignId, advertiserId: c.advertiserId, viewerKey: userId, placement: 'home_feed', servedAt })));
  }
}
