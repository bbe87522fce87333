import type request from 'supertest';
import { BOARD_NAME_TAKEN } from '@pinhive/contracts';
import { BOARD_NAMES_COLLECTION, CLAIM_IN_PROGRESS_MS } from '../src/boards/board-names.repository';
import { ok, resourceCalls, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * A person's board names are unique, case, accents and spacing aside, enforced by the store
 * (a claim per name: two creations at once make one board), on create and on rename; a deleted
 * board gives its name back, and a claim left by a crash does not hold a name for ever. Another
 * person's board of the same name, or one the person only collaborates on, is no obstacle.
 */
let under: PinsBoardsUnderTest;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const { get, write } = resourceCalls(() => ({ url: under.service.url, viewers: under.viewers }));

const create = (who: Person, name: string) => write('BoardResource', 'create', { name, privacy: 'public' }, who);
const rename = (who: Person, boardId: string, name: string) => write('BoardResource', 'update', { board_id: boardId, name }, who);
/** The refusal a taken name gets: 400 at the name field, with the message. */
const expectTaken = (res: request.Response) => {
  expect(res.status).toBe(400);
  expect((res.body as { resource_response: { error: unknown } }).resource_response.error).toMatchObject({ message: BOARD_NAME_TAKEN, data: { field: 'name' } });
};
const boardsOf = async (who: Person) => ok<{ all_boards: { id: string; name: string }[] }>(await get('BoardPickerBoardsResource', {}, who)).all_boards;

beforeAll(async () => {
  under = await startPinsBoards('board-names');
  await seedProfiles(under.conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await under?.close();
});

it('refuses a second board of one name, whatever its case, accents or spacing, and makes one board of two creations at once', async () => {
  ok(await create(ada, 'Summer Trips'), 201);
  for (const again of ['Summer Trips', 'summer  trips', ' SUMMER TRÎPS ']) expectTaken(await create(ada, again));
  // Another person's board of that name is no obstacle.
  ok(await create(grace, 'Summer Trips'), 201);

  const both = await Promise.all([create(ada, 'Winter Walks'), create(ada, 'winter walks')]);
  expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
  expect((await boardsOf(ada)).filter((b) => b.name.toLowerCase() === 'winter walks')).toHaveLength(1);
});

it('holds renames to the rule, lets a board change its own name\'s case, and gives a deleted board\'s name back', async () => {
  const lamps = ok<{ id: string }>(await create(ada, 'Lamps'), 201);
  const rugs = ok<{ id: string }>(await create(ada, 'Rugs'), 201);
  expectTaken(await rename(ada, rugs.id, 'lamps'));
  expect(ok<{ name: string }>(await rename(ada, lamps.id, 'LAMPS')).name).toBe('LAMPS');
  expect(ok<{ name: string }>(await rename(ada, lamps.id, 'Table lamps')).name).toBe('Table lamps');
  // The old name is free again once renamed away, and a deleted board's name too.
  expect(ok<{ name: string }>(await rename(ada, rugs.id, 'Lamps')).name).toBe('Lamps');
  ok(await write('BoardResource', 'delete', { board_id: lamps.id }, ada));
  ok(await create(ada, 'Table Lamps'), 201);
});

it('takes over a claim a crash left behind, but not one of a creation still under way', async () => {
  const claims = under.conn.collection<{ _id: string; boardId: string; at: Date }>(BOARD_NAMES_COLLECTION);
  // A creation that died after its claim, long enough ago: its board was never made.
  await claims.insertOne({ _id: `${ada.id}:garden`, boardId: 'board-never-made', at: new Date(Date.now() - CLAIM_IN_PROGRESS_MS - 1_000) });
  ok(await create(ada, 'Garden'), 201);
  // One under way (its board not made yet): the name is taken meanwhile.
  await claims.insertOne({ _id: `${ada.id}:porch`, boardId: 'board-being-made', at: new Date() });
  expectTaken(await create(ada, 'Porch'));
});
