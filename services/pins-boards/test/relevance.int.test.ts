import { BOOKMARK_END, type SearchResult } from '@pinhive/contracts';
import { PgSearchIndex } from '../src/search/pg/pg-search.index';
import { prepareSearchSchema } from '../src/search/pg/schema';
import { ok, resourceCalls } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';
import { loadRelevanceFixture, relevanceFixture } from './support/relevance-fixture';

/**
 * Relevance on the fixture (fixtures/relevance-pins.json, 370 pins): queries and the top results
 * a person would expect, written down, asserted against the real index (PostgreSQL full-text
 * search) through BaseSearchResource, with its typo correction. What the ranking promises is in
 * docs/decisions/search.md "Ranking": every word must match, stems and folded accents, the
 * title above the description, and among equal scores the later id first (ids follow the saves:
 * the newest first).
 */
let t: PinsBoardsUnderTest;
const fixture = relevanceFixture();
const { get } = resourceCalls(() => ({ url: t.service.url, viewers: t.viewers }));

beforeAll(async () => {
  t = await startPinsBoards('relevance');
  await loadRelevanceFixture(new PgSearchIndex(t.service.ctx.postgres!), fixture);
});
afterAll(() => t?.close());

const titleOf = new Map(fixture.pins.map((p) => [p.id, p.title]));
const titles = async (options: Record<string, unknown>) =>
  ok<SearchResult[]>(await get('BaseSearchResource', { page_size: 25, ...options })).map((r) => titleOf.get(r.id) ?? r.id);

/**
 * Each row: the search options, then the expected first results in order; `only` when these are
 * all the results (nothing else matches), `first` when more follow.
 */
// Every row has its three entries: it.each passes a shorter row's missing one as jest's `done`.
type Row = [options: Record<string, unknown>, top: string[], extent: 'only' | 'first'];
const table: Record<string, Row[]> = {
  'stemming: plural and singular find each other': [
    [{ query: 'cookie' }, ['Chewy chocolate chip cookies', 'Cookie decorating for beginners', 'Oatmeal raisin bars'], 'only'],
    [{ query: 'cookies' }, ['Chewy chocolate chip cookies', 'Cookie decorating for beginners', 'Oatmeal raisin bars'], 'only'],
    [{ query: 'lasagnas' }, ['Spinach lasagna rolls', 'Classic beef lasagna'], 'only'],
    [{ query: 'pancake' }, ['Fluffy pancakes'], 'only'],
    [{ query: 'beaches' }, ['Hidden beaches of the Algarve'], 'first'],
  ],
  'accents folded, in the query and in the pins': [
    [{ query: 'creme brulee' }, ['Lemon crème brûlée tart', 'Crème brûlée'], 'only'],
    [{ query: 'BRÛLÉE' }, ['Lemon crème brûlée tart', 'Crème brûlée'], 'only'],
    [{ query: 'cafe' }, ['Café de Flore, Paris', 'Best cafes in Lisbon'], 'only'],
    [{ query: 'cafés' }, ['Café de Flore, Paris', 'Best cafes in Lisbon'], 'only'],
    [{ query: 'sao paulo' }, ['São Paulo street art'], 'only'],
    [{ query: 'zurich' }, ['Zürich old town walk'], 'only'],
    [{ query: 'acai' }, ['Açaí bowl'], 'only'],
    [{ query: 'macrame' }, ['Macramé plant hanger'], 'only'],
  ],
  'typos corrected to words pins were saved with, unless auto-correction is off': [
    [{ query: 'lasagana' }, ['Spinach lasagna rolls', 'Classic beef lasagna'], 'only'],
    [{ query: 'lasagana', auto_correction_disabled: 'true' }, [], 'only'],
    [{ query: 'bohemain' }, ['Bohemian living room', 'Bohemian wedding dresses'], 'only'],
    [{ query: 'chocolat chip cookeis' }, ['Chewy chocolate chip cookies'], 'only'],
  ],
  'several words: every one must match, the title above the description': [
    [{ query: 'lemon chicken' }, ['One pan lemon chicken', 'Chicken tikka masala'], 'only'],
    [{ query: 'bohemian wedding' }, ['Bohemian wedding dresses'], 'only'],
    [{ query: 'japan itinerary' }, ['Two weeks in Japan itinerary'], 'only'],
    [{ query: 'knit sweater' }, ['Chunky knit sweaters', 'Wool coat outfits'], 'only'],
    [{ query: 'chicken' }, ['One pan lemon chicken', 'Chicken noodle soup', 'Chicken tikka masala'], 'only'],
    [{ query: 'tomato' }, ['Growing tomatoes in pots'], 'first'],
    [{ query: 'lemon' }, ['One pan lemon chicken', 'Lemon garlic shrimp pasta', 'Lemon crème brûlée tart', 'Chicken tikka masala'], 'only'],
  ],
  'a rare word finds its few pins; a common one ranks its best first': [
    [{ query: 'saffron' }, ['Saffron buns for Lucia day', 'Saffron risotto'], 'only'],
  ],
  'equal matches: the newest first': [
    [{ query: 'dress' }, ['Bohemian wedding dresses', 'White dress with sandals', 'Blue floral wrap dress', 'Red linen summer dress'], 'only'],
    [{ query: 'garden' }, ['Balcony garden ideas', 'Raised vegetable garden beds', 'Quick balcony garden', 'Balcony garden'], 'first'],
  ],
  'filters with a query: colour and site': [
    [{ query: 'dress', colors: 'red' }, ['Red linen summer dress'], 'only'],
    [{ query: 'dress', colors: ['red', 'blue'] }, ['Blue floral wrap dress', 'Red linen summer dress'], 'only'],
    [{ query: 'lemon', domains: 'seriouseats.example' }, ['One pan lemon chicken'], 'only'],
    [{ query: 'risotto', domains: 'www.seriouseats.example' }, ['Saffron risotto'], 'only'],
    [{ query: 'cookies', domains: 'bakingsense.example' }, ['Chewy chocolate chip cookies'], 'only'],
  ],
};

describe.each(Object.entries(table))('%s', (_, rows) => {
  it.each(rows)('%j', async (options, top, extent) => {
    const found = await titles(options);
    expect(extent === 'only' ? found : found.slice(0, top.length)).toEqual(top);
  });
});

it('ranks the three saves of the same pin newest first', async () => {
  const saves = fixture.pins.filter((p) => p.title === 'Overnight oats').map((p) => p.id);
  expect(saves).toHaveLength(3);
  const found = ok<SearchResult[]>(await get('BaseSearchResource', { query: 'overnight oats' })).map((r) => r.id);
  expect(found).toEqual([...saves].sort().reverse());
});

it('a common word: every pin of it found across the pages, none twice', async () => {
  const has = (text: string) => /\bideas?\b/i.test(text);
  const matching = fixture.pins.filter((p) => has(p.title) || has(p.description));
  expect(matching.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (let page = 0, bookmark: string | undefined; page < 10; page++) {
    const res = await get('BaseSearchResource', { query: 'ideas', page_size: 25, ...(bookmark ? { bookmarks: [bookmark] } : {}) });
    found.push(...ok<SearchResult[]>(res).map((r) => r.id));
    bookmark = (res.body as { resource_response: { bookmarks: string[] } }).resource_response.bookmarks[0];
    if (bookmark === BOOKMARK_END) break;
  }
  expect(found).toHaveLength(matching.length);
  expect(new Set(found)).toEqual(new Set(matching.map((p) => p.id)));
});

/**
 * A query of plain words is answered from the term lists (pg/pin-terms.ts: a walk of the rarest
 * word's list, keeping the pins whose words hold the others) or, for rare words together and
 * filters, from the full-text index: all must find the same pins in the same order
 * with the same scores (a bookmark made by one is read by the other when the words' frequencies
 * change between two pages).
 */
describe('the term lists and the full-text index answer plain words alike', () => {
  const plain = Object.values(table).flat().filter(([options]) => Object.keys(options).join() === 'query').map(([options]) => String(options.query));
  // Every word in every pin: every query walks the lists from its first word. No word among the
  // common ones, and none of them in more than a thousand pins: every query walks its rarest word's whole list.
  const everyWordCommon = { share: () => 1, pins: () => 1_000_000, rareBound: () => 0.2 };
  const everyWordRare = { share: () => 0, pins: () => 1_000_000, rareBound: () => 0.001 };
  const ask = (index: PgSearchIndex, query: string) => index.pins({ userId: undefined }, { query, typos: true, limit: 26 }, {});

  it.each([...plain, 'ideas', 'balcony garden', 'chicken lemon pasta'])('%s', async (query) => {
    const pool = t.service.ctx.postgres!;
    const [walked, walkedWhole, fullText] = await Promise.all([
      ask(new PgSearchIndex(pool, { frequencies: everyWordCommon }), query),
      ask(new PgSearchIndex(pool, { frequencies: everyWordRare }), query),
      ask(new PgSearchIndex(pool, { lists: false }), query),
    ]);
    expect(walked.keys).toEqual(fullText.keys);
    expect(walkedWhole.keys).toEqual(fullText.keys);
  });

  it('walks run on a plan made once per connection (the planned-once pool), and find what the full-text index finds', async () => {
    // One connection of the pool, so that its prepared statements can be read back.
    const connection = await t.service.ctx.postgresPlannedOnce!.connect();
    try {
      const walks = new PgSearchIndex(t.service.ctx.postgres!, { frequencies: everyWordCommon, plannedOnce: connection });
      const fullText = new PgSearchIndex(t.service.ctx.postgres!, { lists: false });
      for (const query of [...plain, 'ideas', 'balcony garden']) expect([query, (await ask(walks, query)).keys]).toEqual([query, (await ask(fullText, query)).keys]);
      const { rows } = await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
        "SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name LIKE 'search-pins-terms-%'");
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ name: row.name, generic_plans: expect.not.stringMatching(/^0$/), custom_plans: '0' });
    } finally {
      connection.release();
    }
  });

  it('a pin saved again with other words is found by its new words only, and a deleted pin by none', async () => {
    const pool = t.service.ctx.postgres!;
    const index = new PgSearchIndex(pool, { frequencies: everyWordCommon });
    const [first] = fixture.pins;
    const at = new Date(Date.UTC(2026, 5, 1));
    const image = { url: '/media/fixture/terms.jpg', width: 236, height: 300 };
    const pin = { pinId: '99990000000000000001', boardId: first!.board, pinnerId: first!.pinner, link: null, dominantColor: '#336699', image236: image, imageOrig: image, createdAt: at, at };
    const ids = async (query: string) => (await ask(index, query)).items.map((p) => p.id);
    await index.savePins([{ ...pin, title: 'Quenvix armchair', description: 'Zorblat velvet' }]);
    expect(await ids('quenvix')).toEqual([pin.pinId]);
    expect(await ids('zorblat armchair')).toEqual([pin.pinId]);

    // A reindex of an edited pin: its old words stay in the lists, and the pin's own words decide.
    await index.savePins([{ ...pin, title: 'Plimsoll sofa', description: 'Zorblat linen', at: new Date(at.getTime() + 1000) }]);
    expect(await ids('quenvix')).toEqual([]);
    expect(await ids('zorblat armchair')).toEqual([]);
    expect(await ids('plimsoll zorblat')).toEqual([pin.pinId]);

    await index.deletePin(pin.pinId, new Date(at.getTime() + 2000));
    expect(await ids('plimsoll')).toEqual([]);
    expect(await ids('zorblat')).toEqual([]);
  });

  it('term lists made before they held their pins\' words get them at the next start, and answer as before', async () => {
    const pool = t.service.ctx.postgres!;
    const queries = ['lemon chicken', 'creme brulee', 'chocolate chip cookies', 'ideas'];
    const walks = new PgSearchIndex(pool, { frequencies: everyWordCommon });
    const before = await Promise.all(queries.map((q) => ask(walks, q)));
    // The table as it was: its key without the words, and no words.
    await pool.query(`ALTER TABLE search_pin_terms DROP CONSTRAINT search_pin_terms_pkey,
      ADD PRIMARY KEY (term, created_at, pin_id) INCLUDE (rank), DROP COLUMN words`);
    await prepareSearchSchema(pool);
    const { rows } = await pool.query<{ key: string; empty: number }>(`SELECT pg_get_indexdef('search_pin_terms_pkey'::regclass) AS key,
      (SELECT count(*)::int FROM search_pin_terms WHERE cardinality(words) = 0) AS empty`);
    expect(rows[0]).toEqual({ key: expect.stringContaining('INCLUDE (rank, words)'), empty: 0 });
    expect(await Promise.all(queries.map((q) => ask(walks, q)))).toEqual(before);
    expect(before.every((found) => found.keys.length > 0)).toBe(true);
  });
});
