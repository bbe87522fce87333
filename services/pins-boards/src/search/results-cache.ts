import { JsonText, type ReadCache } from '@pinhive/kit';
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
 *   found nothing before (such answers are not kept). Suggestions are kept longer
 *   (SUGGESTIONS_CACHE_TTL_MS).
 * - Answers are shared by everybody who sees the same: anonymous people and those who own or
 *   collaborate on no board that others may not see (most people) share `public`; anyone else
 *   gets answers of their own. "Your Pins" are always their own.
 */
export const SEARCH_CACHE_TTL_MS = 2_000;
/**
 * Typeahead suggestions and whether a person sees boards others may not are kept longer: a new
 * pin's title may take this long to be suggested, which a suggestion can wait for (a hiding write
 * still changes them at once). Hashtag suggestions carry counts, and stay with the answers. The
 * search benchmark's typeaheads, 3 to 6 letters of common words, missed a 2-second answer about
 * half the time.
 */
export const SUGGESTIONS_CACHE_TTL_MS = 60_000;
export const SEARCH_CACHE_BYTES = 32 * 1024 * 1024;
export const SUGGESTIONS_CACHE_BYTES = 8 * 1024 * 1024;
const SUBJECT = 'index';

export interface KeptAnswer {
  value: unknown;
  bytes: number;
}

type Kept = Pick<ReadCache<KeptAnswer>, 'read' | 'changed'>;

export class SearchResultsCache {
  constructor(
    private readonly caches: { answers: Kept; suggestions: Kept },
    private readonly index: Pick<SearchIndex, 'seesPrivate'>,
  ) {}

  /** Whose answers a viewer shares: `public`, or their own when they may see boards others may not. */
  async audience(userId: string | undefined): Promise<string> {
    if (userId === undefined) return 'public';
    return (await this.suggested(`sees-private:${userId}`, () => this.index.seesPrivate(userId))) ? `viewer:${userId}` : 'public';
  }

  /**
   * The answer kept under `variant` (every option that changes it), or `compute`'s. `found` says
   * whether an answer found anything: one that found nothing is not kept, since a save (which
   * marks nothing changed) may make it find something at once.
   */
  kept<T>(variant: string, compute: () => Promise<T>, found: (value: T) => boolean = () => true): Promise<T> {
    return keptIn(this.caches.answers, variant, compute, found);
  }

  /** A suggestion kept as `kept` keeps answers, for SUGGESTIONS_CACHE_TTL_MS. */
  suggested<T>(variant: string, compute: () => Promise<T>, found: (value: T) => boolean = () => true): Promise<T> {
    return keptIn(this.caches.suggestions, variant, compute, found);
  }

  async changed(): Promise<void> {
    await Promise.all([this.caches.answers.changed(SUBJECT), this.caches.suggestions.changed(SUBJECT)]);
  }
}

async function keptIn<T>(cache: Kept, variant: string, compute: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  const kept = await cache.read(SUBJECT, variant, async () => {
    const value = await compute();
    return { value, bytes: 64 + sizeOf(value) };
  }, (answer) => found(answer.value as T));
  return kept.value as T;
}

/** An answer's size as JSON, the JSON text it holds (the kit's JsonText) counted by its bytes, not serialised. */
function sizeOf(value: unknown): number {
  let text = 0;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof JsonText)) return v;
    text += v.bytes.length;
    return null;
  });
  return (json?.length ?? 0) + text;
}
