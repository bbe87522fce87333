import request from 'supertest';
import sharp from 'sharp';
import { pictureSite, reencodedCopy, scene } from './support/pictures';
import { ok, resourceCalls, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * Pictures that look alike (issue 22) against the real servers: "More like this" finds a copy of
 * the pin's picture saved by someone else (re-encoded, resized, from another link), never a
 * secret one of someone else's nor a different picture; and the already-saved check recognises
 * the same picture from other bytes, for the pin page and for a link saved again.
 */
let pb: PinsBoardsUnderTest;
/** The copies other sites have of a picture, saved by link. */
let site: Awaited<ReturnType<typeof pictureSite>>;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const { get, write } = resourceCalls(() => ({ url: pb.service.url, viewers: pb.viewers }));
const MORE = 'MoreLikeThisResource';

const createBoard = async (who: Person, name: string, privacy = 'public') => ok<{ id: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
const saveUpload = async (who: Person, boardId: string, image: Buffer, title: string) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: image.toString('base64'), method: 'button', title }, who), 201);
const saveLink = async (who: Person, boardId: string, url: string, title: string) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_url: url, method: 'button', title }, who), 201);
const moreLikeThis = async (pinId: string, who?: Person) => ok<{ id: string; title: string }[]>(await get(MORE, { pin: pinId }, who)).map((p) => p.id);

beforeAll(async () => {
  site = await pictureSite();
  pb = await startPinsBoards('morelike', { FETCH_ALLOW_HOSTS: site.host });
  await seedProfiles(pb.conn, [[ada, 'Ada'], [grace, 'Grace']]);
});

afterAll(async () => {
  await pb?.close();
  await site?.close();
});

describe('pictures that look alike', () => {
  let adaBoard: { id: string };
  let adaHills: { id: string };
  let graceCopy: { id: string };
  let graceSecret: { id: string };
  let secretBoard: { id: string };
  let graceSquares: { id: string };

  beforeAll(async () => {
    const hills = await scene('hills');
    site.serve('hills-copy.jpg', await reencodedCopy(hills));
    adaBoard = await createBoard(ada, 'Ada landscapes');
    adaHills = await saveUpload(ada, adaBoard.id, hills, 'Green hills at dawn');
    const graceBoard = await createBoard(grace, 'Grace travels');
    // Another site's copy (half size, JPEG quality 60), saved from its link: other bytes, another image.
    graceCopy = await saveLink(grace, graceBoard.id, site.url('hills-copy.jpg'), 'Hills seen from the train');
    // A third copy on Grace's secret board: her own to see.
    secretBoard = await createBoard(grace, 'Grace secret', 'secret');
    graceSecret = await saveUpload(grace, secretBoard.id, await sharp(hills).resize(400, 300).jpeg({ quality: 80 }).toBuffer(), 'Hills for later');
    graceSquares = await saveUpload(grace, graceBoard.id, await scene('squares'), 'Green hills at dawn, not');
    await saveUpload(grace, graceBoard.id, await scene('stripes'), 'Stripes');
  });

  it("finds someone else's copy of the picture, never their secret one nor a different picture", async () => {
    expect(await moreLikeThis(adaHills.id, ada)).toEqual([graceCopy.id]);
    // Anyone may ask about a pin they may see; the answer is what they may see.
    expect(await moreLikeThis(adaHills.id)).toEqual([graceCopy.id]);
    // Grace sees her secret copy too, the nearest first (the two copies measure alike, so the newest).
    expect(new Set(await moreLikeThis(adaHills.id, grace))).toEqual(new Set([graceCopy.id, graceSecret.id]));
    // From the copy, the original (and for Grace her secret copy); never the copy itself.
    expect(await moreLikeThis(graceCopy.id, ada)).toEqual([adaHills.id]);
  });

  it('answers 404 for a pin hidden from the viewer, as the pin itself does', async () => {
    expect((await get(MORE, { pin: graceSecret.id }, ada)).status).toBe(404);
    expect((await get(MORE, { pin: graceSecret.id })).status).toBe(404);
    expect((await get(MORE, { pin: '999999999' }, ada)).status).toBe(404);
    expect(ok<unknown[]>(await get(MORE, { pin: graceSecret.id }, grace)).length).toBeGreaterThan(0);
  });

  it('leaves out a pin once deleted', async () => {
    const board = await createBoard(grace, 'Grace short-lived');
    const gone = await saveUpload(grace, board.id, await sharp(await scene('hills')).resize(300, 225).webp({ quality: 70 }).toBuffer(), 'Gone hills');
    expect(await moreLikeThis(adaHills.id, ada)).toContain(gone.id);
    ok(await write('PinResource', 'delete', { id: gone.id }, grace));
    expect(await moreLikeThis(adaHills.id, ada)).toEqual([graceCopy.id]);
  });

  it('recognises the same picture saved again from other bytes (already saved)', async () => {
    const savedTo = async (pinId: string, who: Person) => {
      const res = await request(pb.service.url).get(`/v3/pins/${pinId}/`).set(pb.viewers.bearer(who));
      return ok<{ pinned_to_board: { id: string; name: string } | null }>(res).pinned_to_board;
    };
    // Ada on Grace's copy hears of her own board holding the original.
    expect(await savedTo(graceCopy.id, ada)).toEqual({ id: adaBoard.id, name: 'Ada landscapes', layout: 'default' });
    // Ada saving the copy's link (the bookmarklet): recognised as saved.
    const check = ok<{ pin_id: string | null; pinned_to_board: { id: string } | null }>(await get('SavedPinCheckResource', { image_url: site.url('hills-copy.jpg') }, ada));
    expect(check).toEqual({ pin_id: adaHills.id, pinned_to_board: { id: adaBoard.id, name: 'Ada landscapes', layout: 'default' } });
    // A different picture is not "saved", whatever its words.
    expect(await savedTo(graceSquares.id, ada)).toBeNull();
    // Grace on Ada's original hears of her own board holding a copy (the nearer of her two).
    expect((await savedTo(adaHills.id, grace))?.name).toMatch(/^Grace (travels|secret)$/);
  });
});
