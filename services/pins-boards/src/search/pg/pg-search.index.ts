import { paletteColorOf, type PaletteColor, type SearchBoard, type SearchPin, type SearchUser } from '@pinhive/contracts';
import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import type { Found, IndexedBoard, IndexedPerson, IndexedPin, PeopleByPrefix, PinFilters, ResultKey, Searcher, SearchIndex, SearchRequest } from '../search.index';
import { hashtagsOf, linkDomain } from '../search.rules';
import { plainTermsOf, planTerms, rarestFirst, TermFrequencies, termCandidates, termScore, type TermShares, type TermsPlan } from './pin-terms';

/**
 * The search index in PostgreSQL's full-text search (schema.ts). Writes are single statements,
 * versioned upserts (search.index.ts); queries rank by full-text relevance (`ts_rank_cd`, title
 * above description) plus trigram word similarity for typos, and page by (score, id).
 */

/**
 * The index's session settings (every connection has them as it opens). A word matches a word
 * sharing this share of its trigrams: pg_trgm's default 0.6 misses one swapped pair of letters
 * in a five-letter word ("lemno"), 0.45 finds it.
 */
export const SEARCH_SESSION = {
  'pg_trgm.word_similarity_threshold': '0.45',
  // Pages are read from memory or an SSD, not a spinning disk: with the default 4 the planner
  // walked 140,000 newest pins for a word in 7,000 rather than read its matches by the index.
  random_page_cost: '1.1',
};
/**
 * A pins query ranks its newest matches, at most this many (12 pages of 25). Each costs a read
 * and a rank: 1,000 cost 29 ms a query on average on the benchmark's million pins, 300 cost 17.
 */
const CANDIDATES = 300;
/** Query suggestions are the most used titles among this many matches of the prefix (a bounded read). */
const SUGGESTION_SAMPLE = 200;
/** Hashtag suggestions: the first tags of a prefix looked at, and the most pins counted for one. */
const HASHTAG_CANDIDATES = 50;
const HASHTAG_COUNT_CAP = 10_000;
/**
 * A people prefix reads at most this many words of its range (search_people_words_prefix), then
 * drops the deactivated, the excluded and those the other typed words do not match: a bounded
 * read however common the prefix ("a" starts a word of most people), at the price of finding
 * fewer for such a prefix until more is typed.
 */
const PEOPLE_PREFIX_SCAN = 500;
/** How much a look-alike counts beside a full-text match (whose rank is at most 1). */
const TYPO_WEIGHT = 0.5;

/** What may be seen of a board `b` by the searcher `$1`: public, or theirs, or theirs to collaborate on. */
const VISIBLE_BOARD = `(b.privacy = 'public' OR b.owner_id = $1 OR EXISTS (
  SELECT 1 FROM search_board_members m WHERE m.board_id = b.board_id AND m.user_id = $1 AND m.member))`;

/** A pin `p` with its board `b`, the board's owner `o` and its pinner `u`, as every pins query reads them. */
const PIN_WITH_PEOPLE = `search_pins p
  JOIN search_boards b ON b.board_id = p.board_id
  JOIN search_people o ON o.user_id = b.owner_id
  JOIN search_people u ON u.user_id = p.pinner_id`;
/** What a pin result reads of PIN_WITH_PEOPLE (pg rows of PinRow, less the score). */
const PIN_SELECT = `p.pin_id, p.title, p.description, p.link, p.domain, p.dominant_color, p.image_236, p.image_orig, p.created_at,
  b.board_id, b.name AS board_name, b.slug, o.username AS owner_username,
  u.user_id AS pinner_id, u.username AS pinner_username, u.full_name AS pinner_name`;
/** A pin of PIN_WITH_PEOPLE that the searcher `$1` may see: saved, not deleted, on a board they may see, of people not deactivated. */
const VISIBLE_PIN = `p.saved AND NOT p.deleted AND NOT b.deleted AND NOT o.deactivated AND NOT u.deactivated AND ${VISIBLE_BOARD}`;

/** A term as a LIKE prefix: its own backslash, `%` and `_` taken literally. */
const likePrefix = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The query (parameter `$2`) as a full-text query, written where it is used so that the planner sees its words. */
const TS_QUERY = "websearch_to_tsquery('pinhive_english', $2)";
/** The query (parameter `$n`) as a full-text query and as folded text for trigrams. */
const query = (n: number) => `q AS (SELECT websearch_to_tsquery('pinhive_english', $${n}) AS ts, search_fold($${n}) AS plain)`;

/** What a pin result reads (pg rows of PinRow). */
const PIN_COLUMNS = ['pin_id', 'title', 'description', 'link', 'domain', 'dominant_color', 'image_236', 'image_orig', 'created_at', 'board_id', 'board_name', 'slug', 'owner_username', 'pinner_id', 'pinner_username', 'pinner_name'];

interface PinRow {
  pin_id: string; title: string; description: string; link: string | null; domain: string | null; dominant_color: string;
  image_236: SearchPin['images']['236x']; image_orig: SearchPin['images']['orig']; created_at: Date;
  board_id: string; board_name: string; slug: string; owner_username: string;
  pinner_id: string; pinner_username: string; pinner_name: string; score: number;
}
interface BoardRow {
  board_id: string; name: string; description: string; slug: string; privacy: SearchBoard['privacy'];
  owner_id: string; username: string; full_name: string; pin_count: string; cover_url: string | null; cover_color: string | null; score: number;
}
interface UserRow { user_id: string; username: string; full_name: string; score: number }

export class PgSearchIndex implements SearchIndex {
  private readonly frequencies: TermShares;
  /**
   * Queries as PostgreSQL parses them (websearch_to_tsquery), by their text: a query searched
   * again once its kept answer expired does not ask again. The parse depends only on the text
   * search configuration, which changes only with the schema, at a start.
   */
  private readonly parsed = new LRUCache<string, string>({ max: 10_000 });
  /** Where the term walks go: `plannedOnce` (kit PLANNED_ONCE), else the one pool. */
  private readonly walks: Pick<Pool, 'query'>;

  /**
   * `frequencies`: which words are common (PostgreSQL's statistics of the term lists unless
   * given); `lists: false` answers every pins query from the full-text index (the tests compare
   * the two); `plannedOnce`: a pool (or one of its connections) that plans each named statement
   * once, for the term walks.
   */
  constructor(
    private readonly pool: Pool,
    private readonly options: { frequencies?: TermShares; lists?: boolean; plannedOnce?: Pick<Pool, 'query'> } = {},
  ) {
    this.frequencies = options.frequencies ?? new TermFrequencies(pool);
    this.walks = options.plannedOnce ?? pool;
  }

  // ---- writes ----------------------------------------------------------------------------

  async savePins(pins: readonly IndexedPin[]): Promise<void> {
    // One row per pin (an upsert may not touch a row twice): the latest placement wins.
    const latest = new Map<string, IndexedPin>();
    for (const p of pins) {
      const seen = latest.get(p.pinId);
      if (!seen || seen.at <= p.at) latest.set(p.pinId, p);
    }
    const rows = [...latest.values()];
    if (rows.length === 0) return;
    const col = <T>(f: (p: IndexedPin) => T) => rows.map(f);
    const tags = rows.map((p) => hashtagsOf(`${p.title} ${p.description}`));
    // One statement: the pins, their term lists, their words among every word seen, their tags
    // among every tag seen (a tag never has a space).
    await this.pool.query(
      `WITH t AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::text[])
           AS t(pin_id, board_id, at, pinner_id, title, description, link, domain, dominant_color, color, image_236, image_orig, created_at, tags)
       ), pins AS (
         INSERT INTO search_pins (pin_id, board_id, board_version, saved, pinner_id, title, description, link, domain, dominant_color, color, image_236, image_orig, created_at, hashtags)
         SELECT t.pin_id, t.board_id, t.at, true, t.pinner_id, t.title, t.description, t.link, t.domain, t.dominant_color, t.color, t.image_236::jsonb, t.image_orig::jsonb, t.created_at,
           string_to_array(t.tags, ' ')
         FROM t
         ON CONFLICT (pin_id) DO UPDATE SET
           saved = true, pinner_id = EXCLUDED.pinner_id, title = EXCLUDED.title, description = EXCLUDED.description,
           link = EXCLUDED.link, domain = EXCLUDED.domain, dominant_color = EXCLUDED.dominant_color, color = EXCLUDED.color,
           image_236 = EXCLUDED.image_236, image_orig = EXCLUDED.image_orig, created_at = EXCLUDED.created_at, hashtags = EXCLUDED.hashtags,
           board_id = CASE WHEN search_pins.board_version < EXCLUDED.board_version THEN EXCLUDED.board_id ELSE search_pins.board_id END,
           board_version = GREATEST(search_pins.board_version, EXCLUDED.board_version)
         RETURNING pin_id, created_at, doc
       )
       , terms AS (
         -- The pins' words in the term lists (pin-terms.ts), in key order like the words below. A
         -- word an edit took out stays listed: a search checks each pin's own words.
         INSERT INTO search_pin_terms (term, created_at, pin_id, rank, words)
         SELECT w.term, pins.created_at, pins.pin_id, w.rank, w.words FROM pins, search_term_rows(pins.doc) w
         WHERE pins.created_at IS NOT NULL ORDER BY 1, 2, 3
         ON CONFLICT (term, created_at, pin_id) DO UPDATE SET rank = EXCLUDED.rank, words = EXCLUDED.words
       )
       , words AS (
         -- In order, so that two batches take the words' locks in the same order.
         INSERT INTO search_words (word)
         SELECT DISTINCT w FROM t, regexp_split_to_table(search_fold(t.title || ' ' || t.description), '[^[:alnum:]_]+') w
         WHERE length(w) BETWEEN 3 AND 40 ORDER BY 1 ON CONFLICT DO NOTHING
       )
       INSERT INTO search_hashtags (tag) SELECT DISTINCT unnest(string_to_array(t.tags, ' ')) FROM t ON CONFLICT DO NOTHING`,
      [
        col((p) => p.pinId), col((p) => p.boardId), col((p) => p.at), col((p) => p.pinnerId), col((p) => p.title), col((p) => p.description),
        col((p) => p.link), col((p) => linkDomain(p.link)), col((p) => p.dominantColor), col((p) => paletteColorOf(p.dominantColor)),
        col((p) => JSON.stringify(p.image236)), col((p) => JSON.stringify(p.imageOrig)), col((p) => p.createdAt), tags.map((t) => t.join(' ')),
      ],
    );
  }

  async deletePin(pinId: string, at: Date): Promise<void> {
    // A tombstone: a save redelivered after the delete finds it and stays hidden.
    await this.pool.query(
      `INSERT INTO search_pins (pin_id, board_id, board_version, deleted) VALUES ($1, '', $2, true)
       ON CONFLICT (pin_id) DO UPDATE SET deleted = true`,
      [pinId, at],
    );
  }

  async movePins(pinIds: readonly string[], boardId: string, at: Date): Promise<void> {
    if (pinIds.length === 0) return;
    // A move seen before its pin's save leaves a row that the save fills in (`saved` stays false until then).
    await this.pool.query(
      `INSERT INTO search_pins (pin_id, board_id, board_version) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (pin_id) DO UPDATE SET board_id = EXCLUDED.board_id, board_version = EXCLUDED.board_version
       WHERE search_pins.board_version < EXCLUDED.board_version`,
      [pinIds, boardId, at],
    );
  }

  async saveBoard(board: IndexedBoard): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_boards (board_id, owner_id, name, slug, description, privacy, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (board_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, name = EXCLUDED.name, slug = EXCLUDED.slug,
         description = EXCLUDED.description, privacy = EXCLUDED.privacy, version = EXCLUDED.version
       WHERE search_boards.version < EXCLUDED.version`,
      [board.boardId, board.ownerId, board.name, board.slug, board.description, board.privacy, board.at],
    );
  }

  async deleteBoard(boardId: string, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_boards (board_id, deleted, version) VALUES ($1, true, $2) ON CONFLICT (board_id) DO UPDATE SET deleted = true`,
      [boardId, at],
    );
  }

  async setMember(boardId: string, userId: string, member: boolean, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_board_members (board_id, user_id, member, version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (board_id, user_id) DO UPDATE SET member = EXCLUDED.member, version = EXCLUDED.version
       WHERE search_board_members.version < EXCLUDED.version`,
      [boardId, userId, member, at],
    );
  }

  async savePerson(person: IndexedPerson): Promise<void> {
    // One statement: the person, and their words (search_people_words) when the change was
    // applied, the words the new names no longer have deleted (RETURNING is empty when an older
    // change arrives late, and then nothing else is written).
    await this.pool.query(
      `WITH p AS (
         INSERT INTO search_people (user_id, username, full_name, version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, full_name = EXCLUDED.full_name, version = EXCLUDED.version
         WHERE search_people.version < EXCLUDED.version
         RETURNING user_id, search_name_words(username || ' ' || full_name) AS words
       ), dropped AS (
         DELETE FROM search_people_words w USING p WHERE w.user_id = p.user_id AND w.word <> ALL (p.words)
       )
       INSERT INTO search_people_words (user_id, word) SELECT DISTINCT p.user_id, w FROM p, unnest(p.words) w
       ON CONFLICT DO NOTHING`,
      [person.userId, person.username.toLowerCase(), person.fullName, person.at],
    );
  }

  async setDeactivated(userId: string, deactivated: boolean, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_people (user_id, deactivated, status_version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET deactivated = EXCLUDED.deactivated, status_version = EXCLUDED.status_version
       WHERE search_people.status_version < EXCLUDED.status_version`,
      [userId, deactivated, at],
    );
  }

  // ---- queries ---------------------------------------------------------------------------

  async pins(searcher: Searcher, request: SearchRequest, filters: PinFilters): Promise<Found<SearchPin>> {
    const query = await this.plainQuery(request.query);
    const filtered = Boolean(filters.colors?.length || filters.domains?.length || filters.username !== undefined || filters.mine);
    const plan: TermsPlan = query && !filtered && this.options.lists !== false ? planTerms(query.terms, this.frequencies, CANDIDATES) : { by: 'full-text' };
    if (query && plan.by === 'walk') return this.pinsByTerms(searcher, request, query);
    return this.pinsByFullText(searcher, request, filters, query?.terms);
  }

  /** The query's words when it is plain words (pin-terms.ts), rarest first, with the query as text. */
  private async plainQuery(text: string): Promise<{ tsquery: string; terms: string[] } | null> {
    let tsquery = this.parsed.get(text);
    if (tsquery === undefined) {
      const { rows } = await this.pool.query<{ q: string }>("SELECT websearch_to_tsquery('pinhive_english', $1)::text AS q", [text]);
      tsquery = rows[0]?.q ?? '';
      this.parsed.set(text, tsquery);
    }
    const terms = plainTermsOf(tsquery);
    return terms ? { tsquery, terms: rarestFirst(terms, this.frequencies) } : null;
  }

  /**
   * A query of plain words and no filter: its newest matches from the term lists, the best by
   * their stored ranks first, each checked against its pin (still has the words, may be seen)
   * only until the page is full. A prepared statement per shape: planned once per connection.
   */
  private async pinsByTerms(searcher: Searcher, request: SearchRequest, query: { tsquery: string; terms: string[] }): Promise<Found<SearchPin>> {
    const params: unknown[] = [searcher.userId ?? null, query.tsquery, ...query.terms];
    const param = (v: unknown) => `$${params.push(v)}`;
    const after = request.after ? `AND (c.score, c.pin_id) < (${param(request.after.score)}::float8, ${param(request.after.id)})` : '';
    const candidates = termCandidates(query.terms.length, CANDIDATES);
    const text = `SELECT ${PIN_SELECT}, c.score
       FROM ${candidates}, ${PIN_WITH_PEOPLE}
       WHERE p.pin_id = c.pin_id AND p.doc @@ $2::tsquery AND ${VISIBLE_PIN} AND o.username <> '' AND u.username <> '' ${after}
       ORDER BY c.score DESC, c.pin_id DESC LIMIT ${param(request.limit)}`;
    // A walk's statement is the same for every query of as many words, and so is its best plan:
    // prepared, and planned once per connection by the planned-once pool (custom plans cost more
    // to make than the walk costs to run).
    const name = `search-pins-terms-${query.terms.length}${request.after ? '-after' : ''}`;
    const { rows } = await this.walks.query<PinRow>({ name, text, values: params });
    return this.pinsFound(rows);
  }

  /**
   * Any other query (filters, rare words together, phrases, OR...): the full-text index, ranking
   * the newest CANDIDATES matches; plain words (`terms`) scored as the lists score them.
   */
  private async pinsByFullText(searcher: Searcher, request: SearchRequest, filters: PinFilters, terms?: readonly string[]): Promise<Found<SearchPin>> {
    const params: unknown[] = [searcher.userId ?? null, request.query];
    const param = (v: unknown) => `$${params.push(v)}`;
    const score = terms ? termScore(terms.map(param)) : `ts_rank_cd(c.doc, ${TS_QUERY}, 32)::float8`;
    const where = [
      VISIBLE_PIN, "o.username <> ''", "u.username <> ''", `p.doc @@ ${TS_QUERY}`,
    ];
    if (filters.colors?.length) where.push(`p.color = ANY(${param(filters.colors)})`);
    if (filters.domains?.length) where.push(`p.domain = ANY(${param(filters.domains.map((d) => d.toLowerCase().replace(/^www\./, '')))})`);
    if (filters.username !== undefined) where.push(`u.username = ${param(filters.username.toLowerCase())}`);
    if (filters.mine) where.push(searcher.userId === undefined ? 'false' : 'p.pinner_id = $1');
    // The candidates are the newest CANDIDATES matches, ranked among themselves: ranking every
    // match of a common word (a tenth of a million pins) costs seconds. The planner reads them by
    // the words' index (a rare word) or walks search_pins_recent newest first (a common one): it
    // can choose because the query is written in the statement, not read from a CTE, so it is
    // folded to a constant and its words' frequencies are known when the plan is made.
    const { rows } = await this.pool.query<PinRow>(
      `WITH c AS (
         SELECT ${PIN_SELECT}, p.doc
         FROM ${PIN_WITH_PEOPLE}
         WHERE ${where.join(' AND ')}
         ORDER BY p.created_at DESC LIMIT ${CANDIDATES}
       )
       SELECT * FROM (
         SELECT ${PIN_COLUMNS.map((col) => `c.${col}`).join(', ')}, ${score} AS score FROM c
       ) r
       ${this.after(request.after, 'r.pin_id', param)}
       ORDER BY r.score DESC, r.pin_id DESC LIMIT ${param(request.limit)}`,
      params,
    );
    return this.pinsFound(rows);
  }

  /** Ranked pin rows as results, each with its key for the next page's bookmark. */
  private pinsFound(rows: PinRow[]): Found<SearchPin> {
    return { items: rows.map((r) => this.searchPinOf(r)), keys: rows.map((r) => ({ score: r.score, id: r.pin_id })) };
  }

  async correctQuery(text: string): Promise<string | null> {
    // Each word of 3 letters or more that no pin was saved with becomes the known word most like
    // it (trigram similarity, pg_trgm's default threshold 0.3): a read of search_words' index.
    const { rows } = await this.pool.query<{ corrected: string | null; changed: boolean | null }>(
      `SELECT string_agg(coalesce(fix.word, w.word), ' ' ORDER BY w.n) AS corrected, bool_or(fix.word IS NOT NULL) AS changed
       FROM regexp_split_to_table(search_fold($1), '[^[:alnum:]_]+') WITH ORDINALITY AS w(word, n)
       LEFT JOIN LATERAL (
         SELECT s.word FROM search_words s
         WHERE length(w.word) >= 3 AND NOT EXISTS (SELECT 1 FROM search_words e WHERE e.word = w.word) AND s.word % w.word
         ORDER BY similarity(s.word, w.word) DESC, s.word LIMIT 1
       ) fix ON true
       WHERE w.word <> ''`,
      [text],
    );
    const row = rows[0];
    return row?.changed && row.corrected ? row.corrected : null;
  }

  async boards(searcher: Searcher, request: SearchRequest): Promise<Found<SearchBoard>> {
    const params: unknown[] = [searcher.userId ?? null, request.query];
    const param = (v: unknown) => `$${params.push(v)}`;
    const match = request.typos ? '(b.doc @@ q.ts OR q.plain <% b.names)' : 'b.doc @@ q.ts';
    const score = `(ts_rank_cd(b.doc, q.ts, 32)::float8${request.typos ? ` + ${TYPO_WEIGHT} * word_similarity(q.plain, b.names)` : ''})`;
    const { rows } = await this.pool.query<BoardRow>(
      `WITH ${query(2)}
       SELECT r.*, cover.cover_url, cover.cover_color,
         (SELECT count(*) FROM search_pins p WHERE p.board_id = r.board_id AND p.saved AND NOT p.deleted) AS pin_count
       FROM (
         SELECT b.board_id, b.name, b.description, b.slug, b.privacy, o.user_id AS owner_id, o.username, o.full_name, ${score} AS score
         FROM q, search_boards b JOIN search_people o ON o.user_id = b.owner_id
         WHERE NOT b.deleted AND NOT o.deactivated AND o.username <> '' AND ${VISIBLE_BOARD} AND ${match}
       ) r
       LEFT JOIN LATERAL (
         SELECT p.image_236->>'url' AS cover_url, p.dominant_color AS cover_color FROM search_pins p
         WHERE p.board_id = r.board_id AND p.saved AND NOT p.deleted ORDER BY p.created_at DESC LIMIT 1
       ) cover ON true
       ${this.after(request.after, 'r.board_id', param)}
       ORDER BY r.score DESC, r.board_id DESC LIMIT ${param(request.limit)}`,
      params,
    );
    return {
      items: rows.map((r) => ({
        id: r.board_id, type: 'board', name: r.name, description: r.description, url: `/${r.username}/${r.slug}/`, privacy: r.privacy,
        owner: { id: r.owner_id, username: r.username, full_name: r.full_name || r.username }, pin_count: Number(r.pin_count),
        image_cover_url: r.cover_url, cover_color: r.cover_color,
      })),
      keys: rows.map((r) => ({ score: r.score, id: r.board_id })),
    };
  }

  async boardPinsByColor(searcher: Searcher, boardId: string, colors: readonly PaletteColor[], after: { at: number; id: string } | undefined, limit: number): Promise<SearchPin[]> {
    const params: unknown[] = [searcher.userId ?? null, boardId, colors];
    const param = (v: unknown) => `$${params.push(v)}`;
    // The board's pins by (board_id, color, created_at) in search_pins_board_color: a range per colour.
    const page = after ? `AND (p.created_at, p.pin_id) < (${param(new Date(after.at))}, ${param(after.id)})` : '';
    const { rows } = await this.pool.query<PinRow>(
      `SELECT ${PIN_SELECT}
       FROM ${PIN_WITH_PEOPLE}
       WHERE p.board_id = $2 AND p.color = ANY($3) AND ${VISIBLE_PIN} ${page}
       ORDER BY p.created_at DESC, p.pin_id DESC LIMIT ${param(limit)}`,
      params,
    );
    return rows.map((r) => this.searchPinOf(r));
  }

  private searchPinOf(r: PinRow): SearchPin {
    return {
      id: r.pin_id, type: 'pin', title: r.title, description: r.description, link: r.link, domain: r.domain, dominant_color: r.dominant_color,
      images: { '236x': r.image_236, orig: r.image_orig },
      board: { id: r.board_id, name: r.board_name, url: `/${r.owner_username}/${r.slug}/` },
      pinner: { id: r.pinner_id, username: r.pinner_username, full_name: r.pinner_name || r.pinner_username },
      created_at: r.created_at.toISOString(),
    };
  }

  async users(request: SearchRequest): Promise<Found<SearchUser>> {
    const params: unknown[] = [request.query];
    const param = (v: unknown) => `$${params.push(v)}`;
    // Names are matched by trigrams always (names are not words a dictionary stems); an exact
    // username first.
    const { rows } = await this.pool.query<UserRow>(
      `WITH ${query(1)}
       SELECT * FROM (
         SELECT s.user_id, s.username, s.full_name,
           (word_similarity(q.plain, s.names) + CASE WHEN s.username = q.plain THEN 1 ELSE 0 END)::float8 AS score
         FROM q, search_people s
         WHERE NOT s.deactivated AND s.username <> '' AND (q.plain <% s.names OR s.names LIKE q.plain || '%')
       ) r
       ${this.after(request.after, 'r.user_id', param)}
       ORDER BY r.score DESC, r.user_id DESC LIMIT ${param(request.limit)}`,
      params,
    );
    return {
      items: rows.map((r) => ({ id: r.user_id, type: 'user', username: r.username, full_name: r.full_name || r.username, image_medium_url: null })),
      keys: rows.map((r) => ({ score: r.score, id: r.user_id })),
    };
  }

  async suggestQueries(searcher: Searcher, term: string, limit: number): Promise<string[]> {
    // search_fold() of a parameter is folded when the statement is planned, so the prefix reads a
    // range of search_pins_title.
    const { rows } = await this.pool.query<{ query: string }>(
      `SELECT m.query FROM (
         SELECT lower(p.title) AS query FROM ${PIN_WITH_PEOPLE}
         WHERE search_fold(p.title) LIKE search_fold($2) || '%' AND ${VISIBLE_PIN}
         LIMIT ${SUGGESTION_SAMPLE}
       ) m GROUP BY m.query ORDER BY count(*) DESC, m.query LIMIT $3`,
      [searcher.userId ?? null, likePrefix(term), limit],
    );
    return rows.map((r) => r.query);
  }

  async similarBoardNames(searcher: Searcher, text: string, exceptPinId: string, limit: number): Promise<string[]> {
    // Any of the text's words (plainto_tsquery's & made |), among a bounded sample of matches.
    const { rows } = await this.pool.query<{ name: string }>(
      `WITH q AS (SELECT replace(plainto_tsquery('pinhive_english', $2)::text, ' & ', ' | ')::tsquery AS ts)
       SELECT min(m.name) AS name FROM (
         SELECT b.name FROM q, search_pins p
           JOIN search_boards b ON b.board_id = p.board_id
           JOIN search_people o ON o.user_id = b.owner_id
         WHERE p.doc @@ q.ts AND p.saved AND NOT p.deleted AND p.pin_id <> $3
           AND NOT b.deleted AND NOT o.deactivated AND ${VISIBLE_BOARD}
         LIMIT ${SUGGESTION_SAMPLE}
       ) m GROUP BY lower(m.name) ORDER BY count(*) DESC, lower(m.name) LIMIT $4`,
      [searcher.userId ?? null, text, exceptPinId, limit],
    );
    return rows.map((r) => r.name);
  }

  async seesPrivate(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ sees: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM search_boards WHERE owner_id = $1 AND privacy <> 'public' AND NOT deleted)
         OR EXISTS (SELECT 1 FROM search_board_members WHERE user_id = $1 AND member) AS sees`,
      [userId],
    );
    return rows[0]?.sees ?? true;
  }

  async suggestHashtags(searcher: Searcher, prefix: string, limit: number): Promise<{ tag: string; pinCount: number }[]> {
    // The first tags by the prefix, each with the pins of it the searcher may see (counted up to
    // a cap, a bounded read): a tag only secret boards use is never suggested to others.
    const { rows } = await this.pool.query<{ tag: string; pin_count: string }>(
      `SELECT h.tag, (SELECT count(*) FROM (
           SELECT 1 FROM ${PIN_WITH_PEOPLE} WHERE p.hashtags @> ARRAY[h.tag] AND ${VISIBLE_PIN}
           LIMIT ${HASHTAG_COUNT_CAP}) c) AS pin_count
       FROM search_hashtags h WHERE h.tag LIKE search_fold($2) || '%'
       ORDER BY h.tag LIMIT ${HASHTAG_CANDIDATES}`,
      [searcher.userId ?? null, likePrefix(prefix)],
    );
    return rows
      .map((r) => ({ tag: r.tag, pinCount: Number(r.pin_count) }))
      .filter((r) => r.pinCount > 0)
      .sort((a, b) => b.pinCount - a.pinCount || a.tag.localeCompare(b.tag))
      .slice(0, limit);
  }

  async peopleByPrefix(query: PeopleByPrefix): Promise<string[]> {
    const [first, ...others] = query.words;
    if (first === undefined || query.limit <= 0 || (query.among && query.among.length === 0)) return [];
    const params: unknown[] = [likePrefix(first), query.except, query.limit];
    const param = (v: unknown) => `$${params.push(v)}`;
    // search_fold() of a parameter is folded when the statement is planned, so each prefix is an
    // index range: of search_people_words_prefix for the first word, read in its order
    // (`USING ~<~`, text_pattern_ops' order) for at most PEOPLE_PREFIX_SCAN words; or, `among`
    // (bounded by its caller), of search_people_words_person per person, as for the other words.
    const candidates = query.among
      ? `WHERE w.user_id = ANY(${param(query.among)}::text[]) AND w.word LIKE search_fold($1) || '%'`
      : `WHERE w.word LIKE search_fold($1) || '%' ORDER BY w.word USING ~<~, w.user_id LIMIT ${PEOPLE_PREFIX_SCAN}`;
    const rest = others.map((word) => `AND EXISTS (
         SELECT 1 FROM search_people_words x WHERE x.user_id = c.user_id AND x.word LIKE search_fold(${param(likePrefix(word))}) || '%')`);
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT c.user_id FROM (
         SELECT w.user_id, w.word FROM search_people_words w ${candidates}
       ) c
       JOIN search_people s ON s.user_id = c.user_id
       WHERE NOT s.deactivated AND s.username <> '' AND c.user_id <> ALL ($2::text[])
       ${rest.join('\n       ')}
       GROUP BY c.user_id ORDER BY min(c.word), c.user_id LIMIT $3`,
      params,
    );
    return rows.map((r) => r.user_id);
  }

  /** Past the previous page's last result: a lower score, or the same score and a lower id. */
  private after(after: ResultKey | undefined, id: string, param: (v: unknown) => string): string {
    return after ? `WHERE (r.score, ${id}) < (${param(after.score)}::float8, ${param(after.id)})` : '';
  }
}
