import request from 'supertest';
import { ok, seedProfiles, type Person } from './support/resources';
import { followCalls } from './support/follows';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * Sending pins to people against the real store: only to people the sender follows, only pins
 * the recipient may open, retries that are one send, refusals that change nothing, and the
 * recipient's "Sent to you" paged by bucket, leaving out pins deleted or hidden since, read
 * again by a new instance.
 */
let under: PinsBoardsUnderTest;

const ada: Person = { id: 'user-ada', username: 'ada' };
const grace: Person = { id: 'user-grace', username: 'grace' };
const bea: Person = { id: 'user-bea', username: 'bea' };
const cy: Person = { id: 'user-cy', username: 'cy' };

const calls = followCalls(() => ({ url: under.service.url, viewers: under.viewers }));
const { get, write, createBoard, savePin, followUser } = calls;

type Received = { id: string; pin: { id: string; title: string; board: { id: string } }; sender: { id: string; username: string }; sent_at: string };

/** PinSendResource create as the web app sends it, with an Idempotency-Key when given. */
const send = (who: Person, pinId: string, recipientId: string, key?: string) => {
  const req = request(under.service.url).post('/resource/PinSendResource/create/').set(under.viewers.bearer(who));
  return (key ? req.set('Idempotency-Key', key) : req).send({ options: { pin_id: pinId, recipient_id: recipientId } });
};
const received = async (who: Person, pageSize = 25) => (await calls.allPages<Received>('ReceivedPinsResource', { page_size: pageSize }, who)).flat();
const errorOf = (res: request.Response) => {
  const error = res.body.resource_response.error as { message: string; data?: { field?: string } };
  return { message: error.message, field: error.data?.field };
};

beforeAll(async () => {
  under = await startPinsBoards('sends');
  await seedProfiles(under.conn, [[ada, 'Ada'], [grace, 'Grace'], [bea, 'Bea'], [cy, 'Cy']]);
  // Ada follows Grace and Bea; nobody follows Cy.
  ok(await followUser(ada, grace.id));
  ok(await followUser(ada, bea.id));
});

afterAll(async () => {
  await under?.close();
});

describe('sending a pin', () => {
  it('reaches a person one follows, whose "Sent to you" lists the pin, its sender and when', async () => {
    const board = await createBoard(ada, 'Lamps to share');
    const pin = await savePin(ada, board.id, '#c0ffee');
    const sent = ok<{ id: string; pin_id: string; recipient: { id: string }; sent_at: string }>(await send(ada, pin.id, grace.id, 'send-first-0001'), 201);
    expect(sent).toMatchObject({ pin_id: pin.id, recipient: { id: grace.id, username: 'grace' } });
    const list = await received(grace);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: sent.id, pin: { id: pin.id, title: 'Pin #c0ffee', board: { id: board.id } }, sender: { id: ada.id, username: 'ada' }, sent_at: sent.sent_at });
    // The sender's own list has nothing: it is the recipient's.
    expect(await received(ada)).toEqual([]);
  });

  it('sent again with the same Idempotency-Key is one send; the key reused for another pin is a 409', async () => {
    const board = await createBoard(ada, 'Retries');
    const pin = await savePin(ada, board.id, '#bada55');
    const other = await savePin(ada, board.id, '#facade');
    const first = ok<{ id: string }>(await send(ada, pin.id, bea.id, 'send-retry-0001'), 201);
    const again = ok<{ id: string }>(await send(ada, pin.id, bea.id, 'send-retry-0001'), 201);
    expect(again.id).toBe(first.id);
    const misused = await send(ada, other.id, bea.id, 'send-retry-0001');
    expect(misused.status).toBe(409);
    expect((await received(bea)).map((r) => r.id)).toEqual([first.id]);
    expect((await send(ada, pin.id, bea.id, 'bad key!')).status).toBe(400);
  });

  it('is refused, changing nothing, to oneself, to people one does not follow, to unknown people, when signed out, and for bad input', async () => {
    const board = await createBoard(ada, 'Refusals');
    const pin = await savePin(ada, board.id, '#decade');
    const before = await received(grace);

    const self = await send(ada, pin.id, ada.id);
    expect(self.status).toBe(400);
    expect(errorOf(self)).toMatchObject({ message: "You can't send a pin to yourself.", field: 'recipient_id' });
    const stranger = await send(ada, pin.id, cy.id);
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger)).toMatchObject({ message: 'You can send pins only to people you follow.', field: 'recipient_id' });
    const unknown = await send(ada, pin.id, 'user-nobody');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ message: 'User not found.', field: 'recipient_id' });
    // Grace does not follow Ada: following is the sender's, not the other way round.
    expect((await send(grace, pin.id, ada.id)).status).toBe(403);
    expect((await request(under.service.url).post('/resource/PinSendResource/create/').send({ options: { pin_id: pin.id, recipient_id: grace.id } })).status).toBe(401);
    const malformed = await send(ada, 'not-a-pin', grace.id);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('pin_id');
    expect((await send(ada, '123456789', grace.id)).status).toBe(404);

    expect(await received(grace)).toEqual(before);
    expect(await received(cy)).toEqual([]);
    expect(await received(ada)).toEqual([]);
  });

  it("refuses a secret board's pin to someone who is not a member, with the 404 they would get", async () => {
    const secret = await createBoard(ada, 'Secret gifts', 'secret');
    const pin = await savePin(ada, secret.id, '#f00d00');
    const refused = await send(ada, pin.id, grace.id);
    expect(refused.status).toBe(404);
    expect(errorOf(refused).message).toBe('Pin not found.');
    // What Grace gets opening it herself.
    const own = await get('PinResource', { id: pin.id }, grace);
    expect(own.status).toBe(404);
    expect(errorOf(own).message).toBe('Pin not found.');
    // Nor may anyone send a pin they cannot see themselves.
    expect((await send(grace, pin.id, ada.id)).status).toBe(404);
    expect((await received(grace)).map((r) => r.pin.id)).not.toContain(pin.id);
  });
});

describe('"Sent to you"', () => {
  it('leaves out pins deleted or made secret since they were sent', async () => {
    const board = await createBoard(ada, 'Soon secret');
    const kept = await savePin(ada, board.id, '#0ff1ce');
    const board2 = await createBoard(ada, 'Stays public');
    const deleted = await savePin(ada, board2.id, '#defac3');
    const stays = await savePin(ada, board2.id, '#acce55');
    for (const p of [kept, deleted, stays]) ok(await send(ada, p.id, bea.id), 201);
    const before = (await received(bea)).map((r) => r.pin.id);
    expect(before.slice(0, 3)).toEqual([stays.id, deleted.id, kept.id]);

    ok(await write('PinResource', 'delete', { id: deleted.id }, ada));
    ok(await write('BoardResource', 'update', { board_id: board.id, privacy: 'secret' }, ada));
    const after = (await received(bea)).map((r) => r.pin.id);
    expect(after).toEqual(before.filter((id) => id !== deleted.id && id !== kept.id));
  });

  it('is paged newest first across buckets, each send once, and is still there for a new instance', async () => {
    const board = await createBoard(ada, 'Many sends');
    const pin = await savePin(ada, board.id, '#5e1f1e');
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) ids.push(ok<{ id: string }>(await send(ada, pin.id, grace.id, `send-many-${String(i).padStart(4, '0')}`), 201).id);
    const pages = await calls.allPages<Received>('ReceivedPinsResource', { page_size: 25 }, grace);
    const all = pages.flat().map((r) => r.id);
    expect(pages.slice(0, 2).map((p) => p.length)).toEqual([25, 25]);
    expect(all.slice(0, 55)).toEqual([...ids].reverse());
    expect(new Set(all).size).toBe(all.length);
    expect((await get('ReceivedPinsResource', { page_size: 51 }, grace)).status).toBe(400);
    expect((await get('ReceivedPinsResource', { bookmarks: ['forged'] }, grace)).status).toBe(400);
    expect((await get('ReceivedPinsResource', {})).status).toBe(401);

    // Another instance on the same store (a restart) reads the same list.
    const restarted = await under.another();
    const res = await request(restarted.url).get(`/resource/ReceivedPinsResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { page_size: 50 } }))}`).set(under.viewers.bearer(grace));
    expect(ok<Received[]>(res).map((r) => r.id)).toEqual(all.slice(0, 50));
  });
});
