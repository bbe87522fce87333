import { randomUUID } from 'node:crypto';
import { ageBucketOf, chooseCampaigns, promotedPinOf, shuffledPick, VIEWER_FACTS_REFRESH_MARGIN_MS, VIEWER_FACTS_TTL_MS, type AdEventsBody, type AdPlacement, type AdServeResponse, type ChoiceOf, type ViewerFacts } from '@pinhive/contracts';
import { newEvent, ReadAheadCache, serviceUnavailable, signAdToken, verifyAdToken, type EventBus, type Logger, type Viewer } from '@pinhive/kit';
import type { PersonDoc } from '../people/person.model';
import type { PersonRepository } from '../people/person.repository';
import type { ServingSet } from './serving-set';

/** A viewer's facts as ads' person record holds them; the age group is computed from them per serve. */
type KeptFacts = Pick<PersonDoc, 'country' | 'birthday' | 'gender' | 'interests'> & { known: boolean };

/**
 * Chooses the promoted pins a viewer is shown beside a search (contracts `chooseCampaigns`; the
 * home feed's come with its first page, from pins-boards) and takes back what they saw and
 * clicked. Serving reads only memory (ServingSet) and the viewer's facts (kept, read again ahead
 * of their expiry): no store command in a request's path once warm. Accepted events go straight
 * to Kafka (`ads.ad.engaged.v1`), counted by ads' own consumer.
 */
export class ServingService {
  private readonly facts: ReadAheadCache<KeptFacts>;

  constructor(private readonly deps: {
    set: Pick<ServingSet, 'serving'>;
    people: Pick<PersonRepository, 'findById'>;
    bus: Pick<EventBus, 'publish'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    /** Picks `count` of the candidates (random by default; tests pass their own). */
    pick?: ChoiceOf['pick'];
    /** Monotonic milliseconds, for the age of kept facts (performance.now by default; tests pass their own). */
    clock?: () => number;
  }) {
    this.facts = new ReadAheadCache<KeptFacts>({
      name: 'ads serving: a viewer\'s facts', logger: deps.logger, max: 50_000, ttlMs: VIEWER_FACTS_TTL_MS, refreshMarginMs: VIEWER_FACTS_REFRESH_MARGIN_MS, clock: deps.clock,
      read: async (userId) => {
        const person = await deps.people.findById(userId);
        return { known: person !== null, country: person?.country ?? null, birthday: person?.birthday ?? null, gender: person?.gender ?? null, interests: person?.interests ?? [] };
      },
      // Someone whose registration has not reached ads yet is read again at their next serve, not taken as unknown for minutes.
      keep: (facts) => facts.known,
    });
  }

  /** The viewer's facts, with the age group at this moment by serving's clock (a birthday moves the viewer on). */
  private async factsOf(viewer: Viewer | undefined): Promise<ViewerFacts> {
    if (!viewer) return { country: null };
    const facts = await this.facts.get(viewer.userId);
    return { country: facts.country ?? null, ageBucket: ageBucketOf(facts.birthday, this.deps.now()), gender: facts.gender ?? null, interests: facts.interests ?? [] };
  }

  /**
   * Up to `count` promoted pins for this viewer at a placement, one per pin. Beside a search
   * (`query`), only pins whose words answer the query's, the most answered first; none for a
   * search without words.
   */
  async serve(viewer: Viewer | undefined, placement: AdPlacement, count: number, query?: string): Promise<AdServeResponse> {
    const facts = await this.factsOf(viewer);
    const chosen = chooseCampaigns(this.deps.set.serving(), { viewerId: viewer?.userId, facts, placement, query, count, pick: this.deps.pick ?? shuffledPick });
    const viewerKey = viewer?.userId ?? `visitor:${randomUUID()}`;
    const servedAt = Math.floor(this.deps.now().getTime() / 1000);
    return {
      items: chosen.map(({ c }) => promotedPinOf(c, signAdToken(this.deps.tokenSecret, { adId: c.adId, adGroupId: c.adGroupId, campaignId: c.campaignId, advertiserId: c.advertiserId, viewerKey, placement, servedAt }))),
    };
  }

  /**
   * Takes impressions and clicks back: each with a token this service signed for this viewer
   * (someone signed in sends only their own), not expired. Others are skipped, not refused: a
   * page left open over a day sends stale ones. Kafka away: 503, and the browser tries again.
   */
  async accept(viewer: Viewer | undefined, body: AdEventsBody): Promise<{ accepted: number; skipped: number }> {
    const now = this.deps.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const events = body.events.flatMap(({ kind, token }) => {
      const claims = verifyAdToken(this.deps.tokenSecret, token, nowSeconds);
      if (!claims || (viewer && claims.viewerKey !== viewer.userId) || (!viewer && !claims.viewerKey.startsWith('visitor:'))) return [];
      const { adId, adGroupId, campaignId, advertiserId, viewerKey, placement } = claims;
      return [newEvent('ads', 'ads.ad.engaged.v1', adId, { kind, adId, adGroupId, campaignId, advertiserId, viewerKey, placement }, now)];
    });
    if (events.length > 0) {
      try {
        await this.deps.bus.publish(events);
      } catch (err) {
        this.deps.logger.warn({ err, events: events.length }, 'ads events: Kafka did not take them');
        throw serviceUnavailable('The events could not be recorded. Try again.');
      }
    }
    return { accepted: events.length, skipped: body.events.length - events.length };
  }
}

