import { randomUUID } from 'node:crypto';
import { chooseCampaigns, promotedPinOf, shuffledPick, type AdEventsBody, type AdPlacement, type AdServeResponse, type ChoiceOf, type EventEnvelope } from '@pinhive/contracts';
import { newEvent, serviceUnavailable, servedAdToken, verifyAdToken, ViewerFactsCache, type EventBus, type Logger, type Viewer } from '@pinhive/kit';
import type { PersonRepository } from '../people/person.repository';
import type { HeldEventsRepository } from './held-events.repository';
import type { ServingSet } from './serving-set';

/**
 * After Kafka failed a publish, the next events go straight to the store for this long: each
 * publish to a Kafka that is away waits out the producer's retries (seconds), and an outage
 * would make every post wait them. Then Kafka is tried again.
 */
export const KAFKA_AWAY_MS = 5_000;

/**
 * ads' own serve call (`GET /ads/v4/serve/`: contracts `chooseCampaigns`, the same rules
 * pins-boards serves the web's pages with), and what viewers saw and clicked taken back. Serving reads only memory (ServingSet) and the viewer's facts (kept, read again ahead
 * of their expiry): no store command in a request's path once warm. Accepted events go straight
 * to Kafka (`ads.ad.engaged.v1`), counted by ads' own consumer; while Kafka is away they are held
 * in the store for the outbox relay (held-events.repository.ts).
 */
export class ServingService {
  private readonly facts: ViewerFactsCache;
  private readonly clock: () => number;
  /** The monotonic time until which posts are held without trying Kafka (KAFKA_AWAY_MS after a failed publish). */
  private kafkaAwayUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: {
    set: Pick<ServingSet, 'serving'>;
    people: Pick<PersonRepository, 'findById'>;
    bus: Pick<EventBus, 'publish'>;
    /** Where accepted events wait for Kafka when it does not take them. */
    held: Pick<HeldEventsRepository, 'hold'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    /** Picks `count` of the candidates (random by default; tests pass their own). */
    pick?: ChoiceOf['pick'];
    /** Monotonic milliseconds, for the age of kept facts and of Kafka's last failure (performance.now by default; tests pass their own). */
    clock?: () => number;
  }) {
    this.facts = new ViewerFactsCache({ read: (userId) => deps.people.findById(userId), name: 'ads serving: a viewer\'s facts', logger: deps.logger, now: deps.now, clock: deps.clock });
    this.clock = deps.clock ?? (() => performance.now());
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
   * page left open over a day sends stale ones. Kafka away: the events are held in the store and
   * published once it is back, and the call answers as usual; only with the store away too does it
   * answer 503 (the browser tries again a few times).
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
    if (events.length === 0) return { accepted: 0, skipped: body.events.length };
    if (this.clock() < this.kafkaAwayUntil) {
      await this.hold(events, now, undefined);
    } else {
      try {
        await this.deps.bus.publish(events);
      } catch (err) {
        this.kafkaAwayUntil = this.clock() + KAFKA_AWAY_MS;
        await this.hold(events, now, err);
      }
    }
    return { accepted: events.length, skipped: body.events.length - events.length };
  }

  /**
   * Kafka did not take them: one store write for the batch (the outbox the blueprint asks for),
   * not an error for the browser, whose retries end after a few seconds. Consumers count each
   * event once by its natural key, so events Kafka took in part before failing may go out twice.
   */
  private async hold(events: EventEnvelope[], now: Date, publishError: unknown): Promise<void> {
    try {
      await this.deps.held.hold(events, now);
    } catch (err) {
      this.deps.logger.warn({ err, publishError, events: events.length }, 'ads events: neither Kafka nor the store took them');
      throw serviceUnavailable('The events could not be recorded. Try again.');
    }
    // Said once per failed publish, not for each post held meanwhile without trying Kafka.
    if (publishError !== undefined) this.deps.logger.warn({ err: publishError, events: events.length, heldWithoutKafkaMs: KAFKA_AWAY_MS }, 'ads events: Kafka did not take them; held in the store until it is back');
  }
}

