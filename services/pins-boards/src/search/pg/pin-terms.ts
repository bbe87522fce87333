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
 * A query of several words walks the newest pins of its rarest word, looking the others up in
 * each: it does so only when that is expected to find its candidates within this many pins
 * (the other words are common), and never walks further. Otherwise the full-text index
 * intersects the words' postings, which is cheap when few pins have them all.
 */
export const TERMS_WALK = 2_000;
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

/** What is known of the words' frequencies: each common word's share of the pins. */
export interface TermShares {
  /** The share of the pins that have the word (0 when it is not among the common ones). */
  share(term: string): number;
}

/**
 * Whether the lists answer a query of these words (rarest first): one word always; several when
 * walking the rarest's pins is expected to find CANDIDATES with the others within TERMS_WALK
 * (the words taken as independent).
 */
export function walksLists(terms: readonly string[], shares: TermShares, candidates: number): boolean {
  const together = terms.slice(1).reduce((p, t) => p * shares.share(t), 1);
  return together > 0 && candidates / together <= TERMS_WALK;
}

/**
 * The words' shares of the pins from PostgreSQL's own statistics of the lists (the most common
 * values of `term`, whose statistics target is 1,000 in schema.ts, times the words a pin has on
 * average). A word not among them is rarer than all of them. Read at most once a minute, in the
 * background; until the first read every word counts as rare.
 */
export class TermFrequencies implements TermShares {
  private shares = new Map<string, number>();
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(private readonly pool: Pool) {}

  share(term: string): number {
    this.refresh();
    return this.shares.get(term) ?? 0;
  }

  /** The words, rarest first. */
  rarestFirst(terms: readonly string[]): string[] {
    return [...terms].sort((a, b) => this.share(a) - this.share(b));
  }

  private refresh(): void {
    if (this.reading || Date.now() - this.readAt < FREQUENCIES_MS) return;
    this.readAt = Date.now();
    this.reading = this.pool
      .query<{ vals: string[] | null; freqs: number[] | null; per_pin: number | null }>(
        `SELECT s.most_common_vals::text::text[] AS vals, s.most_common_freqs AS freqs,
           (SELECT reltuples FROM pg_class WHERE oid = 'search_pin_terms'::regclass) / nullif((SELECT reltuples FROM pg_class WHERE oid = 'search_pins'::regclass), 0) AS per_pin
         FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'search_pin_terms' AND s.attname = 'term'`,
      )
      .then(({ rows }) => {
        const row = rows[0];
        const perPin = row?.per_pin && row.per_pin > 0 ? row.per_pin : 0;
        this.shares = new Map((row?.vals ?? []).map((v, i) => [v, Math.min(1, (row?.freqs?.[i] ?? 0) * perPin)]));
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
 * subquery `c (pin_id, score)`, best first. The other words are looked up per pin of the first (a
 * scalar subquery each, so the walk stops as soon as enough are found), at most TERMS_WALK pins.
 */
export function termCandidates(terms: number, candidates: number): string {
  const others = Array.from({ length: terms - 1 }, (_, i) => `(SELECT s.rank::float8 FROM search_pin_terms s
        WHERE s.term = $${i + 4} AND s.created_at = t.created_at AND s.pin_id = t.pin_id)`);
  const walk = terms > 1 ? TERMS_WALK : candidates;
  // Sorted best first here, so that the pins are read in that order and only until a page is full.
  return `(
    SELECT y.pin_id, y.score FROM (
      SELECT x.pin_id, x.score FROM (
        SELECT t.pin_id, t.created_at, ${['t.rank::float8', ...others].join(' + ')} AS score
        FROM search_pin_terms t WHERE t.term = $3
        ORDER BY t.created_at DESC, t.pin_id DESC LIMIT ${walk}
      ) x WHERE x.score IS NOT NULL
      ORDER BY x.created_at DESC, x.pin_id DESC LIMIT ${candidates}
    ) y ORDER BY y.score DESC, y.pin_id DESC
  ) c`;
}

/** The score of a pin `c.doc` for plain words given as parameters (`$n`...): the sum of each word's rank, as the lists store them. */
export function termScore(params: readonly string[]): string {
  return params.map((p) => `ts_rank_cd(c.doc, search_term_query(${p}), 32)::float8`).join(' + ');
}
