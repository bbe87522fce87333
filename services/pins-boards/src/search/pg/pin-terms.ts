import type { Pool } from 'pg';

/*
 * The term lists: every pin's words (its `doc`'s lexemes, stemmed and accents folded) in
 * `search_pin_terms`, one row per word and pin, keyed (term, created_at, pin_id) with the word's
 * rank in that pin (`ts_rank_cd` of the word alone). A word's newest pins are a range of that key
 * read backwards, with their ranks, from the index alone.
 *
 * Why: a pins search ranks the newest CANDIDATES matches of its words. The full-text (GIN) index
 * holds a word's pins in no useful order, so a word in a few percent of the pins meant reading
 * every match and sorting it, or walking the newest pins until enough matched: 21 ms a query on
 * the benchmark's million pins. From the lists, a word's candidates are one range and the best of
 * them are chosen by their stored ranks before anything else is read; only the page's pins are
 * joined with their boards and people (docs/decisions/search.md).
 *
 * A query of plain words is scored the same way whichever index answers it: the sum of each
 * word's rank in the pin (for one word, exactly what ts_rank_cd of the query gives).
 */

/** At most this many words take the lists; a longer query is searched by the full-text index. */
export const TERMS_MAX = 4;
/**
 * A query of several words walks the newest pins of its rarest word, keeping those whose words
 * hold the others (from the index alone: about 0.2 µs a pin read, then a lookup of about 4 µs per
 * pin kept), only when that is expected to find its candidates within this many pins, and never
 * reads further (planTerms). Measured on the benchmark's million pins, two words one at a time:
 * 2.7 ms median and 5.0 p95, where looking each pin up in the other lists took 5.2 and 13.7
 * within 2,000 pins (docs/decisions/search.md, "Ranking").
 */
export const TERMS_WALK = 20_000;
/** How long the words' frequencies (PostgreSQL's statistics of the lists) are used before they are read again. */
const FREQUENCIES_MS = 60_000;

/**
 * The words of a full-text query when it is plain words that must all match, as
 * `websearch_to_tsquery` writes them (`'bake' & 'appl'`), each once; null for anything else
 * (a phrase, OR, a negation, a prefix, no word at all), which the full-text index answers.
 */
export function plainTermsOf(tsquery: string): string[] | null {
  if (tsquery.includes('\\') || !/^'(?:[^']|'')+'(?: & '(?:[^']|'')+')*$/.test(tsquery)) return null;
  const terms = [...new Set([...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'")))];
  return terms.length > 0 && terms.length <= TERMS_MAX ? terms : null;
}

/** What is known of the words' frequencies. */
export interface TermShares {
  /** The share of the pins that have the word (0 when it is not among the common ones). */
  share(term: string): number;
  /** About how many pins are indexed (0 when not known). */
  pins(): number;
  /** The share of the least common of the common words: a word not among them has at most that (0 when not known). */
  rareBound(): number;
}

/**
 * How the lists answer a query of plain words (rarest first), or that the full-text index does:
 * - `walk`: the rarest word's newest pins, kept when they have the others (termCandidates), when
 *   that is expected to find CANDIDATES within TERMS_WALK pins: one word always; several words
 *   when the rarest's whole list is that short (a word not among the common ones is at most as
 *   common as the least of them) or the others are common enough;
 * - `full-text`: the rest (several words, each in a few percent of the pins and rarely together),
 *   and everything while the words' frequencies are not known: the GIN index intersects the
 *   words' postings, which is cheap when few pins have them all.
 * The words are taken as independent of each other; a walk never reads more than TERMS_WALK pins.
 */
export type TermsPlan = { by: 'walk' } | { by: 'full-text' };

/** The words, rarest first (the order planTerms and termCandidates take them in). */
export function rarestFirst(terms: readonly string[], shares: TermShares): string[] {
  return [...terms].sort((a, b) => shares.share(a) - shares.share(b));
}

export function planTerms(terms: readonly string[], shares: TermShares, candidates: number): TermsPlan {
  const [first, ...others] = terms;
  if (first === undefined) return { by: 'full-text' };
  if (others.length === 0) return { by: 'walk' };
  const rarest = shares.share(first) || shares.rareBound();
  if (rarest === 0 || shares.pins() === 0) return { by: 'full-text' };
  // An unknown word among the others counts as nowhere (it comes first anyway: rarest first).
  const together = others.reduce((p, t) => p * shares.share(t), 1);
  return Math.min(rarest * shares.pins(), candidates / together) <= TERMS_WALK ? { by: 'walk' } : { by: 'full-text' };
}

/**
 * The words' shares of the pins from PostgreSQL's own statistics of the lists (the most common
 * values of `term`, whose statistics target is 1,000 in schema.ts, times the words a pin has on
 * average). A word not among them is rarer than all of them. Read at most once a minute, in the
 * background; until the first read every word counts as rare.
 */
export class TermFrequencies implements TermShares {
  private shares = new Map<string, number>();
  private pinCount = 0;
  private bound = 0;
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(private readonly pool: Pool) {}

  share(term: string): number {
    this.refresh();
    return this.shares.get(term) ?? 0;
  }

  pins(): number {
    this.refresh();
    return this.pinCount;
  }

  rareBound(): number {
    this.refresh();
    return this.bound;
  }

  private refresh(): void {
    if (this.reading || Date.now() - this.readAt < FREQUENCIES_MS) return;
    this.readAt = Date.now();
    this.reading = this.pool
      .query<{ vals: string[] | null; freqs: number[] | null; terms: number; pins: number }>(
        `SELECT s.most_common_vals::text::text[] AS vals, s.most_common_freqs AS freqs,
           (SELECT reltuples FROM pg_class WHERE oid = 'search_pin_terms'::regclass)::float8 AS terms,
           (SELECT reltuples FROM pg_class WHERE oid = 'search_pins'::regclass)::float8 AS pins
         FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'search_pin_terms' AND s.attname = 'term'`,
      )
      .then(({ rows }) => {
        const row = rows[0];
        // reltuples is -1 for a table never analysed.
        const pins = row && row.pins > 0 && row.terms > 0 ? row.pins : 0;
        const perPin = pins > 0 ? row!.terms / pins : 0;
        this.shares = new Map((row?.vals ?? []).map((v, i) => [v, Math.min(1, (row?.freqs?.[i] ?? 0) * perPin)]));
        this.bound = this.shares.size > 0 ? Math.min(...this.shares.values()) : 0;
        this.pinCount = pins;
      })
      // Without statistics every word counts as rare: the full-text index answers, not a wrong answer.
      .catch(() => undefined)
      .finally(() => {
        this.reading = undefined;
      });
  }
}

/**
 * The candidates of a query of `terms` words (rarest first, parameters `$3`...): its newest
 * CANDIDATES matches in the lists with their score (the sum of each word's rank in the pin), as a
 * subquery `c (pin_id, score)`, best first. The newest pins of the first word's list are read, at
 * most TERMS_WALK, and kept when their `words` hold the other words' hashes: read from the index
 * alone, no lookup per pin read. Only the pins kept look the other words' ranks up (a scalar
 * subquery each, so the walk stops as soon as enough are found); a pin whose hash matched by
 * chance has no such rank, and is dropped there.
 */
export function termCandidates(terms: number, candidates: number): string {
  const others = Array.from({ length: terms - 1 }, (_, i) => `$${i + 4}`);
  const ranks = others.map((p) => `(SELECT s.rank::float8 FROM search_pin_terms s
        WHERE s.term = ${p} AND s.created_at = t.created_at AND s.pin_id = t.pin_id)`);
  const walk = terms > 1 ? TERMS_WALK : candidates;
  // The hashes in a subquery of their own: computed once per search. Written in the condition,
  // the walks' generic plan (planned once, the words unknown) hashed them again for every row
  // read: 2.8 to 8.9 ms a walk instead of 1 to 1.7 (measured with the benchmark's pins).
  const has = others.length > 0 ? `WHERE t.words @> (SELECT ARRAY[${others.map((p) => `search_term_hash(${p})`).join(', ')}])` : '';
  // Sorted best first here, so that the pins are read in that order and only until a page is full.
  return `(
    SELECT y.pin_id, y.score FROM (
      SELECT x.pin_id, x.score FROM (
        SELECT t.pin_id, t.created_at, ${['t.rank::float8', ...ranks].join(' + ')} AS score
        FROM (
          SELECT t.pin_id, t.created_at, t.rank, t.words FROM search_pin_terms t WHERE t.term = $3
          ORDER BY t.created_at DESC, t.pin_id DESC LIMIT ${walk}
        ) t ${has}
        -- OFFSET 0: not folded into the level above, whose filter would repeat the score's lookups.
        ORDER BY t.created_at DESC, t.pin_id DESC OFFSET 0
      ) x WHERE x.score IS NOT NULL
      ORDER BY x.created_at DESC, x.pin_id DESC LIMIT ${candidates}
    ) y ORDER BY y.score DESC, y.pin_id DESC
  ) c`;
}

/** The score of a pin `c.doc` for plain words given as parameters (`$n`...): the sum of each word's rank, as the lists store them. */
export function termScore(params: readonly string[]): string {
  return params.map((p) => `ts_rank_cd(c.doc, search_term_query(${p}), 32)::float8`).join(' + ');
}
