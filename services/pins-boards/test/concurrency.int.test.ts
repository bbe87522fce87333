import request from 'supertest';
import { BOARD_NAME_TAKEN } from '@pinhive/contracts';
import { waitFor } from '../../../test/support/servers';
import { followCalls } from './support/follows';
import { ok, png, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * Concurrency attacks on saving, following and board creation (issue 26), against the real
 * store and Kafka: many requests at once leave what one at a time would, as the person and
 * everyone else read it (answers, counts, lists).
 */
let under: PinsBoardsUnderTest;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const calls = followCalls(() => ({ url: under.service.url, viewers: under.viewers }));
const { get, write, createBoard, board, followBoard, unfollowBoard, allPages } = calls;

const PARALLEL = 50;
const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));
/** Waits until what `read` answers passes `check`. */
const until = <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string) =>
  waitFor(async () => {
    const value = await read();
    return check(value) ? value : undefined;
  }, what);

beforeAll(async () => {
  under = await startPinsBoards('concurrency');
  await seedProfiles(under.conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await under?.close();
});

it('50 saves at once with one Idempotency-Key make one pin, and every answer is that pin', async () => {
  const target = await createBoard(ada, 'Retried at once');
  const image = (await png('#3b6e8f')).toString('base64');
  const save = () => request(under.service.url).post('/resource/PinResource/create/').set(under.viewers.bearer(ada)).set('Idempotency-Key', 'concurrent-save-0001')
    .send({ options: { board_id: target.id, image_base64: image, title: 'Once' } });
  const answers = await times(PARALLEL, save);
  const saved = answers.map((res) => ok<{ id: string; first_save: boolean }>(res, 201));
  const ids = saved.map((p) => p.id);
  expect(new Set(ids).size).toBe(1);
  // Ada's first save: the answer of the request that stored it says so ("You saved your first Pin"), the retries' answers do not.
  expect(saved.filter((p) => p.first_save)).toHaveLength(1);
  expect(ok<{ id: string }[]>(await get('BoardFeedResource', { board_id: target.id })).map((p) => p.id)).toEqual([ids[0]]);
  const pinCount = async () => ok<{ pin_count: number }>(await get('BoardResource', { board_id: target.id })).pin_count;
  await until(pinCount, (n) => n === 1, 'the one pin to be counted');
});

it('50 follows of one board at once count one follower; 50 unfollows at once leave none', async () => {
  const lamps = await createBoard(ada, 'Lamps at once');
  const follows = await times(PARALLEL, () => followBoard(grace, lamps.id));
  expect(follows.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
  await until(() => board(lamps.id, grace), (b) => b.follower_count === 1 && b.followed_by_me, 'the follow to be counted');
  const followers = async () => (await allPages<{ id: string }>('BoardFollowersResource', { board_id: lamps.id })).flat().map((p) => p.id);
  expect(await followers()).toEqual([grace.id]);

  const unfollows = await times(PARALLEL, () => unfollowBoard(grace, lamps.id));
  expect(unfollows.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
  await until(() => board(lamps.id, grace), (b) => b.follower_count === 0 && !b.followed_by_me, 'the unfollow to be counted');
  expect(await followers()).toEqual([]);
  // Following again counts one again: no follow was left half made by the crowd.
  ok(await followBoard(grace, lamps.id));
  await until(() => board(lamps.id), (b) => b.follower_count === 1, 'the new follow to be counted');
});

it('20 creations of one board name at once by one person make one board; the others hear the name is taken', async () => {
  const answers = await times(20, () => write('BoardResource', 'create', { name: 'Same Name', privacy: 'public' }, grace));
  expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(400)]);
  for (const res of answers.filter((r) => r.status === 400)) {
    expect((res.body as { resource_response: { error: unknown } }).resource_response.error).toMatchObject({ message: BOARD_NAME_TAKEN, data: { field: 'name' } });
  }
  const boards = ok<{ all_boards: { id: string; name: string }[] }>(await get('BoardPickerBoardsResource', {}, grace)).all_boards;
  expect(boards.filter((b) => b.name === 'Same Name')).toHaveLength(1);
});
