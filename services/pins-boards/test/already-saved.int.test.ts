import request from 'supertest';
import { pictureSite } from './support/pictures';
import { ok, png, resourceCalls, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * The already-saved check ('Psst! You already saved this Pin to {board_name}'): `GET
 * /v3/pins/{id}/` names the viewer's own board holding the pin's image, whoever's pin was asked
 * about, and SavedPinCheckResource does the same for an image link the bookmarklet saves again.
 * Both are read per viewer: nobody else's answer, and a deleted copy is no longer "saved".
 */
let pb: PinsBoardsUnderTest;
/** The outside site the bookmarklet saves the lamp from, by link. */
let site: Awaited<ReturnType<typeof pictureSite>>;
let lampPng: Buffer;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const { get, write } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));

const createBoard = async (who: Person, name: string, privacy = 'public') => ok<{ id: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
const savePin = async (who: Person, boardId: string, image: Buffer) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: image.toString('base64'), method: 'button' }, who), 201);
const repin = async (who: Person, pinId: string, boardId: string) => ok<{ id: string }>(await write('RepinResource', 'create', { pin_id: pinId, board_id: boardId }, who), 201);

/** What `GET /v3/pins/{id}/` says the viewer saved the pin to. */
async function savedTo(pinId: string, who?: Person) {
  const req = request(pb.service.url).get(`/v3/pins/${pinId}/`);
  const res = await (who ? req.set(pb.viewers.bearer(who)) : req);
  // Per viewer and changing with each save: no cache may keep it.
  expect(res.headers['cache-control']).toBe('private, no-store');
  return ok<{ id: string; pinned_to_board: { id: string; name: string } | null }>(res).pinned_to_board;
}

const imageUrl = () => site.url('lamp.png');

beforeAll(async () => {
  lampPng = await png('#4a7c59', 320, 240);
  site = await pictureSite();
  site.serve('lamp.png', lampPng);
  pb = await startPinsBoards('already', { FETCH_ALLOW_HOSTS: site.host });
  await seedProfiles(pb.conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await pb?.close();
  await site?.close();
});

describe('the already-saved check', () => {
  it("names the viewer's own board holding the image, for their pin and for anyone else's pin of it", async () => {
    const lamps = await createBoard(ada, 'Ada lamps');
    const original = await savePin(ada, lamps.id, await png('#8a2be2'));
    const graceBoard = await createBoard(grace, 'Grace lights');

    expect(await savedTo(original.id, grace)).toBeNull();
    expect(await savedTo(original.id)).toBeNull();
    expect(await savedTo(original.id, ada)).toEqual({ id: lamps.id, name: 'Ada lamps', layout: 'default' });

    const graces = await repin(grace, original.id, graceBoard.id);
    expect(await savedTo(original.id, grace)).toEqual({ id: graceBoard.id, name: 'Grace lights', layout: 'default' });
    // Ada asking about Grace's copy hears of her own board, not Grace's.
    expect(await savedTo(graces.id, ada)).toMatchObject({ id: lamps.id });

    // Deleted, it is no longer saved (the board page's pins never carry the check).
    ok(await write('PinResource', 'delete', { id: graces.id }, grace));
    expect(await savedTo(original.id, grace)).toBeNull();
    const page = ok<{ pinned_to_board: unknown }[]>(await get('BoardFeedResource', { board_id: lamps.id }, ada));
    expect(page.map((p) => p.pinned_to_board)).toEqual([null]);
  });

  it('finds an image link saved before (the bookmarklet saving the same image again), for its saver only', async () => {
    const check = async (who: Person, url: string) => ok<{ pin_id: string | null; pinned_to_board: { id: string; name: string } | null }>(await get('SavedPinCheckResource', { image_url: url }, who));
    expect(await check(ada, imageUrl())).toEqual({ pin_id: null, pinned_to_board: null });

    const board = await createBoard(ada, 'Ada from the web');
    const saved = ok<{ id: string }>(await write('PinResource', 'create', { board_id: board.id, image_url: imageUrl(), method: 'button', link: 'https://example.com/lamp' }, ada), 201);

    expect(await check(ada, imageUrl())).toEqual({ pin_id: saved.id, pinned_to_board: { id: board.id, name: 'Ada from the web', layout: 'default' } });
    expect(await check(grace, imageUrl())).toEqual({ pin_id: null, pinned_to_board: null });
    // A link never fetched, and one we would never fetch, are simply not saved.
    expect(await check(ada, `${imageUrl()}?other`)).toEqual({ pin_id: null, pinned_to_board: null });
    expect(await check(ada, 'file:///etc/passwd')).toEqual({ pin_id: null, pinned_to_board: null });
    // Only for someone signed in.
    expect((await get('SavedPinCheckResource', { image_url: imageUrl() })).status).toBe(401);
  });

  it('does not name a board the viewer may no longer see', async () => {
    const board = await createBoard(grace, 'Grace shared');
    const pin = await savePin(grace, board.id, await png('#123abc'));
    expect(await savedTo(pin.id, grace)).toMatchObject({ id: board.id });
    ok(await write('BoardResource', 'delete', { board_id: board.id }, grace));
    const other = await createBoard(ada, 'Ada keeps');
    const kept = await savePin(ada, other.id, await png('#123abc'));
    expect(await savedTo(kept.id, grace)).toBeNull();
  });
});
