import { randomUUID } from 'node:crypto';
import { chooseCampaigns, promotedPinOf, shuffledPick, type AdEventsBody, type AdPlacement, type AdServeResponse, type ChoiceOf } from '@pinhive/contracts';
import { newEvent, serviceUnavailable, servedAdToken, verifyAdToken, ViewerFactsCache, type EventBus, type Logger, type Viewer } from '@pinhive/kit';
import type { PersonRepository } from '../people/person.repository';
import type { ServingSet } from './serving-set';

/**
 * ads' own serve call (`GET /ads/v4/serve/`: contracts `chooseCampaigns`, the same rules
 * pins-boards serves the web's pages with), and what viewers saw and clicked taken back. Serving reads only memory (ServingSet) and the viewer's facts (kept, read again ahead
 * of their expiry): no store command in a request's path once warm. Accepted events go straight
 * to Kafka (`ads.ad.engaged.v1`), counted by ads' own consumer.
 */
export class ServingService {
  private readonly facts: ViewerFactsCache;

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
    this.facts = new ViewerFactsCache({ read: (userId) => deps.people.findById(userId), name: 'ads serving: a viewer\'s facts', logger: deps.logger, now: deps.now, clock: deps.clock });
  }

  /**
   * Up to `count` promoted pins for this viewer at a placement, one per pin. Beside a search
   * (`query`), only pins whose words answer the query's, the most answered first; none for a
   * search without words.
   */
  async serve(viewer: Viewer | undefined, placement: AdPlacement, count: number, query?: string): Promise<AdServeResponse> {
    const facts = await this.facts.of(viewer?.userId);
    const chosen = chooseCampaigns(this.deps.set.serving(), { viewerId: viewer?.userId, facts, placement, query, count, pick: this.deps.pick ?? shuffledPick });
    const viewerKey = viewer?.userId ?? `visitor:${randomUUID()}`;
    const servedAt = Math.floor(this.deps.now().getTime() / 1000);
    return {
      items: chosen.map(({ c }) => promotedPinOf(c, servedAdToken(this.deps.tokenSecret, c, { viewerKey, placement, servedAt }))),
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

