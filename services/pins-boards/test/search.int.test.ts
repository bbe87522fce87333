import fs from 'node:fs';
import request from 'supertest';
import os from 'node:os';
import path from 'node:path';
import { BOOKMARK_END, type SearchPageMeta, type SearchResult } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { PgReindexCheckpoint } from '../src/search/pg/pg-reindex-checkpoint';
import { PgSearchIndex } from '../src/search/pg/pg-search.index';
import { prepareSearchSchema, truncateSearchIndex } from '../src/search/pg/schema';
import { reindexSearch } from '../src/search/reindex';
import { Advisories } from '../src/search/advisories';
import { advisoryCommand } from '../src/search/advisory-command';
import { serviceEnv, uniqueName, waitFor } from '../../../test/support/servers';
import { publishEvents } from '../../../test/support/events';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, png, resourceCalls, whenReady, type Person } from './support/resources';

/**
 * Search against the real index (PostgreSQL's full-text search in its own database), kept by
 * the service's own events through the real Kafka: what each scope finds, how it ranks, and
 * what it never shows (secret boards to strangers and removed collaborators, deleted pins,
 * deactivated people), also when events come twice or out of order.
 */
const prefix = `${uniqueName('se')}.`;
const db = uniqueName('search');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-search-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let service: RunningService<PinsBoardsConfig>;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const bea: Person = { id: 'user-bea', username: 'bea' };
const { get, write } = resourceCalls(() => ({ url: service.url, viewers }));

const publish = (...events: Parameters<RunningService<PinsBoardsConfig>['ctx']['bus']['publish']>[0]) => publishEvents(service.ctx.bus, events);

/** auth's registration of a person, as the index learns their names. */
const register = (who: Person, firstName: string, lastName = '') =>
  newEvent('auth', 'auth.user.registered.v1', who.id, { userId: who.id, username: who.username, email: `${who.username}@example.com`, firstName, lastName, country: null, registeredAt: new Date().toISOString() });

const createBoard = async (who: Person, name: string, privacy = 'public') =>
  ok<{ id: string; url: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);

let colorSeed = 0x102030;
const savePin = async (who: Person, boardId: string, title: string, opts: { description?: string; color?: string; link?: string } = {}) => {
  // Each pin its own image (images are stored by content), in the colour asked for.
  const color = opts.color ?? `#${(colorSeed += 0x010203).toString(16).padStart(6, '0')}`;
  const options = { board_id: boardId, title, description: opts.description ?? '', image_base64: (await png(color)).toString('base64'), ...(opts.link ? { link: opts.link } : {}) };
  return ok<{ id: string }>(await write('PinResource', 'create', options, who), 201);
};

const search = async (options: Record<string, unknown>, who?: Person) => {
  const res = await get('BaseSearchResource', options, who);
  const envelope = (res.body as { resource_response: { bookmarks: string[]; meta?: SearchPageMeta } }).resource_response;
  return { items: ok<SearchResult[]>(res), bookmark: envelope.bookmarks[0], meta: envelope.meta };
};
const ids = async (options: Record<string, unknown>, who?: Person) => (await search(options, who)).items.map((r) => r.id);

/** Waits until a search answers what `check` accepts (the index follows events: within about a second). */
const searchUntil = (options: Record<string, unknown>, who: Person | undefined, check: (ids: string[]) => boolean, what: string) =>
  waitFor(async () => {
    const found = await ids(options, who);
    return check(found) ? found : undefined;
  }, what);

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  service = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  await whenReady(service.url);
  await publish(register(ada, 'Ada', 'Lovelace'), register(grace, 'Grace', 'Hopper'), register(bea, 'Béatrice', 'Durand'));
});

afterAll(async () => {
  await service?.close();
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('pins', () => {
  it('ranks a title match above a description match, folds accents, stems English and tolerates a typo unless auto-correction is off', async () => {
    const board = await createBoard(ada, 'Desserts');
    const tart = await savePin(ada, board.id, 'Lemon meringue tart', { description: 'Zesty and sweet' });
    const cake = await savePin(ada, board.id, 'Sunday cake', { description: 'With lemon curd in the middle' });
    const brulee = await savePin(ada, board.id, 'Crème brûlée for two');
    const baking = await savePin(ada, board.id, 'Baked apples');
    // Saves of different pins travel on different partitions: wait for each.
    await searchUntil({ query: 'lemon' }, undefined, (found) => found.length === 2, 'both lemon pins indexed');
    await searchUntil({ query: 'brulee' }, undefined, (found) => found.length === 1, 'the brulee indexed');
    await searchUntil({ query: 'apples', auto_correction_disabled: 'true' }, undefined, (found) => found.length === 1, 'the apples indexed');

    // Written down before the ranking was built: the title's match first.
    expect(await ids({ query: 'lemon' })).toEqual([tart.id, cake.id]);
    expect(await ids({ query: 'creme brulee' })).toEqual([brulee.id]);
    expect(await ids({ query: 'BRÛLÉE' })).toEqual([brulee.id]);
    expect(await ids({ query: 'baking apple' })).toEqual([baking.id]);
    expect(await ids({ query: 'meringe' })).toEqual([tart.id]);
    expect(await ids({ query: 'meringe', auto_correction_disabled: 'TRUE' })).toEqual([]);
    expect(await ids({ query: 'meringe', auto_correction_disabled: 'yes' })).toEqual([tart.id]);

    const [first] = (await search({ query: 'lemon meringue' })).items;
    expect(first).toMatchObject({
      id: tart.id, type: 'pin', title: 'Lemon meringue tart', description: 'Zesty and sweet',
      board: { id: board.id, name: 'Desserts', url: '/ada/desserts/' }, pinner: { id: ada.id, username: 'ada', full_name: 'Ada Lovelace' },
      images: { '236x': { url: expect.stringMatching(/^\/media\/236x\//) } },
    });
  });

  it('filters by named colour, by the site linked to and by pinner, and pages by bookmark without repeating a result', async () => {
    const board = await createBoard(grace, 'Paint swatches');
    const red = await savePin(grace, board.id, 'Swatch crimson', { color: '#d32f2f', link: 'https://www.paints.example/crimson' });
    const blue = await savePin(grace, board.id, 'Swatch navy', { color: '#1565c0', link: 'https://other.example/navy' });
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await savePin(grace, board.id, `Swatch sample ${i}`, { color: '#9e9e9e' }));
    await searchUntil({ query: 'swatch' }, undefined, (found) => found.length === 5, 'five swatches indexed');

    expect(await ids({ query: 'swatch', colors: 'red' })).toEqual([red.id]);
    expect(new Set(await ids({ query: 'swatch', colors: ['red', 'blue'] }))).toEqual(new Set([red.id, blue.id]));
    expect(await ids({ query: 'swatch', domains: 'paints.example' })).toEqual([red.id]);
    expect(await ids({ query: 'swatch', user: 'ada' })).toEqual([]);
    expect(await ids({ query: 'swatch', user: 'Grace' })).toHaveLength(5);
    expect((await get('BaseSearchResource', { query: 'swatch', colors: 'magenta' })).status).toBe(400);

    const seen: string[] = [];
    let bookmark: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await search({ query: 'swatch', page_size: 2, ...(bookmark ? { bookmarks: [bookmark] } : {}) });
      seen.push(...res.items.map((r) => r.id));
      bookmark = res.bookmark;
      if (bookmark === BOOKMARK_END) break;
    }
    expect(bookmark).toBe(BOOKMARK_END);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set([red.id, blue.id, ...more.map((p) => p.id)]));

    // A typo is corrected to a word pins were saved with, and the next pages go on with the
    // correction; every page says which query its results are of. As typed, or spelled right,
    // none says anything.
    const corrected: string[] = [];
    bookmark = undefined;
    for (let page = 0; page < 5; page++) {
      const res = await search({ query: 'swatsh', page_size: 2, ...(bookmark ? { bookmarks: [bookmark] } : {}) });
      expect(res.meta).toEqual({ corrected_query: 'swatch' });
      corrected.push(...res.items.map((r) => r.id));
      bookmark = res.bookmark;
      if (bookmark === BOOKMARK_END) break;
    }
    expect(new Set(corrected)).toEqual(new Set(seen));
    expect(corrected).toHaveLength(5);
    expect((await search({ query: 'swatsh', page_size: 2, auto_correction_disabled: 'true' })).meta).toBeUndefined();
    expect((await search({ query: 'swatch', page_size: 2 })).meta).toBeUndefined();
  });
});

describe('what a search never shows', () => {
  it('shows a secret board and its pins to its owner and collaborators only, and not to a collaborator once removed', async () => {
    const secret = await createBoard(ada, 'Hidden gifts', 'secret');
    const pin = await savePin(ada, secret.id, 'Hidden gift kaleidoscope');
    await searchUntil({ query: 'kaleidoscope' }, ada, (found) => found.includes(pin.id), 'the owner to find the secret pin');
    expect(await ids({ query: 'kaleidoscope' })).toEqual([]);
    expect(await ids({ query: 'kaleidoscope' }, grace)).toEqual([]);
    expect(await ids({ query: 'hidden gifts', scope: 'boards' }, grace)).toEqual([]);
    expect(await ids({ query: 'hidden gifts', scope: 'boards' }, ada)).toEqual([secret.id]);

    const added = (at: number) => newEvent('pins-boards', 'pins.board.collaborator-added.v1', secret.id, { boardId: secret.id, ownerId: ada.id, collaboratorId: grace.id, actorId: grace.id, inviteId: null }, new Date(at));
    const removed = (at: number) => newEvent('pins-boards', 'pins.board.collaborator-removed.v1', secret.id, { boardId: secret.id, ownerId: ada.id, collaboratorId: grace.id, actorId: ada.id, inviteId: null }, new Date(at));
    const t = Date.now();
    await publish(added(t));
    await searchUntil({ query: 'kaleidoscope' }, grace, (found) => found.includes(pin.id), 'the collaborator to find it');
    // The removal, then the addition delivered again late (another topic): the removal stands.
    await publish(removed(t + 1000));
    await searchUntil({ query: 'kaleidoscope' }, grace, (found) => found.length === 0, 'the removed collaborator to lose it');
    await publish(added(t));
    await publish(register(bea, 'Béatrice', 'Durand'));
    await searchUntil({ query: 'beatrice', scope: 'users' }, undefined, (found) => found.includes(bea.id), 'a later event to be handled');
    expect(await ids({ query: 'kaleidoscope' }, grace)).toEqual([]);
  });

  it('reflects a privacy change, a deleted pin and a deactivated person, and a save delivered again after its delete finds nothing', async () => {
    const board = await createBoard(bea, 'Origami cranes');
    const crane = await savePin(bea, board.id, 'Origami crane folding');
    const other = await savePin(bea, board.id, 'Origami frog folding');
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 2, 'both origami pins');

    ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, bea));
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 0, 'the board made secret to leave the results');
    expect(await ids({ query: 'origami' }, bea)).toHaveLength(2);
    ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'public', name: 'Paper cranes' }, bea));
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 2, 'public again');
    await searchUntil({ query: 'paper cranes', scope: 'boards' }, grace, (found) => found.includes(board.id), 'the new name');
    expect(await ids({ query: 'origami cranes', scope: 'boards', auto_correction_disabled: 'true' })).toEqual([]);

    const saved = newEvent('pins-boards', 'pins.pin.saved.v1', crane.id, {
      pinId: crane.id, boardId: board.id, sectionId: null, pinnerId: bea.id, firstSave: false, repinOf: null, imageId: 'img', coverImageUrl: '/x', dominantColor: '#123456',
      card: { title: 'Origami crane folding', description: '', link: null, image236: { url: '/x', width: 1, height: 1 }, imageOrig: { url: '/x', width: 1, height: 1 }, savedAt: new Date().toISOString() },
    });
    ok(await write('PinResource', 'delete', { id: crane.id }, bea));
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 1, 'the deleted pin to leave the results');
    await publish(saved);
    await publish(register(grace, 'Grace', 'Hopper'));
    await searchUntil({ query: 'grace', scope: 'users' }, undefined, (found) => found.includes(grace.id), 'a later event to be handled');
    expect(await ids({ query: 'origami' }, grace)).toEqual([other.id]);

    await publish(newEvent('auth', 'auth.user.deactivated.v1', bea.id, { userId: bea.id, reason: 'closure_request' }));
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 0, "the deactivated person's pins to leave the results");
    expect(await ids({ query: 'paper cranes', scope: 'boards' })).toEqual([]);
    expect(await ids({ query: 'beatrice', scope: 'users' })).toEqual([]);
    await publish(newEvent('auth', 'auth.user.reactivated.v1', bea.id, { userId: bea.id }));
    await searchUntil({ query: 'origami' }, grace, (found) => found.length === 1, 'back once reactivated');
  });
});

describe('scopes', () => {
  it('finds boards and people, my pins only for their pinner, and an empty page for what the product has none of', async () => {
    const board = await createBoard(grace, 'Terrarium ideas');
    const pin = await savePin(grace, board.id, 'Terrarium with moss');
    await searchUntil({ query: 'terrarium', scope: 'my_pins' }, grace, (found) => found.includes(pin.id), 'my pin');
    expect(await ids({ query: 'terrarium', scope: 'my_pins' }, ada)).toEqual([]);
    expect(await ids({ query: 'terrarium', scope: 'my_pins' })).toEqual([]);
    const [found] = (await search({ query: 'terrarium', scope: 'boards' })).items;
    expect(found).toMatchObject({ id: board.id, type: 'board', name: 'Terrarium ideas', url: '/grace/terrarium-ideas/', owner: { username: 'grace' }, pin_count: 1, image_cover_url: expect.stringMatching(/^\/media\//) });
    expect((await search({ query: 'hopper', scope: 'users' })).items).toEqual([{ id: grace.id, type: 'user', username: 'grace', full_name: 'Grace Hopper', image_medium_url: null }]);
    expect(await ids({ query: 'gracee', scope: 'users' })).toEqual([grace.id]);
    for (const scope of ['videos', 'buyable_pins', 'idea_pins']) expect(await ids({ query: 'terrarium', scope })).toEqual([]);
    expect(await ids({ query: 'terrarium', commerce_only: 'True' })).toEqual([]);
    expect(await ids({ query: 'terrarium', price_max: '20' })).toEqual([]);
    expect(await ids({ query: 'terrarium', commerce_only: 'truthy' })).toEqual([pin.id]);
  });

  it('refuses an empty query and a forged bookmark with a clear 400', async () => {
    const empty = await get('BaseSearchResource', { query: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Type something to search for.');
    expect((await get('BaseSearchResource', { query: 'a', bookmarks: ['bm90LWEta2V5'] })).status).toBe(400);
  });
});

describe('typeahead', () => {
  const typeahead = async (options: Record<string, unknown>, who?: Person) => ok<{ type: string; query?: string; name?: string; username?: string }[]>(await get('SearchTypeaheadResource', options, who));

  it('suggests the titles of pins the viewer may see that begin with the term, most used first, then boards and people', async () => {
    const board = await createBoard(grace, 'Watercolor washes');
    await savePin(grace, board.id, 'Watercolor sky');
    await savePin(grace, board.id, 'Watercolour sunset');
    await savePin(grace, board.id, 'Watercolor sky');
    const secret = await createBoard(grace, 'Watercolor secrets', 'secret');
    await savePin(grace, secret.id, 'Watercolor surprise for Ada');
    await searchUntil({ query: 'watercolor' }, grace, (found) => found.length === 3, 'every watercolor pin indexed');
    await searchUntil({ query: 'watercolour' }, grace, (found) => found.length === 1, 'the watercolour pin indexed');

    const items = await typeahead({ term: 'WATERCO' });
    expect(items.filter((i) => i.type === 'query').map((i) => i.query)).toEqual(['watercolor sky', 'watercolour sunset']);
    expect(items.filter((i) => i.type === 'board').map((i) => i.name)).toEqual(['Watercolor washes']);
    expect((await typeahead({ term: 'watercolor su' }, grace)).filter((i) => i.type === 'query').map((i) => i.query)).toEqual(['watercolor surprise for ada']);
    expect((await typeahead({ term: 'watercolor su' }, ada)).filter((i) => i.type === 'query')).toEqual([]);
    expect((await typeahead({ term: 'watercolor', pin_scope: 'true', count: 1 })).map((i) => i.type)).toEqual(['query']);
    expect((await typeahead({ term: 'gra' })).some((i) => i.type === 'user' && i.username === 'grace')).toBe(true);
    // The term's own % and _ are letters, not wildcards.
    expect((await typeahead({ term: 'w%', pin_scope: 'true' }))).toEqual([]);
    expect((await get('SearchTypeaheadResource', { term: '' })).status).toBe(400);
  });
});

describe('a board page filtered by colour', () => {
  const byColor = async (options: Record<string, unknown>, who?: Person) => {
    const res = await get('BoardPinsByColorResource', options, who);
    return res;
  };
  const pageIds = (res: { body: { resource_response: { data: { id: string }[] } } }) => res.body.resource_response.data.map((p) => p.id);

  it("reads the board's pins of the chosen colours, newest first, a page at a time, and only where the board may be seen", async () => {
    const board = await createBoard(grace, 'Front doors');
    const reds: string[] = [];
    for (let i = 0; i < 3; i++) reds.push((await savePin(grace, board.id, `Door red ${i}`, { color: '#c62828' })).id);
    const blue = await savePin(grace, board.id, 'Door blue', { color: '#1565c0' });
    await savePin(grace, board.id, 'Door grey', { color: '#9e9e9e' });
    const elsewhere = await createBoard(grace, 'Other doors');
    await savePin(grace, elsewhere.id, 'Door red elsewhere', { color: '#c62828' });
    await searchUntil({ query: 'door' }, undefined, (found) => found.length === 6, 'the doors indexed');

    // Newest first, of this board alone; two colours at once.
    expect(pageIds(await byColor({ board_id: board.id, colors: 'red' }))).toEqual([...reds].reverse());
    expect(pageIds(await byColor({ board_id: board.id, colors: ['red', 'blue'] }))).toEqual([blue.id, ...[...reds].reverse()]);
    // A page at a time, by bookmark, none repeated.
    const first = await byColor({ board_id: board.id, colors: 'red', page_size: 2 });
    expect(pageIds(first)).toEqual([reds[2], reds[1]]);
    const bookmark = (first.body as { resource_response: { bookmarks: string[] } }).resource_response.bookmarks[0];
    const second = await byColor({ board_id: board.id, colors: 'red', page_size: 2, bookmarks: [bookmark] });
    expect(pageIds(second)).toEqual([reds[0]]);
    expect((second.body as { resource_response: { bookmarks: string[] } }).resource_response.bookmarks).toEqual(['-end-']);

    // Bad input: a clear 400; a secret board: the 404 of its policy to anyone but its members.
    expect((await byColor({ board_id: board.id, colors: 'magenta' })).status).toBe(400);
    expect((await byColor({ board_id: board.id })).status).toBe(400);
    const secret = await createBoard(grace, 'Secret doors', 'secret');
    await savePin(grace, secret.id, 'Door red secret', { color: '#c62828' });
    await searchUntil({ query: 'door' }, grace, (found) => found.length === 7, 'the secret door indexed');
    expect((await byColor({ board_id: secret.id, colors: 'red' }, ada)).status).toBe(404);
    expect(pageIds(await byColor({ board_id: secret.id, colors: 'red' }, grace))).toHaveLength(1);
  });
});

describe('board title suggestions', () => {
  const suggestions = async (pinId: string, who: Person) => {
    const res = await request(service.url).get(`/v3/pins/${pinId}/board_title_suggestions/`).set(viewers.bearer(who));
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
    return (res.body as { resource_response: { data: { title: string }[] } }).resource_response.data.map((s) => s.title);
  };

  it('names first the boards the viewer may see that hold pins like this one, then phrases of the pin, none the viewer already has', async () => {
    const garden = await createBoard(ada, 'Rock gardens');
    await savePin(ada, garden.id, 'Alpine succulent rockery');
    const hidden = await createBoard(ada, 'Hidden rockeries', 'secret');
    await savePin(ada, hidden.id, 'Succulent rockery secret plan');
    const mine = await createBoard(grace, 'Stuff');
    const pin = await savePin(grace, mine.id, 'Succulent rockery steps');
    await searchUntil({ query: 'succulent rockery', auto_correction_disabled: 'true' }, ada, (found) => found.length === 3, 'the three rockeries indexed');

    const named = await suggestions(pin.id, grace);
    expect(named[0]).toBe('Rock gardens');
    expect(named).not.toContain('Hidden rockeries');
    expect(named).toContain('Succulent rockery steps');
    expect(named.length).toBeLessThanOrEqual(5);
    // Ada has those two boards: she is offered neither (a new board of either name would be
    // refused), but phrases of the pin, and never the vague name of the board it came from.
    expect(await suggestions(pin.id, ada)).toEqual(['Succulent rockery steps', 'Rockery steps', 'Succulent', 'Rockery', 'Steps']);
  });
});

describe('hashtag suggestions', () => {
  const autocomplete = async (q: string, who?: Person, showPinCount = 'true') => {
    const req = request(service.url).get(`/v3/search/autocomplete/?q=${encodeURIComponent(q)}&show_pin_count=${showPinCount}`);
    const res = await (who ? req.set(viewers.bearer(who)) : req);
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
    return (res.body as { resource_response: { data: { query: string; pin_count?: number }[] } }).resource_response.data;
  };

  it('suggests the hashtags of pins the viewer may see, the most used first, with their pin counts', async () => {
    const board = await createBoard(ada, 'Picnics');
    await savePin(ada, board.id, 'Basket', { description: 'Lunch outside #PicnicIdeas #summer' });
    await savePin(ada, board.id, 'Blanket', { description: '#picnicideas again, and #picnicTime' });
    const secret = await createBoard(ada, 'Secret picnics', 'secret');
    await savePin(ada, secret.id, 'Plan', { description: '#picnicSurprise for Grace' });
    const exact = { auto_correction_disabled: 'true' };
    await searchUntil({ query: 'picnicsurprise', ...exact }, ada, (found) => found.length === 1, 'the secret tag indexed');
    await searchUntil({ query: 'picnictime', ...exact }, undefined, (found) => found.length === 1, 'the #picnictime pin indexed');
    await searchUntil({ query: 'picnicideas', ...exact }, undefined, (found) => found.length === 2, 'the #picnicideas pins indexed');

    expect(await autocomplete('#picn')).toEqual([{ query: '#picnicideas', pin_count: 2 }, { query: '#picnictime', pin_count: 1 }]);
    expect(await autocomplete('PICNIC', grace, 'false')).toEqual([{ query: '#picnicideas' }, { query: '#picnictime' }]);
    expect((await autocomplete('picnics', ada)).map((h) => h.query)).toEqual(['#picnicsurprise']);
    expect(await autocomplete('   ')).toEqual([]);
    expect(await autocomplete('%')).toEqual([]);
  });
});

describe('advisories', () => {
  it('are set by the operator command and matched as whole words of a query, the longest and most severe first', async () => {
    const advisories = new Advisories(service.ctx.postgres!);
    const run = (...args: string[]) => advisoryCommand(advisories, args);
    await run('set', 'Self Harm', '--severity', '1', '--type', '4', '--level', '14', '--style', '2', '--title', 'Are you OK?',
      '--description', 'If you are going through a difficult time, help is available.', '--action', 'Get help|https://help.example/|Talk to someone|Free and confidential');
    await run('set', 'harm', '--severity', '2', '--type', '0', '--level', '1', '--style', '0', '--title', 'Brand unsafe');
    await run('set', 'Crème', '--severity', '0', '--type', '0', '--level', '4', '--style', '0', '--title', 'Abusive');
    expect(await run('list')).toEqual([
      '"creme": severity 0, type 0, level 4, style 0, "Abusive"'.replace(/^"creme"/, 'creme'),
      'harm: severity 2, type 0, level 1, style 0, "Brand unsafe"',
      'self harm: severity 1, type 4, level 14, style 2, "Are you OK?"',
    ]);

    const advisory = async (query: string) => ok<Record<string, unknown> | null>(await get('SearchAdvisoryResource', { query }));
    expect(await advisory('quotes about SELF-HARM')).toMatchObject({
      advisory: 'self harm', severity: 1, advisory_type: 4,
      notices: [{ level: 14, style: 2, title: 'Are you OK?', actions: [{ title: 'Talk to someone', description: 'Free and confidential', button: { text: 'Get help', link: 'https://help.example/' } }] }],
    });
    expect(await advisory('harm reduction')).toMatchObject({ advisory: 'harm', severity: 2 });
    expect(await advisory('creme brulee')).toMatchObject({ advisory: 'creme', severity: 0 });
    expect(await advisory('harmony')).toBeNull();
    expect(await advisory('self portrait')).toBeNull();

    await expect(run('set', 'a b c d', '--severity', '1', '--type', '0', '--level', '1', '--style', '0')).rejects.toThrow('1 to 3 words');
    await expect(run('set', 'x', '--severity', '3', '--type', '0', '--level', '1', '--style', '0')).rejects.toThrow('--severity must be one of 0, 1, 2');
    expect(await run('remove', 'HARM')).toEqual(['removed "HARM"']);
    expect(await advisory('harm reduction')).toBeNull();
  });
});

describe('people by the start of a word (the share suggestions)', () => {
  it('keeps the words of the username and name with the person: a rename drops the old ones, an older change arriving late and a deactivation hide them', async () => {
    const index = new PgSearchIndex(service.ctx.postgres!);
    const id = uniqueName('user-words');
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const find = (words: string[], among?: string[]) => index.peopleByPrefix({ words, except: [], limit: 5, ...(among ? { among } : {}) });
    await index.savePerson({ userId: id, username: 'quinn_xu42', fullName: 'Quinn Zoë Xu', at: at(2) });
    expect(await find(['qu'])).toEqual([id]);
    expect(await find(['xu'])).toEqual([id]);
    expect(await find(['zoe', 'qu'])).toEqual([id]);
    expect(await find(['zoe', 'qu'], [id])).toEqual([id]);
    expect(await find(['zoe', 'qu'], ['user-ada'])).toEqual([]);
    expect(await find(['zoe', 'ada'])).toEqual([]);
    expect(await index.peopleByPrefix({ words: ['qu'], except: [id], limit: 5 })).toEqual([]);
    // A rename: its words in, the dropped ones out.
    await index.savePerson({ userId: id, username: 'quinn_xu42', fullName: 'Quinn Yarrow', at: at(3) });
    expect(await find(['zoe'])).toEqual([]);
    expect(await find(['yarr'])).toEqual([id]);
    // An older change delivered late writes nothing.
    await index.savePerson({ userId: id, username: 'quinn_old', fullName: 'Quinn Oldname', at: at(1) });
    expect(await find(['oldn'])).toEqual([]);
    expect(await find(['yarr'])).toEqual([id]);
    // Deactivated, never found; reactivated, found again.
    await index.setDeactivated(id, true, at(4));
    expect(await find(['yarr'])).toEqual([]);
    await index.setDeactivated(id, false, at(5));
    expect(await find(['yarr'])).toEqual([id]);
    // People indexed before the words were: the schema fills the words from search_people once, while they are none.
    await service.ctx.postgres!.query('TRUNCATE search_people_words');
    await prepareSearchSchema(service.ctx.postgres!);
    expect(await find(['yarr'])).toEqual([id]);
    expect(await find(['lovel'])).toEqual([ada.id]);
  });
});

describe('npm run admin -- search reindex', () => {
  it('rebuilds an emptied index from the store, and a run that stopped goes on from where it was', async () => {
    const board = await createBoard(ada, 'Reindex quilts');
    const quilts = [];
    for (let i = 0; i < 3; i++) quilts.push(await savePin(ada, board.id, `Patchwork quilt ${i}`));
    await searchUntil({ query: 'patchwork' }, undefined, (found) => found.length === 3, 'the quilts indexed by their events');
    const pool = service.ctx.postgres!;
    await truncateSearchIndex(pool);
    // A search answered before is kept for up to 5 s (results-cache.ts): the command marks nothing changed.
    await searchUntil({ query: 'patchwork' }, undefined, (found) => found.length === 0, 'the emptied index to show');

    const run = (stopAfterPins?: number) => {
      const lines: string[] = [];
      return {
        lines,
        done: reindexSearch({
          mongo: service.ctx.mongo, index: new PgSearchIndex(pool), checkpoint: new PgReindexCheckpoint(pool), batchSize: 2,
          progress: (line) => {
            lines.push(line);
            // A crash of the command: the checkpoint was saved before the line was printed.
            if (stopAfterPins !== undefined && line.startsWith(`pins: ${stopAfterPins}/`)) throw new Error('stopped');
          },
        }),
      };
    };
    const first = run(2);
    await expect(first.done).rejects.toThrow('stopped');
    const second = run();
    const counts = await second.done;
    expect(first.lines.some((l) => /^people: \d+\//.test(l))).toBe(true);
    expect(second.lines).toContain('pins: going on after 2');
    const pinsInStore = await service.ctx.mongo.collection('pins').countDocuments({});
    expect(counts.pins).toBe(pinsInStore - 2);
    await searchUntil({ query: 'patchwork' }, undefined, (found) => found.length === 3, 'the rebuilt index to show');
    expect(new Set(await ids({ query: 'patchwork' }))).toEqual(new Set(quilts.map((p) => p.id)));
    expect((await search({ query: 'patchwork quilt 1' })).items[0]).toMatchObject({ board: { url: '/ada/reindex-quilts/' }, pinner: { full_name: 'Ada Lovelace' } });
    // What the store says is hidden stays hidden: the deactivated and reactivated person, the deleted pin.
    expect(await ids({ query: 'origami' }, grace)).toHaveLength(1);
    // People's words are rebuilt with them.
    expect(await new PgSearchIndex(pool).peopleByPrefix({ words: ['lovel'], except: [], limit: 5 })).toEqual([ada.id]);
  });
});
