// The search benchmark's index: BENCH_SEARCH_PINS pins on BENCH_SEARCH_BOARDS boards of the
// registered people, written straight into the search database in the shape pins-boards'
// consumer writes (search_pins, search_pin_terms, search_boards: the generated text columns and the indexes are
// PostgreSQL's own work, as for every save). Titles and descriptions are words of a made-up
// vocabulary drawn with Zipf's law (the k-th word about 1/k as often as the first), as words of
// real text are: a query for a common word matches a large share of the pins.
import pg from 'pg';
import { PG_USER, postgresPassword } from '../../infra/native/postgres.mjs';

/** Distinct words of the vocabulary. */
export const VOCABULARY_SIZE = 3000;
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'da', 'fi', 'go', 'ha', 'ju', 'pe', 'qua', 'ri', 'so', 'tu', 'wy', 'zen', 'mar', 'lin', 'tor'];
const COLORS = ['#d32f2f', '#ff9800', '#ffeb3b', '#4caf50', '#009688', '#2196f3', '#9c27b0', '#f48fb1', '#795548', '#111111', '#9e9e9e', '#fafafa'];

/** A deterministic generator (mulberry32), so that every run seeds the same words. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The vocabulary, most frequent first: words of two to four syllables, each once. */
export function vocabulary() {
  const next = random(42);
  const words = new Set();
  while (words.size < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** The URL of the bench stack's search database (pins-boards makes it and its schema at start). */
export const searchDatabaseUrl = (p) => `postgres://${PG_USER}:${encodeURIComponent(postgresPassword(p))}@127.0.0.1:${p.postgresPort}/${p.dbPrefix}_search`;

/**
 * Seeds the index: boards owned by `people` in turn (one in ten secret), then the pins in chunks
 * of 100,000, each chunk one INSERT ... SELECT over generate_series (titles of 2-4 words,
 * descriptions of 6-14, a colour, a link on one of 50 sites). Then VACUUM ANALYZE, as
 * autovacuum would after such a load.
 */
export async function seedSearchIndex({ p, people, pins, boards, image, log = console.log }) {
  const client = new pg.Client({ connectionString: searchDatabaseUrl(p) });
  await client.connect();
  const t0 = Date.now();
  try {
    const words = vocabulary();
    await client.query('CREATE TEMP TABLE bench_vocab (i int PRIMARY KEY, word text NOT NULL)');
    await client.query('INSERT INTO bench_vocab SELECT * FROM unnest($1::int[], $2::text[])', [words.map((_, i) => i + 1), words]);
    await client.query('CREATE TEMP TABLE bench_boards (n int PRIMARY KEY, board_id text, owner_id text)');
    // Boards: one in ten secret; named by two words of the vocabulary.
    await client.query(
      `WITH b AS (
         SELECT n, (8000000000000000000 + n)::text AS board_id, ($1::text[])[1 + n % array_length($1::text[], 1)] AS owner_id FROM generate_series(0, $2 - 1) n
       ), ins AS (
         INSERT INTO search_boards (board_id, owner_id, name, slug, description, privacy, version)
         SELECT b.board_id, b.owner_id, v1.word || ' ' || v2.word, 'bench-' || b.n, '', CASE WHEN b.n % 10 = 9 THEN 'secret' ELSE 'public' END, now()
         FROM b JOIN bench_vocab v1 ON v1.i = 1 + (b.n * 7) % ${VOCABULARY_SIZE} JOIN bench_vocab v2 ON v2.i = 1 + (b.n * 13 + 5) % ${VOCABULARY_SIZE}
       )
       INSERT INTO bench_boards SELECT n, board_id, owner_id FROM b`,
      [people, boards],
    );
    // A word drawn with Zipf's law: exp(U * ln N) is log-uniform on [1, N], so word k comes about
    // 1/k as often as word 1. Each draw refers to its own `k`, so it is drawn again for each word.
    const phrase = (min, spread, salt) => `(SELECT string_agg(v.word, ' ' ORDER BY k) FROM generate_series(1, ${min} + (g.n::bigint * 7919 + ${salt}) % ${spread}) k
      CROSS JOIN LATERAL (SELECT least(${VOCABULARY_SIZE}, floor(exp(random() * ln(${VOCABULARY_SIZE})))::int + 0 * k) AS i) r
      JOIN bench_vocab v ON v.i = r.i)`;
    const CHUNK = 100_000;
    for (let from = 0; from < pins; from += CHUNK) {
      const to = Math.min(pins, from + CHUNK) - 1;
      await client.query(
        `INSERT INTO search_pins (pin_id, board_id, board_version, saved, pinner_id, title, description, link, domain, dominant_color, color, image_236, image_orig, created_at, hashtags)
         SELECT (9000000000000000000 + g.n)::text, b.board_id, now(), true, b.owner_id, ${phrase(2, 3, 1)}, ${phrase(6, 9, 2)},
           'https://site' || (g.n % 50) || '.example/p/' || g.n, 'site' || (g.n % 50) || '.example',
           c.hex, c.name, $1::jsonb, $2::jsonb, now() - (g.n || ' seconds')::interval, '{}'
         FROM generate_series($3::int, $4::int) g(n)
           JOIN bench_boards b ON b.n = g.n % $5
           JOIN (SELECT * FROM unnest($6::text[], $7::text[]) WITH ORDINALITY AS c(hex, name, o)) c ON c.o = 1 + g.n % ${COLORS.length}`,
        [JSON.stringify(image['236x']), JSON.stringify(image.orig), from, to, boards, COLORS, ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'gray', 'white']],
      );
      log(`[seed] search index: ${to + 1} of ${pins} pins (${Math.round((Date.now() - t0) / 1000)} s)`);
    }
    // The seeded pins' term lists, as the consumer writes them with each save (one statement, in key order).
    const t2 = Date.now();
    await client.query(
      `INSERT INTO search_pin_terms (term, created_at, pin_id, rank, words)
       SELECT w.term, p.created_at, p.pin_id, w.rank, w.words FROM search_pins p, search_term_rows(p.doc) w
       WHERE p.pin_id BETWEEN $1 AND $2 ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`,
      [String(9000000000000000000n), String(9000000000000000000n + BigInt(pins - 1))],
    );
    log(`[seed] search index: term lists written in ${Math.round((Date.now() - t2) / 1000)} s`);
    // The words pins were saved with, as the consumer adds them (typo correction's vocabulary).
    await client.query('INSERT INTO search_words (word) SELECT word FROM bench_vocab ON CONFLICT DO NOTHING');
    const seededMs = Date.now() - t0;
    const t1 = Date.now();
    await client.query('VACUUM (ANALYZE) search_pins');
    await client.query('VACUUM (ANALYZE) search_pin_terms');
    await client.query('VACUUM (ANALYZE) search_boards');
    await client.query('VACUUM (ANALYZE) search_people');
    await client.query('VACUUM (ANALYZE) search_words');
    log(`[seed] search index vacuumed and analysed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    return { pins, boards, seededMs, vacuumMs: Date.now() - t1, words: words.length };
  } finally {
    await client.end();
  }
}

/** The index's size on disk: the database, and each search table with its indexes. */
export async function indexSize(p) {
  const client = new pg.Client({ connectionString: searchDatabaseUrl(p) });
  await client.connect();
  try {
    const mib = (b) => Math.round(Number(b) / 1048576);
    const db = await client.query('SELECT pg_database_size(current_database()) AS bytes');
    const tables = await client.query(
      `SELECT relname, pg_table_size(relid) AS data, pg_indexes_size(relid) AS indexes FROM pg_stat_user_tables WHERE relname LIKE 'search_%' ORDER BY relname`,
    );
    return {
      databaseMiB: mib(db.rows[0].bytes),
      tablesMiB: Object.fromEntries(tables.rows.map((r) => [r.relname, { data: mib(r.data), indexes: mib(r.indexes) }])),
    };
  } finally {
    await client.end();
  }
}

/** The plan of a query the service runs, for the result file (EXPLAIN ANALYZE, text). */
export async function explain(p, sql, params) {
  const client = new pg.Client({ connectionString: searchDatabaseUrl(p), options: '-c pg_trgm.word_similarity_threshold=0.45 -c random_page_cost=1.1' });
  await client.connect();
  try {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.end();
  }
}
