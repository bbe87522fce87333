import type { ReadCache } from '@pinhive/kit';
import type { SearchIndex } from './search.index';

/**
 * Search answers kept in memory (the kit's ReadCache), so that the queries people repeat most
 * (a common word, a typeahead prefix) are not searched again for each of them: the search
 * benchmark saturated both cores at 200 searches and 300 typeaheads a second without it.
 *
 * - One stamp for the whole index: the handlers mark it changed after every write that can hide
 *   something or change how it shows (a delete, a move, a board or person changed, a membership),
 *   so such a change is seen by the next search, as for an uncached one. A save does not: a new
 *   pin shows in a repeated search within SEARCH_CACHE_TTL_MS, and at once in a search that
 *   found nothing before (such answers are not kept).
 * - Answers are shared by everybody who sees the same: anonymous people and those who own or
 *   collaborate on no board that others may not see (most people) share `public`; anyone else
 *   gets answers of their own. "Your Pins" are always their own.
 */
export const SEARCH_CACHE_TTL_MS = 2_000;
export const SEARCH_CACHE_BYTES = 32 * 1024 * 1024;
const SUBJECT = 'index';

export interface KeptAnswer {
  value: unknown;
  bytes: number;
}

export class SearchResultsCache {
  constructor(
    private readonly cache: Pick<ReadCache<KeptAnswer>, 'read' | 'changed'>,
    private readonly index: Pick<SearchIndex, 'seesPrivate'>,
  ) {}

  /** Whose answers a viewer shares: `public`, or their own when they may see boards others may not. */
  async audience(userId: string | undefined): Promise<string> {
    if (userId === undefined) return 'public';
    return (await this.kept(`sees-private:${userId}`, () => this.index.seesPrivate(userId))) ? `viewer:${userId}` : 'public';
  }

  /**
   * The answer kept under `variant` (every option that changes it), or `compute`'s. `found` says
   * whether an answer found anything: one that found nothing is not kept, since a save (which
   * marks nothing changed) may make it find something at once.
   */
  async kept<T>(variant: string, compute: () => Promise<T>, found: (value: T) => boolean = () => true): Promise<T> {
    const kept = await this.cache.read(SUBJECT, variant, async () => {
      const value = await compute();
      return { value, bytes: 64 + (JSON.stringify(value)?.length ?? 0) };
    }, (answer) => found(answer.value as T));
    return kept.value as T;
  }

  changed(): Promise<void> {
    return this.cache.changed(SUBJECT);
  }
}
