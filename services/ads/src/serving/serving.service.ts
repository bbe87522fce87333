import { randomUUID } from 'node:crypto';
import { ageBucketOf, type AdEventsBody, type AdPlacement, type AdServeResponse, type PromotedPin } from '@pinhive/contracts';
import { newEvent, serviceUnavailable, type EventBus, type Logger, type Viewer } from '@pinhive/kit';
import { LRUCache } from 'lru-cache';
import type { PersonDoc } from '../people/person.model';
import type { PersonRepository } from '../people/person.repository';
import { signAdToken, verifyAdToken } from './ad-token';
import type { LiveCampaign, ServingSet } from './serving-set';
import { queryWordsOf, relevance } from './relevance';
import { targets, type ViewerFacts } from './targeting';

/**
 * What serving remembers of a viewer, and for how long: their country, birthday and gender never
 * change after the registration, and an interest a save adds is served on within this. Facts
 * this old are never used: the serve waits for a read.
 */
const FACTS_TTL_MS = 60_000;
/**
 * A viewer served again once their facts are older than FACTS_TTL_MS less a margin drawn
 * between these (so 30 to 50 s old) has them read again in the background, the serve going on with
 * the ones it has: a viewer seen at least every 10 s never waits for the store, and the reads of
 * viewers first seen together do not come due together (the benchmark's p99 of 1.5 s was 300
 * viewers' facts expiring in the same second, every serve of theirs then queued behind the store).
 */
const FACTS_REFRESH_MARGIN_MS = { min: 10_000, max: 30_000 } as const;

/** A viewer's facts as ads' person record holds them; the age group is computed from them per serve. */
type KeptFacts = Pick<PersonDoc, 'country' | 'birthday' | 'gender' | 'interests'>;

/** Kept facts, when they were read (the read's start, monotonic ms) and when to read them again. */
interface Kept {
  facts: KeptFacts;
  readAt: number;
  refreshAt: number;
}

/**
 * Chooses the promoted pins a viewer is shown and takes back what they saw and clicked.
 * Serving reads only memory (ServingSet) and the viewer's facts (cached, read again ahead of
 * their expiry): no store command in a request's path once warm. Accepted events go straight to
 * Kafka (`ads.ad.engaged.v1`), counted by ads' own consumer.
 */
export class ServingService {
  private readonly facts = new LRUCache<string, Kept>({ max: 50_000 });
  /** The reads of facts under way, one per viewer (concurrent serves of a viewer share it). */
  private readonly reading = new Map<string, Promise<KeptFacts>>();
  private readonly clock: () => number;

  constructor(private readonly deps: {
    set: Pick<ServingSet, 'serving'>;
    people: Pick<PersonRepository, 'findById'>;
    bus: Pick<EventBus, 'publish'>;
    tokenSecret: string;
    logger: Logger;
    now: () => Date;
    /** Picks `count` of the candidates (random by default; tests pass their own). */
    pick?: <T>(candidates: T[], count: number) => T[];
    /** Monotonic milliseconds, for the age of kept facts (performance.now by default; tests pass their own). */
    clock?: () => number;
  }) {
    this.clock = deps.clock ?? (() => performance.now());
  }

  /** Reads a viewer's person record (one read at a time per viewer) and keeps their facts. */
  private readFacts(userId: string): Promise<KeptFacts> {
    let pending = this.reading.get(userId);
    if (!pending) {
      const startedAt = this.clock();
      pending = this.deps.people.findById(userId).then((person) => {
        const facts = { country: person?.country ?? null, birthday: person?.birthday ?? null, gender: person?.gender ?? null, interests: person?.interests ?? [] };
        const margin = FACTS_REFRESH_MARGIN_MS.min + Math.random() * (FACTS_REFRESH_MARGIN_MS.max - FACTS_REFRESH_MARGIN_MS.min);
        this.facts.set(userId, { facts, readAt: startedAt, refreshAt: startedAt + FACTS_TTL_MS - margin });
        return facts;
      }).finally(() => this.reading.delete(userId));
      this.reading.set(userId, pending);
    }
    return pending;
  }

  /** The viewer's facts: kept ones under FACTS_TTL_MS old (read again in the background when due), else one read of their person record by id. */
  private async factsOf(viewer: Viewer | undefined): Promise<ViewerFacts> {
    if (!viewer) return { country: null };
    const kept = this.facts.get(viewer.userId);
    const now = this.clock();
    let facts: KeptFacts;
    if (kept && now - kept.readAt < FACTS_TTL_MS) {
      facts = kept.facts;
      if (now >= kept.refreshAt && !this.reading.has(viewer.userId)) {
        this.readFacts(viewer.userId).catch((err: unknown) => this.deps.logger.warn({ err }, 'ads serving: reading a viewer\'s facts again failed; kept ones served until a minute old'));
      }
    } else {
      facts = await this.readFacts(viewer.userId);
    }
    // The age group at this moment, by serving's clock: a birthday moves the viewer on.
    return { country: facts.country ?? null, ageBucket: ageBucketOf(facts.birthday, this.deps.now()), gender: facts.gender ?? null, interests: facts.interests ?? [] };
  }

  /**
   * Up to `count` promoted pins for this viewer at a placement, one per pin. Beside a search
   * (`query`), only pins whose words answer the query's, the most answered first; none for a
   * search without words.
   */
  async serve(viewer: Viewer | undefined, placement: AdPlacement, count: number, query?: string): Promise<AdServeResponse> {
    const facts = await this.factsOf(viewer);
    const shown = (l: LiveCampaign) => !(viewer && l.memberIds.includes(viewer.userId)) && targets(l.adGroup.targeting, l.adGroup.autoTargeting, facts);
    const pick = this.deps.pick ?? shuffled;
    let ranked: LiveCampaign[];
    if (placement === 'search') {
      const asked = queryWordsOf(query);
      const scored = this.deps.set.serving().flatMap((l) => {
        const score = asked.length > 0 && shown(l) ? relevance(asked, l.words) : 0;
        return score > 0 ? [{ l, score }] : [];
      });
      // Random among equals (stable sort keeps the shuffled order within a score).
      ranked = pick(scored, scored.length).sort((a, b) => b.score - a.score).map(({ l }) => l);
    } else {
      const candidates = this.deps.set.serving().filter(shown);
      ranked = pick(candidates, candidates.length);
    }
    // One item per pin: two campaigns of one pin would show it twice on a page.
    const byPin = new Map<string, LiveCampaign>();
    for (const c of ranked) if (!byPin.has(c.ad.pinId)) byPin.set(c.ad.pinId, c);
    const chosen = [...byPin.values()].slice(0, count);
    const viewerKey = viewer?.userId ?? `visitor:${randomUUID()}`;
    const servedAt = Math.floor(this.deps.now().getTime() / 1000);
    return { items: chosen.map((l) => this.present(l, signAdToken(this.deps.tokenSecret, { adId: l.ad._id, adGroupId: l.adGroup._id, campaignId: l.campaign._id, advertiserId: l.campaign.advertiserId, viewerKey, placement, servedAt }))) };
  }

  private present(l: LiveCampaign, token: string): PromotedPin {
    const c = l.ad.creative;
    return {
      id: l.ad.pinId, type: 'pin', title: c.title, description: c.description, link: l.ad.destinationUrl, dominant_color: c.dominantColor,
      images: { '236x': { url: c.imageUrl, width: c.width, height: c.height }, orig: { url: c.origUrl, width: c.origWidth, height: c.origHeight } },
      board: { id: c.boardId, name: c.boardName }, pinner: { id: c.pinnerId }, created_at: l.campaign.createdAt.toISOString(),
      is_promoted: true,
      ad: { ad_id: l.ad._id, campaign_id: l.campaign._id, destination_url: l.ad.destinationUrl, sponsor: { advertiser_id: l.campaign.advertiserId, name: l.advertiserName, sponsorship_status: 'promoted' }, token },
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

function shuffled<T>(items: T[], count: number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, count);
}
