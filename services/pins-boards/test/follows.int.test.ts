import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { FOLLOW_BULK_MAX } from '@pinhive/contracts';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { FollowCountsRepository } from '../src/follows/follow-counts.repository';
import { followHandlers } from '../src/follows/follow.handlers';
import { BoardFollowRepository } from '../src/follows/board-follow.repository';
import { UserFollowRepository } from '../src/follows/user-follow.repository';
import { BoardListRepository } from '../src/boards/board-list.repository';
import { BoardRepository } from '../src/boards/board.repository';
import { ListNumbers } from '../src/shared/list-numbers';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { publishEvents } from '../../../test/support/events';
import { testViewers } from '../../../test/support/test-viewers';
import { ok, seedProfiles, whenReady, type Person } from './support/resources';
import { eventRecorder, followCalls, handledCount } from './support/follows';

/**
 * Following boards and people against the real store and Kafka: idempotent calls, counts that
 * follow the events once each, secret boards, the bulk follow, follows that come through a
 * person, follower lists paged by bucket, and events delivered twice.
 */
const prefix = `${uniqueName('fo')}.`;
const db = uniqueName('follows');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-follows-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let recorderService: RunningService<PinsBoardsConfig>;
let recorder: ReturnType<typeof eventRecorder>;
let conn: Connection;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const bea: Person = { id: 'user-bea', username: 'bea' };
const cy: Person = { id: 'user-cy', username: 'cy' };
/** People who follow one board, for its list's pages. */
const crowd: Person[] = Array.from({ length: 30 }, (_, i) => ({ id: `user-fan${i}`, username: `fan${i}` }));

const calls = followCalls(() => ({ url: pins.url, viewers }));
const { get, createBoard, board, followBoard, unfollowBoard, followUser, unfollowUser, followMany, profile } = calls;

/** Waits until what `read` answers passes `check`. */
const until = <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string) =>
  waitFor(async () => {
    const value = await read();
    return check(value) ? value : undefined;
  }, what);

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  recorder = eventRecorder(loadPinsBoardsConfig({ ...env, MONGO_URL: servers.mongoUrl(`${db}_recorder`) }), ['pins.board.followed.v1', 'pins.user.followed.v1']);
  recorderService = await startService(recorder.definition);
  for (const s of [pins, recorderService]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada'], [grace, 'Grace'], [bea, 'Bea'], [cy, 'Cy'], ...crowd.map((p) => [p, 'Fan'] as const)]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([pins?.close(), recorderService?.close()]);
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('following a board', () => {
  it('is idempotent both ways, and its follower count and followed_by_me follow', async () => {
    const lamps = await createBoard(ada, 'Lamps to follow');
    for (let i = 0; i < 2; i++) expect(ok((await followBoard(grace, lamps.id)))).toEqual({ id: lamps.id, followed_by_me: true });
    await until(() => board(lamps.id, grace), (b) => b.follower_count === 1, 'the follow to be counted once');
    expect(await board(lamps.id, grace)).toMatchObject({ followed_by_me: true });
    expect(await board(lamps.id, ada)).toMatchObject({ followed_by_me: false, follower_count: 1 });
    expect(await board(lamps.id)).toMatchObject({ followed_by_me: false, follower_count: 1 });
    await followBoard(bea, lamps.id);
    await until(() => board(lamps.id), (b) => b.follower_count === 2, 'a second follower to be counted');

    for (let i = 0; i < 2; i++) expect(ok(await unfollowBoard(grace, lamps.id))).toEqual({ id: lamps.id, followed_by_me: false });
    await until(() => board(lamps.id), (b) => b.follower_count === 1, 'the unfollow to be counted once');
    expect(await board(lamps.id, grace)).toMatchObject({ followed_by_me: false });
    // Unfollowing a board one never followed changes nothing.
    expect(ok(await unfollowBoard(cy, lamps.id))).toEqual({ id: lamps.id, followed_by_me: false });
    const followers = (await calls.allPages<{ id: string }>('BoardFollowersResource', { board_id: lamps.id })).flat();
    expect(followers.map((p) => p.id)).toEqual([bea.id]);
  });

  it("cannot be done to a secret board (404 to others, refused to its owner), nor to one's own board", async () => {
    const secret = await createBoard(ada, 'Secret plans', 'secret');
    const open = await createBoard(ada, 'Open plans');
    const stranger = await followBoard(grace, secret.id);
    expect(stranger.status).toBe(404);
    expect((await unfollowBoard(grace, secret.id)).status).toBe(404);
    const own = await followBoard(ada, secret.id);
    expect(own.status).toBe(403);
    expect(own.body.resource_response.error.message).toBe("You can't follow your own board.");
    expect((await followBoard(ada, open.id)).status).toBe(403);
    expect((await followBoard(grace, '123456789')).status).toBe(404);
    expect(await board(secret.id, ada)).toMatchObject({ followed_by_me: false, follower_count: 0 });
    expect((await get('BoardFollowersResource', { board_id: secret.id }, grace)).status).toBe(404);
  });

  it("lists a board's followers newest first, a page at a time, each once", async () => {
    const popular = await createBoard(cy, 'Popular');
    for (const fan of crowd) ok(await followBoard(fan, popular.id));
    const pages = await calls.allPages<{ id: string; username: string }>('BoardFollowersResource', { board_id: popular.id, page_size: 25 });
    expect(pages.map((p) => p.length)).toEqual([25, 5]);
    expect(pages.flat().map((p) => p.id)).toEqual([...crowd].reverse().map((p) => p.id));
    expect(pages[0]?.[0]).toMatchObject({ username: 'fan29' });
    await until(() => board(popular.id), (b) => b.follower_count === crowd.length, 'every follow to be counted');
  });
});

describe('following people', () => {
  it('is idempotent, counts on both profiles, lists both ways, and refuses oneself', async () => {
    for (let i = 0; i < 2; i++) expect(ok(await followUser(bea, cy.id))).toEqual({ id: cy.id, followed_by_me: true });
    await until(() => profile('cy', bea), (p) => p.follower_count === 1 && p.followed_by_me, "cy's follower to be counted once");
    await until(() => profile('bea'), (p) => p.following_count === 1, "bea's following to be counted once");
    expect(await profile('cy')).toMatchObject({ followed_by_me: false, follower_count: 1, following_count: 0 });
    const followers = (await calls.allPages<{ id: string }>('UserFollowersResource', { user_id: cy.id })).flat();
    expect(followers.map((p) => p.id)).toEqual([bea.id]);
    const following = (await calls.allPages<{ id: string }>('UserFollowingResource', { user_id: bea.id })).flat();
    expect(following.map((p) => p.id)).toEqual([cy.id]);

    const self = await followUser(bea, bea.id);
    expect(self.status).toBe(403);
    expect(self.body.resource_response.error.message).toBe("You can't follow yourself.");
    expect((await followUser(bea, 'user-nobody')).status).toBe(404);

    for (let i = 0; i < 2; i++) expect(ok(await unfollowUser(bea, cy.id))).toEqual({ id: cy.id, followed_by_me: false });
    await until(() => profile('cy', bea), (p) => p.follower_count === 0 && !p.followed_by_me, 'the unfollow to be counted once');
    await until(() => profile('bea'), (p) => p.following_count === 0, "bea's following to go down once");
    expect((await calls.allPages('UserFollowersResource', { user_id: cy.id })).flat()).toEqual([]);
  });

  it('in bulk: refuses unknown ids and oneself, says why, and follows the rest', async () => {
    const answer = ok<{ followed: string[]; refused: { id: string; reason: string; message: string }[] }>(
      await followMany(grace, [ada.id, 'user-nobody', grace.id, bea.id, ada.id, 'not an id!']),
    );
    expect(answer.followed).toEqual([ada.id, bea.id]);
    expect(answer.refused).toEqual([
      { id: 'user-nobody', reason: 'not_found', message: 'User not found.' },
      { id: grace.id, reason: 'self', message: "You can't follow yourself." },
      { id: 'not an id!', reason: 'invalid', message: 'Not a user id.' },
    ]);
    await until(() => profile('grace'), (p) => p.following_count === 2, "grace's two follows to be counted");
    expect(await profile('ada', grace)).toMatchObject({ followed_by_me: true });
    // Again: the same follows, nothing counted twice.
    expect(ok<{ followed: string[] }>(await followMany(grace, [ada.id, bea.id])).followed).toEqual([ada.id, bea.id]);

    const tooMany = await followMany(grace, Array.from({ length: FOLLOW_BULK_MAX + 1 }, (_, i) => `user-${i}`));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.resource_response.error.message).toBe(`Follow at most ${FOLLOW_BULK_MAX} people at once (${FOLLOW_BULK_MAX + 1} given).`);
    expect(await profile('grace')).toMatchObject({ following_count: 2 });
    await followMany(grace, []).then((res) => expect(ok(res)).toEqual({ followed: [], refused: [] }));
    await unfollowUser(grace, ada.id);
    await unfollowUser(grace, bea.id);
  });

  it("follows their public boards and the ones they make or make public later; unfollowing them undoes only what came through them", async () => {
    const zoe: Person = { id: 'user-zoe', username: 'zoe' };
    await seedProfiles(conn, [[zoe, 'Zoe']]);
    const before = await createBoard(zoe, 'Zoe before');
    const hidden = await createBoard(zoe, 'Zoe hidden', 'secret');
    const chosen = await createBoard(zoe, 'Zoe chosen');
    const declined = await createBoard(zoe, 'Zoe declined');
    ok(await followBoard(grace, chosen.id));

    ok(await followUser(grace, zoe.id));
    const followed = (id: string) => board(id, grace).then((b) => b.followed_by_me);
    await until(() => followed(before.id), Boolean, "the person's public board to be followed through them");
    await until(() => followed(declined.id), Boolean, 'every public board to be followed');
    expect(await board(hidden.id, zoe)).toMatchObject({ followed_by_me: false, follower_count: 0 });

    const later = await createBoard(zoe, 'Zoe later');
    await until(() => followed(later.id), Boolean, 'a board made later to be followed through them');
    ok(await calls.write('BoardResource', 'update', { board_id: hidden.id, privacy: 'public' }, zoe));
    await until(() => followed(hidden.id), Boolean, 'a board made public to be followed through them');
    // Unfollowed on its own while following its owner: it stays unfollowed.
    ok(await unfollowBoard(grace, declined.id));
    await until(() => board(declined.id), (b) => b.follower_count === 0, 'the declined board to lose its follower');
    // Made secret and public again, it is followed through its owner again, but not by who declined it.
    const madePublic = await handledCount(pins, 'follow-board-made-public', 'ok');
    ok(await calls.write('BoardResource', 'update', { board_id: declined.id, privacy: 'secret' }, zoe));
    ok(await calls.write('BoardResource', 'update', { board_id: declined.id, privacy: 'public' }, zoe));
    await waitFor(async () => ((await handledCount(pins, 'follow-board-made-public', 'ok')) >= madePublic + 2 ? true : undefined), 'both privacy changes to be handled');
    expect(await board(declined.id, grace)).toMatchObject({ followed_by_me: false, follower_count: 0 });

    ok(await unfollowUser(grace, zoe.id));
    for (const id of [before.id, later.id, hidden.id]) {
      await until(() => board(id, grace), (b) => !b.followed_by_me && b.follower_count === 0, 'the boards that came through the person to be unfollowed');
    }
    // Followed on its own, before and besides the person: it stays.
    expect(await board(chosen.id, grace)).toMatchObject({ followed_by_me: true, follower_count: 1 });
    expect(await board(declined.id, grace)).toMatchObject({ followed_by_me: false });
  });
});

describe('follow events delivered twice', () => {
  it('are counted once: a redelivery, and a crash between the count and its processed record', async () => {
    const quiet = await createBoard(cy, 'Followed once');
    ok(await followBoard(bea, quiet.id));
    await until(() => board(quiet.id), (b) => b.follower_count === 1, 'the follow to be counted');
    const event = await waitFor(async () => recorder.seen('pins.board.followed.v1').find((e) => (e.data as { boardId: string }).boardId === quiet.id), 'the follow event to be published');

    // Kafka delivers it again, twice: the dispatcher has it recorded and skips it.
    const skipped = await handledCount(pins, 'count-board-followed', 'duplicate');
    await publishEvents(pins.ctx.bus, [event, event]);
    await waitFor(async () => ((await handledCount(pins, 'count-board-followed', 'duplicate')) >= skipped + 2 ? true : undefined), 'both deliveries to be seen');
    expect(await board(quiet.id)).toMatchObject({ follower_count: 1 });

    // A process that died after counting and before recording it handles the event again: its ledger key stops it.
    const lists = new ListNumbers(conn);
    const handlers = followHandlers({
      boardFollows: new BoardFollowRepository(conn, lists, () => undefined),
      userFollows: new UserFollowRepository(conn, lists, () => undefined),
      counts: new FollowCountsRepository(conn),
      lists,
      boardLists: new BoardListRepository(conn, async () => undefined),
      boards: new BoardRepository(conn, async () => undefined),
      handled: async () => false,
    });
    const count = handlers.find((h) => h.name === 'count-board-followed');
    await count?.handle(event as never);
    await count?.handle(event as never);
    expect(await board(quiet.id)).toMatchObject({ follower_count: 1 });
  });
});
