import { ageBucketOf, VIEWER_FACTS_REFRESH_MARGIN_MS, VIEWER_FACTS_TTL_MS, type Interest, type KnownGender, type ViewerFacts } from '@pinhive/contracts';
import { ReadAheadCache } from '../cache/read-ahead';
import type { Logger } from '../logger';

/** A person's targeting facts as a service's store holds them (ads' people, pins-boards' profiles). */
export interface StoredFacts {
  country?: string | null;
  /** YYYY-MM-DD: the age group is computed from it when serving (people age). */
  birthday?: string | null;
  gender?: KnownGender | null;
  interests?: Interest[];
}

interface Kept extends StoredFacts {
  known: boolean;
}

/**
 * The viewers' targeting facts serving needs on every page with ads (ads for its serve call,
 * pins-boards for the pages that carry theirs), kept VIEWER_FACTS_TTL_MS and read again ahead of
 * that in the background (ReadAheadCache). Someone the store does not know yet (their registration
 * on its way) is not kept: read again at their next page.
 */
export class ViewerFactsCache {
  private readonly kept: ReadAheadCache<Kept>;

  constructor(private readonly deps: {
    /** One read of a person's facts by id; null when the store does not know them. */
    read: (userId: string) => Promise<StoredFacts | null>;
    name: string;
    logger: Pick<Logger, 'warn'>;
    /** Serving's clock, for the age group. */
    now: () => Date;
    /** Monotonic milliseconds, for the age of kept facts (tests pass their own). */
    clock?: () => number;
  }) {
    this.kept = new ReadAheadCache<Kept>({
      name: deps.name, logger: deps.logger, max: 50_000, ttlMs: VIEWER_FACTS_TTL_MS, refreshMarginMs: VIEWER_FACTS_REFRESH_MARGIN_MS, clock: deps.clock,
      read: async (userId) => {
        const p = await deps.read(userId);
        return { known: p !== null, country: p?.country ?? null, birthday: p?.birthday ?? null, gender: p?.gender ?? null, interests: p?.interests ?? [] };
      },
      keep: (facts) => facts.known,
    });
  }

  /** The viewer's facts, the age group at this moment by serving's clock (a birthday moves them on); nothing known of someone signed out. */
  async of(userId: string | undefined): Promise<ViewerFacts> {
    if (userId === undefined) return { country: null };
    const f = await this.kept.get(userId);
    return { country: f.country ?? null, ageBucket: ageBucketOf(f.birthday, this.deps.now()), gender: f.gender ?? null, interests: f.interests ?? [] };
  }
}
