import type { Pool } from 'pg';

/**
 * The search database's schema (PostgreSQL 15+ with its contrib `unaccent` and `pg_trgm`),
 * applied at every start: each statement is idempotent, and a change is a new statement below,
 * never an edit of an applied one. One transaction under an advisory lock, so that two
 * instances starting at once do not race.
 *
 * - `search_fold`: lower case without accents; immutable, so that generated columns and indexes
 *   may use it (unaccent() itself is only stable: its dictionary could change).
 * - `pinhive_english`: English stemming after accent folding ("Crème brûlée" finds "creme brulee").
 * - Each table has a `version` (the time of the change it last applied) and tombstones
 *   (`deleted`), so events applied out of order or twice leave the newest state
 *   (search.index.ts).
 * - Typo tolerance corrects a query's unknown words against `search_words` (every word saved),
 *   then searches again: a bounded read, where comparing the query with every pin's text by
 *   trigrams read most of the table for a common word (the search benchmark).
 * - Pins carry what a result card shows: a query reads the index alone. The board's privacy,
 *   members and the people's state are joined at query time, so a privacy change or a
 *   deactivation is one row's write and shows at once.
 */
const STATEMENTS = [
  'CREATE EXTENSION IF NOT EXISTS unaccent',
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'pinhive_english') THEN
       CREATE TEXT SEARCH CONFIGURATION pinhive_english (COPY = english);
       ALTER TEXT SEARCH CONFIGURATION pinhive_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
     END IF;
   END $$`,

  `CREATE TABLE IF NOT EXISTS search_people (
     user_id text PRIMARY KEY,
     username text NOT NULL DEFAULT '',
     full_name text NOT NULL DEFAULT '',
     version timestamptz NOT NULL DEFAULT '-infinity',
     deactivated boolean NOT NULL DEFAULT false,
     status_version timestamptz NOT NULL DEFAULT '-infinity',
     names text GENERATED ALWAYS AS (search_fold(username || ' ' || full_name)) STORED
   )`,
  'CREATE INDEX IF NOT EXISTS search_people_names ON search_people USING gin (names gin_trgm_ops) WHERE NOT deactivated',
  'CREATE INDEX IF NOT EXISTS search_people_username ON search_people (username)',

  `CREATE TABLE IF NOT EXISTS search_boards (
     board_id text PRIMARY KEY,
     owner_id text NOT NULL DEFAULT '',
     name text NOT NULL DEFAULT '',
     slug text NOT NULL DEFAULT '',
     description text NOT NULL DEFAULT '',
     privacy text NOT NULL DEFAULT 'secret',
     version timestamptz NOT NULL DEFAULT '-infinity',
     deleted boolean NOT NULL DEFAULT false,
     doc tsvector GENERATED ALWAYS AS (
       setweight(to_tsvector('pinhive_english', name), 'A') || setweight(to_tsvector('pinhive_english', description), 'B')) STORED,
     names text GENERATED ALWAYS AS (search_fold(name)) STORED
   )`,
  'CREATE INDEX IF NOT EXISTS search_boards_doc ON search_boards USING gin (doc) WHERE NOT deleted',
  'CREATE INDEX IF NOT EXISTS search_boards_names ON search_boards USING gin (names gin_trgm_ops) WHERE NOT deleted',

  // Who collaborates on which board, each pair versioned (an add and a remove travel on two topics).
  `CREATE TABLE IF NOT EXISTS search_board_members (
     board_id text NOT NULL,
     user_id text NOT NULL,
     member boolean NOT NULL,
     version timestamptz NOT NULL,
     PRIMARY KEY (board_id, user_id)
   )`,

  `CREATE TABLE IF NOT EXISTS search_pins (
     pin_id text PRIMARY KEY,
     board_id text NOT NULL,
     -- When the pin was put on board_id (its save or a move): an older move or save leaves it.
     board_version timestamptz NOT NULL,
     -- false while only a move was seen (its save's event is on another topic).
     saved boolean NOT NULL DEFAULT false,
     deleted boolean NOT NULL DEFAULT false,
     pinner_id text NOT NULL DEFAULT '',
     title text NOT NULL DEFAULT '',
     description text NOT NULL DEFAULT '',
     link text,
     domain text,
     dominant_color text NOT NULL DEFAULT '#efefef',
     color text,
     image_236 jsonb,
     image_orig jsonb,
     created_at timestamptz,
     doc tsvector GENERATED ALWAYS AS (
       setweight(to_tsvector('pinhive_english', title), 'A') || setweight(to_tsvector('pinhive_english', description), 'B')) STORED
   )`,
  'CREATE INDEX IF NOT EXISTS search_pins_doc ON search_pins USING gin (doc) WHERE saved AND NOT deleted',
  // A query's candidates are its newest matches (pg-search.index.ts): for a common word the
  // planner walks this index newest first instead of ranking every match.
  'CREATE INDEX IF NOT EXISTS search_pins_recent ON search_pins (created_at DESC) WHERE saved AND NOT deleted',
  // Every word pins were saved with (folded, 3 to 40 characters): what a query's unknown word is
  // corrected to (trigram similarity), instead of comparing the query with every pin's text.
  'CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY)',
  'CREATE INDEX IF NOT EXISTS search_words_trigrams ON search_words USING gin (word gin_trgm_ops)',
  // Hashtags (search.rules.ts hashtagsOf) of the title and description, and every tag ever seen
  // (the suggestions' prefix read; a tag is suggested only while the viewer may see a pin of it).
  "ALTER TABLE search_pins ADD COLUMN IF NOT EXISTS hashtags text[] NOT NULL DEFAULT '{}'",
  'CREATE INDEX IF NOT EXISTS search_pins_hashtags ON search_pins USING gin (hashtags) WHERE saved AND NOT deleted',
  'CREATE TABLE IF NOT EXISTS search_hashtags (tag text PRIMARY KEY)',
  'CREATE INDEX IF NOT EXISTS search_hashtags_prefix ON search_hashtags (tag text_pattern_ops)',
  // Who may see boards others may not (results-cache.ts shares the others' answers).
  "CREATE INDEX IF NOT EXISTS search_boards_private_owner ON search_boards (owner_id) WHERE privacy <> 'public' AND NOT deleted",
  'CREATE INDEX IF NOT EXISTS search_board_members_user ON search_board_members (user_id) WHERE member',
  // Typeahead's query suggestions: titles by their folded prefix.
  'CREATE INDEX IF NOT EXISTS search_pins_title ON search_pins (search_fold(title) text_pattern_ops) WHERE saved AND NOT deleted',
  // Operators' advisories for sensitive queries (search/advisories.ts): a term of 1 to 3 folded
  // words, matched against a query's runs of 1 to 3 words by equality on the key.
  `CREATE OR REPLACE FUNCTION search_words_of(text) RETURNS text[]
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT array_remove(regexp_split_to_array(search_fold($1), '[^[:alnum:]_]+'), '') $$`,
  `CREATE TABLE IF NOT EXISTS search_advisories (
     term text PRIMARY KEY,
     severity smallint NOT NULL,
     advisory_type smallint NOT NULL,
     resource_country text,
     advisory_details text,
     notice jsonb NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  // `npm run admin -- search reindex`'s progress (search/reindex.ts): documents done per phase.
  `CREATE TABLE IF NOT EXISTS search_reindex (
     phase text PRIMARY KEY,
     done bigint NOT NULL,
     finished boolean NOT NULL DEFAULT false,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  // A board's pins, newest first: its count and cover in board results.
  'CREATE INDEX IF NOT EXISTS search_pins_board ON search_pins (board_id, created_at DESC) WHERE saved AND NOT deleted',
  // A board's pins of some colours, newest first (BoardPinsByColorResource): each colour a range of it.
  'CREATE INDEX IF NOT EXISTS search_pins_board_color ON search_pins (board_id, color, created_at DESC, pin_id DESC) WHERE saved AND NOT deleted',
  // The share suggestions' people by the start of a word (collaborators/share-suggestions.ts):
  // every word (a run of letters, folded) of a person's username and full name, written with
  // search_people (pg-search.index.ts savePerson). A prefix is a range of search_people_words_prefix;
  // "among these people" a range per person of search_people_words_person, which also finds the
  // words a rename drops. The trigram index on search_people.names cannot answer "starts a word"
  // in a bounded read: a two-letter prefix has no trigram of its own. Not search_words_of: in a
  // name, digits and underscores part words too ("bob_smith42" is bob and smith).
  `CREATE OR REPLACE FUNCTION search_name_words(text) RETURNS text[]
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT array_remove(regexp_split_to_array(search_fold($1), '[^[:alpha:]]+'), '') $$`,
  `CREATE TABLE IF NOT EXISTS search_people_words (
     user_id text NOT NULL,
     word text NOT NULL
   )`,
  'CREATE UNIQUE INDEX IF NOT EXISTS search_people_words_person ON search_people_words (user_id, word text_pattern_ops)',
  'CREATE INDEX IF NOT EXISTS search_people_words_prefix ON search_people_words (word text_pattern_ops, user_id)',
  // The people indexed before the table was: once, while it is empty (a reindex writes them too).
  `INSERT INTO search_people_words (user_id, word)
     SELECT DISTINCT s.user_id, w FROM search_people s, unnest(search_name_words(s.username || ' ' || s.full_name)) w
     WHERE NOT EXISTS (SELECT 1 FROM search_people_words)
     ON CONFLICT DO NOTHING`,
  // The term lists (pin-terms.ts): each word of a pin with its rank in the pin, a word's newest
  // pins a backward range of the key, read from the index alone (INCLUDE rank). A word's rank is
  // ts_rank_cd of the word alone, as a search of that word ranks (search_term_query: a lexeme
  // quoted as tsquery input wants, chr(39) a quote, doubled inside; chr(92) a backslash, escaped).
  `CREATE OR REPLACE FUNCTION search_term_query(text) RETURNS tsquery
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT (chr(39) || replace(replace($1, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39))::tsquery $$`,
  `CREATE OR REPLACE FUNCTION search_terms_of(tsvector) RETURNS TABLE (term text, rank real)
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT l, ts_rank_cd($1, search_term_query(l), 32) FROM unnest(tsvector_to_array($1)) l $$`,
  // Each row also holds every word of its pin, as 32-bit hashes (`words`, in the key's INCLUDE): a
  // walk of one word's list keeps the pins that have the query's other words as it reads the
  // index, instead of looking each up in the other words' lists (pin-terms.ts, termCandidates).
  // md5, not hashtext: its value can never change with PostgreSQL's version. Two words with one
  // hash only let a pin through to the check of its own words (the lookup of its rank).
  `CREATE OR REPLACE FUNCTION search_term_hash(text) RETURNS int4
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT ('x' || left(md5($1), 8))::bit(32)::int4 $$`,
  `CREATE OR REPLACE FUNCTION search_term_hashes(tsvector) RETURNS int4[]
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT coalesce(array_agg(search_term_hash(l)), '{}') FROM unnest(tsvector_to_array($1)) l $$`,
  // A pin's rows of the term lists, as every writer of them (a save, the fill below, the search
  // benchmark's seed) inserts them: each word with its rank and the pin's words, hashed once a pin.
  `CREATE OR REPLACE FUNCTION search_term_rows(tsvector) RETURNS TABLE (term text, rank real, words int4[])
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT w.term, w.rank, h.words FROM search_term_hashes($1) h(words), search_terms_of($1) w $$`,
  `CREATE TABLE IF NOT EXISTS search_pin_terms (
     term text NOT NULL,
     created_at timestamptz NOT NULL,
     pin_id text NOT NULL,
     rank real NOT NULL,
     words int4[] NOT NULL,
     PRIMARY KEY (term, created_at, pin_id) INCLUDE (rank, words)
   )`,
  // Lists made before the words were kept: filled from the pins and the key rebuilt with them,
  // once (minutes at a million pins, while this start holds the schema lock).
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'search_pin_terms'::regclass AND attname = 'words' AND NOT attisdropped) THEN
       ALTER TABLE search_pin_terms ADD COLUMN words int4[];
       UPDATE search_pin_terms t SET words = search_term_hashes(p.doc) FROM search_pins p WHERE p.pin_id = t.pin_id;
       DELETE FROM search_pin_terms WHERE words IS NULL;
       ALTER TABLE search_pin_terms ALTER COLUMN words SET NOT NULL,
         DROP CONSTRAINT search_pin_terms_pkey, ADD PRIMARY KEY (term, created_at, pin_id) INCLUDE (rank, words);
     END IF;
   END $$`,
  // Which word of a query is the rarest comes from these statistics (TermFrequencies): the 1,000
  // most common words. Set once: an ALTER at every start would take the table's lock (cancelling
  // an autovacuum of its millions of rows) to write what is there already.
  `DO $$ BEGIN
     IF (SELECT attstattarget FROM pg_attribute WHERE attrelid = 'search_pin_terms'::regclass AND attname = 'term') IS DISTINCT FROM 1000 THEN
       ALTER TABLE search_pin_terms ALTER COLUMN term SET STATISTICS 1000;
     END IF;
   END $$`,
  // An index made before the lists: filled once, in key order.
  `INSERT INTO search_pin_terms (term, created_at, pin_id, rank, words)
     SELECT w.term, p.created_at, p.pin_id, w.rank, w.words FROM search_pins p, search_term_rows(p.doc) w
     WHERE p.saved AND NOT p.deleted AND p.created_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM search_pin_terms)
     ORDER BY 1, 2, 3
     ON CONFLICT DO NOTHING`,
];

/** A constant of our own for pg_advisory_xact_lock: only schema changes take it. */
const SCHEMA_LOCK = 7_420_221;

export async function prepareSearchSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    for (const sql of STATEMENTS) await client.query(sql);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Empties the index (`search reindex --fresh`): what the reindex writes next is all it holds. */
export async function truncateSearchIndex(pool: Pool): Promise<void> {
  await pool.query('TRUNCATE search_pins, search_pin_terms, search_boards, search_board_members, search_people, search_people_words, search_hashtags, search_words, search_reindex');
}
