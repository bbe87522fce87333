import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Kafka } from 'kafkajs';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import { SESSION_COOKIES, type DevMessage } from '@pinhive/contracts';
import { newEvent, startService, type RunningService } from '@pinhive/kit';
import { adminCommand } from '../../auth/src/admin';
import { loadAuthConfig, type AuthConfig } from '../../auth/src/config';
import { authService } from '../../auth/src/service';
import { BoardRepository } from '../src/boards/board.repository';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { pinsBoardsService } from '../src/service';
import { Browser } from '../../../test/support/browser';
import { serviceEnv, servers, uniqueName, waitFor } from '../../../test/support/servers';
import { ok, png, resourceCalls, whenReady, type Person } from './support/resources';

/**
 * Collaborators and invitations against the real store, Kafka and Redis, with the real auth
 * service: people sign up there (pins-boards learns of them from its events and checks their
 * tokens with its keys), and it mails the invitations by email from pins-boards' event. Two
 * pins-boards instances share the store and Redis: membership changes go through A, the member's
 * reads and saves through B, which has kept the board's facts from before the change.
 */
const prefix = `${uniqueName('co')}.`;
const db = uniqueName('collab');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-collab-'));
const PUBLIC_URL = 'http://pinhive.test';
let auth: RunningService<AuthConfig>;
let a: RunningService<PinsBoardsConfig>;
let b: RunningService<PinsBoardsConfig>;
let conn: Connection;

/** Access tokens auth gave each person at sign-up, sent as bearer tokens (as a service client would). */
const tokens = new Map<string, string>();
const viewers = { bearer: (who: Person) => ({ authorization: `Bearer ${tokens.get(who.id) ?? 'none'}` }) };
const viaA = resourceCalls(() => ({ url: a.url, viewers }));
const viaB = resourceCalls(() => ({ url: b.url, viewers }));
const { get, write } = viaA;

const birthday = Date.UTC(1990, 4, 17) / 1000;

/** Signs up with auth, keeps the access token, and waits for pins-boards to have the profile. */
async function signUp(first: string, email = `${uniqueName(first.toLowerCase())}@example.com`, last?: string): Promise<Person & { email: string }> {
  const browser = new Browser(auth.url);
  const res = await browser.post('/v3/register/', { type: 'email', email, password: 'correct horse 42', birthday, first_name: first, last_name: last });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  const user = (res.body.resource_response.data as { user: { id: string; username: string } }).user;
  tokens.set(user.id, browser.cookies.get(SESSION_COOKIES.access) ?? '');
  await waitFor(async () => ((await request(a.url).get(`/v3/users/${user.username}/`)).status === 200 ? true : undefined), `${first}'s profile in pins-boards`, 30_000);
  return { id: user.id, username: user.username, email };
}

type BoardAnswer = { id: string; url: string; access: string[]; is_collaborative: boolean; collaborated_by_me: boolean; collaborating_users: { id: string }[]; should_show_board_collaborators?: boolean };
type PickerAnswer = { all_boards: { id: string; name: string; url: string; pin_count: number; access: string[]; is_collaborative: boolean }[] };
type InviteResult = { invited: { user_id: string | null; email: string | null; invite_id: string }[]; refused: { user_id: string | null; email: string | null; reason: string; message: string }[] };

const createBoard = async (who: Person, name: string, privacy = 'public') => ok<BoardAnswer>(await write('BoardResource', 'create', { name, privacy }, who), 201);
const invite = (who: Person, boardId: string, people: { invited_user_ids?: string[]; emails?: string[] }) => write('BoardInviteResource', 'create', { board_id: boardId, ...people }, who);
const answer = (who: Person, boardId: string, accept: boolean) => write('BoardInviteResource', 'update', { board_id: boardId, accept }, who);
const removeMember = (who: Person, boardId: string, userId: string) => write('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId }, who);
const pendingOf = async (who: Person, boardId?: string) =>
  ok<{ id: string; board: { id: string; name: string }; inviter: { username: string }; invitee: { username: string } | null; email: string | null }[]>(
    await get('BoardInvitesResource', boardId ? { board_id: boardId } : {}, who),
  );
const picker = async (who: Person, via = viaA) => ok<PickerAnswer>(await via.get('BoardPickerBoardsResource', {}, who)).all_boards;
const save = async (who: Person, boardId: string, color: string, via = viaA) =>
  via.write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64') }, who);
const message = (res: request.Response) => (res.body as { resource_response: { error: { message: string } } }).resource_response.error.message;

/** The dev outbox's mails to `to` (auth's, in development and tests). */
async function mailsTo(to: string): Promise<DevMessage[]> {
  const res = await request(auth.url).get('/v3/dev/outbox/');
  return (res.body as { resource_response: { data: DevMessage[] } }).resource_response.data.filter((m) => m.to === to);
}

let ada: Person & { email: string };
let grace: Person & { email: string };
let cy: Person & { email: string };
let dee: Person & { email: string };

const authEnv = { ...serviceEnv(`${db}_auth`, prefix), BCRYPT_COST: '10', PUBLIC_URL, RATE_LIMIT_NAMESPACE: `${uniqueName('rl')}:`, LOGIN_IP_BURST: '10000' };

beforeAll(async () => {
  auth = await startService(authService(loadAuthConfig(authEnv)));
  await waitFor(async () => ((await request(auth.url).get('/readyz')).status === 200 ? true : undefined), 'auth ready', 30_000);
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: `${auth.url}/v3/auth/jwks/`, IMAGES_DIR: imagesDir };
  [a, b] = await Promise.all([startService(pinsBoardsService(loadPinsBoardsConfig(env))), startService(pinsBoardsService(loadPinsBoardsConfig(env)))]);
  for (const s of [a, b]) await whenReady(s.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  [ada, grace, cy, dee] = await Promise.all([signUp('Ada'), signUp('Grace'), signUp('Cy'), signUp('Dee')]);
});

afterAll(async () => {
  await conn?.close();
  await Promise.all([a?.close(), b?.close(), auth?.close()]);
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

describe('invited by account', () => {
  let board: BoardAnswer;

  it('the invited person sees the invitation, accepts it, and may then read the secret board, save into it and add a section; their picker lists it', async () => {
    board = await createBoard(ada, 'Surprise party', 'secret');
    const sent = ok<InviteResult>(await invite(ada, board.id, { invited_user_ids: [grace.id] }));
    expect(sent.invited).toEqual([{ user_id: grace.id, email: null, invite_id: expect.any(String) }]);
    expect(sent.refused).toEqual([]);

    const pending = await pendingOf(grace);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ board: { id: board.id, name: 'Surprise party' }, inviter: { username: ada.username } });
    // Not a member yet: the secret board does not exist for them.
    expect((await get('BoardResource', { board_id: board.id }, grace)).status).toBe(404);
    expect((await save(grace, board.id, '#102030')).status).toBe(404);
    // Their reads through B keep the board's facts from before they joined.
    expect((await viaB.get('BoardResource', { board_id: board.id }, grace)).status).toBe(404);

    const accepted = ok<{ accepted: boolean; board: BoardAnswer }>(await answer(grace, board.id, true));
    expect(accepted.accepted).toBe(true);
    expect(accepted.board).toMatchObject({ collaborated_by_me: true, is_collaborative: true });
    expect(accepted.board.access).toContain('write');

    const seen = ok<BoardAnswer>(await viaB.get('BoardResource', { board_id: board.id }, grace));
    expect(seen.collaborating_users.map((u) => u.id)).toEqual([grace.id]);
    expect(seen.should_show_board_collaborators).toBe(true);
    expect((await save(grace, board.id, '#112233', viaB)).status).toBe(201);
    expect((await viaB.write('BoardSectionResource', 'create', { board_id: board.id, name: 'Cakes' }, grace)).status).toBe(201);

    const entry = (await picker(grace, viaB)).find((x) => x.id === board.id);
    expect(entry).toMatchObject({ name: 'Surprise party', url: board.url, is_collaborative: true });
    expect(entry?.access).toContain('write');
    // Under their profile's boards, as a collaborative board of Ada's (they alone see a secret one).
    const own = ok<{ id: string; owner: { username: string }; collaborated_by_me: boolean }[]>(await get('BoardsResource', { username: grace.username }, grace));
    expect(own.find((x) => x.id === board.id)).toMatchObject({ owner: { username: ada.username }, collaborated_by_me: true });
    const othersView = ok<{ id: string }[]>(await get('BoardsResource', { username: grace.username }, cy));
    expect(othersView.map((x) => x.id)).not.toContain(board.id);
    expect((await picker(ada)).find((x) => x.id === board.id)?.is_collaborative).toBe(true);
    expect(await pendingOf(grace)).toEqual([]);
    // The save's count reaches the collaborator's entry too (the owner's entry's changes are every member's).
    await waitFor(async () => ((await picker(grace)).find((x) => x.id === board.id)?.pin_count === 1 ? true : undefined), "the save counted in Grace's picker");
  });

  it('removed by the owner, they can no longer save into it (at once, on every instance) and it leaves their picker; their pins stay', async () => {
    const before = ok<{ id: string }[]>(await get('BoardFeedResource', { board_id: board.id }, ada));
    expect(before).toHaveLength(1);
    ok(await removeMember(ada, board.id, grace.id));
    // A secret board they are out of is a missing board to them.
    expect((await save(grace, board.id, '#445566', viaB)).status).toBe(404);
    expect((await viaB.get('BoardResource', { board_id: board.id }, grace)).status).toBe(404);
    expect((await picker(grace, viaB)).map((x) => x.id)).not.toContain(board.id);
    expect((await picker(ada, viaB)).find((x) => x.id === board.id)?.is_collaborative).toBe(false);
    expect(ok<{ id: string }[]>(await get('BoardFeedResource', { board_id: board.id }, ada)).map((p) => p.id)).toEqual(before.map((p) => p.id));
    // Removing them again changes nothing.
    ok(await removeMember(ada, board.id, grace.id));
  });

  it('a collaborator may leave; then they may read the public board but not save into it', async () => {
    const open = await createBoard(ada, 'Open house');
    ok(await invite(ada, open.id, { invited_user_ids: [dee.id] }));
    ok(await answer(dee, open.id, true));
    expect((await save(dee, open.id, '#abcabc')).status).toBe(201);
    ok(await removeMember(dee, open.id, dee.id));
    const left = await save(dee, open.id, '#cbacba', viaB);
    expect(left.status).toBe(403);
    expect((await picker(dee, viaB)).map((x) => x.id)).not.toContain(open.id);
    expect(ok<BoardAnswer>(await viaB.get('BoardResource', { board_id: open.id }, dee)).collaborated_by_me).toBe(false);
    // The owner cannot leave their own board.
    expect((await removeMember(ada, open.id, ada.id)).status).toBe(403);
  });

  it('declining removes the invitation; it cannot be accepted afterwards', async () => {
    const quiet = await createBoard(ada, 'Quiet corner');
    ok(await invite(ada, quiet.id, { invited_user_ids: [cy.id] }));
    expect((await pendingOf(ada, quiet.id)).map((i) => i.invitee?.username)).toEqual([cy.username]);
    expect(ok<{ accepted: boolean; board: unknown }>(await answer(cy, quiet.id, false))).toEqual({ board_id: quiet.id, accepted: false, board: null });
    expect(await pendingOf(cy)).toEqual([]);
    expect(await pendingOf(ada, quiet.id)).toEqual([]);
    const late = await answer(cy, quiet.id, true);
    expect(late.status).toBe(404);
    expect(message(late)).toBe('This invitation has expired or was already answered.');
    expect(ok<BoardAnswer>(await get('BoardResource', { board_id: quiet.id }, cy)).access).toEqual(['read']);
  });

  it('refuses oneself, members, unknown accounts and malformed addresses, each with its reason; a second invitation is the first', async () => {
    const shared = await createBoard(ada, 'Shared shelf');
    ok(await invite(ada, shared.id, { invited_user_ids: [grace.id] }));
    ok(await answer(grace, shared.id, true));
    const first = ok<InviteResult>(await invite(ada, shared.id, { invited_user_ids: [ada.id, grace.id, 'no-such-account', cy.id, cy.id], emails: ['not an address'] }));
    expect(first.invited.map((i) => i.user_id)).toEqual([cy.id]);
    expect(first.refused.map((r) => [r.user_id ?? r.email, r.reason])).toEqual([
      [ada.id, 'yourself'], [grace.id, 'already_collaborator'], ['no-such-account', 'unknown_user'], ['not an address', 'invalid_email'],
    ]);
    expect(first.refused.every((r) => r.message.length > 0)).toBe(true);
    const again = ok<InviteResult>(await invite(ada, shared.id, { invited_user_ids: [cy.id] }));
    expect(again.invited).toEqual(first.invited);
    expect((await pendingOf(cy)).filter((i) => i.board.id === shared.id)).toHaveLength(1);
    const tooMany = await invite(ada, shared.id, { emails: Array.from({ length: 21 }, (_, k) => `p${k}@example.com`) });
    expect(tooMany.status).toBe(400);
  });

  it('only the owner invites, removes collaborators or sees the pending list', async () => {
    const club = await createBoard(ada, 'Book club');
    const hidden = await createBoard(ada, 'Hidden club', 'secret');
    ok(await invite(ada, club.id, { invited_user_ids: [grace.id] }));
    ok(await answer(grace, club.id, true));
    // A collaborator may save, not invite; a stranger may read, not remove.
    expect((await invite(grace, club.id, { invited_user_ids: [cy.id] })).status).toBe(403);
    expect((await removeMember(cy, club.id, grace.id)).status).toBe(403);
    expect((await removeMember(grace, club.id, ada.id)).status).toBe(403);
    expect((await get('BoardInvitesResource', { board_id: club.id }, grace)).status).toBe(403);
    // A secret board is missing to a stranger, whatever they try.
    expect((await invite(cy, hidden.id, { invited_user_ids: [dee.id] })).status).toBe(404);
    expect((await removeMember(cy, hidden.id, ada.id)).status).toBe(404);
    expect(ok<BoardAnswer>(await get('BoardResource', { board_id: club.id }, cy)).collaborating_users.map((u) => u.id)).toEqual([grace.id]);
  });
});

describe('share suggestions', () => {
  type Row = { type: string; id: string; username: string; title: string; valid?: boolean };
  const suggestions = async (who: Person, options: Record<string, unknown> = {}) => ok<Row[]>(await get('ShareSuggestionsResource', options, who));
  const typeahead = async (who: Person, term: string, extra: Record<string, unknown> = {}) => ok<Row[]>(await get('ShareSuggestionsTypeaheadResource', { term, ...extra }, who));

  it("offers the people of the viewer's collaborative boards, matches them by prefix, finds an exact username, and leaves out the board's members", async () => {
    // Of Ada's boards above, two have Grace as a collaborator; Dee left hers, Cy declined.
    const offered = await suggestions(ada);
    expect(offered.map((r) => r.id)).toEqual(expect.arrayContaining([grace.id]));
    expect(offered.every((r) => r.type === 'user_share_suggestion' && r.id !== ada.id)).toBe(true);
    expect((await typeahead(ada, grace.username.slice(0, 3))).map((r) => [r.type, r.id])).toContainEqual(['user_share_suggestion', grace.id]);
    // Ada does not collaborate with Dee: their exact username finds them first, and the start of
    // their name (the search index, once it has them).
    expect((await typeahead(ada, `@${dee.username.toUpperCase()}`)).map((r) => [r.type, r.id])[0]).toEqual(['user', dee.id]);
    await waitFor(async () => ((await typeahead(ada, dee.username.slice(0, 2))).some((r) => r.type === 'user' && r.id === dee.id) ? true : undefined), 'Dee found by a prefix');
    // For a board, its members are not offered.
    const board = await createBoard(ada, 'Suggestions');
    ok(await invite(ada, board.id, { invited_user_ids: [grace.id] }));
    ok(await answer(grace, board.id, true));
    expect((await suggestions(ada, { board_id: board.id })).map((r) => r.id)).not.toContain(grace.id);
    expect((await get('ShareSuggestionsTypeaheadResource', { term: 'cy', board_id: board.id }, grace)).status).toBe(403);
  });

  it('answers a typed address with one email row, valid once an invitation can be sent to it', async () => {
    expect(await typeahead(ada, 'friend@exa')).toEqual([expect.objectContaining({ type: 'email', valid: false })]);
    expect(await typeahead(ada, 'Friend@Example.com')).toEqual([expect.objectContaining({ type: 'email', id: 'friend@example.com', title: 'Friend@Example.com', valid: true })]);
  });
});

describe('share suggestions by the start of a name (the search index)', () => {
  type Row = { type: string; id: string };
  const ids = async (who: Person, term: string, extra: Record<string, unknown> = {}) =>
    ok<Row[]>(await get('ShareSuggestionsTypeaheadResource', { term, ...extra }, who)).map((r) => r.id);
  /** The typeahead's ids once `ready` holds of them: people reach the search index by auth's events. */
  const idsOnce = (who: Person, term: string, ready: (found: string[]) => boolean, extra: Record<string, unknown> = {}) =>
    waitFor(async () => { const found = await ids(who, term, extra); return ready(found) ? found : undefined; }, `the typeahead of ${term}`);
  let bob: Person & { email: string };
  let bobbie: Person & { email: string };
  let zoe: Person & { email: string };
  let boris: Person & { email: string };
  let bonnie: Person & { email: string };

  beforeAll(async () => {
    [bob, bobbie, zoe, boris, bonnie] = await Promise.all([
      signUp('Bob', undefined, 'Quillfeather'), signUp('Bobbie', undefined, 'Quillon'), signUp('Zoë', `${uniqueName('zoe')}@example.com`, 'Marchetti'),
      signUp('Boris', undefined, 'Quillby'), signUp('Bonnie', undefined, 'Quilter'),
    ]);
  });

  it('finds people by the start of any word of their name, every typed word starting one, accents and case aside', async () => {
    // Bob by the start of his first name, then of his last name; both words in any order.
    const all = [bob.id, bobbie.id, boris.id, bonnie.id];
    expect(new Set(await idsOnce(ada, 'bo', (found) => all.every((id) => found.includes(id))))).toEqual(new Set(all));
    expect(await ids(ada, 'quillf')).toEqual([bob.id]);
    expect(await ids(ada, 'QUI bob')).toEqual([bob.id, bobbie.id]);
    expect(await ids(ada, 'bo zz')).toEqual([]);
    // Accents folded both ways.
    expect(await idsOnce(ada, 'zoe', (found) => found.length > 0)).toEqual([zoe.id]);
    expect(await ids(ada, 'ZOË mar')).toEqual([zoe.id]);
    expect(await ids(ada, 'marche')).toEqual([zoe.id]);
    // Never the viewer.
    expect(await ids(bob, 'bob quillf')).toEqual([]);
  });

  it('offers the people the viewer follows first', async () => {
    // By the words alone Bob ("bob") comes before Bobbie ("bobbie"). (Whom a viewer follows is
    // kept 30 s per instance: Grace asks only once she follows Bobbie.)
    expect((await ids(cy, 'bob')).slice(0, 2)).toEqual([bob.id, bobbie.id]);
    ok(await write('UserFollowResource', 'create', { user_id: bobbie.id }, grace));
    expect((await ids(grace, 'bob')).slice(0, 2)).toEqual([bobbie.id, bob.id]);
    expect(await ids(grace, 'bob quil')).toEqual([bobbie.id, bob.id]);
  });

  it('never offers a deactivated person', async () => {
    expect(await idsOnce(cy, 'boris', (found) => found.length > 0)).toEqual([boris.id]);
    expect(await adminCommand(['deactivate', boris.email, 'closure_request'], authEnv)).toContain('deactivated');
    await idsOnce(cy, 'boris', (found) => found.length === 0);
    // Nor by their exact username, once pins-boards' profile has the deactivation too (the search
    // index and the profiles take auth's event in consumers of their own, in either order).
    await idsOnce(cy, boris.username, (found) => found.length === 0);
  });

  it("never offers a member of the board, whoever's words match", async () => {
    const board = await createBoard(dee, 'Quilting');
    ok(await invite(dee, board.id, { invited_user_ids: [bonnie.id] }));
    ok(await answer(bonnie, board.id, true));
    expect(await idsOnce(dee, 'quilt', (found) => found.length > 0)).toEqual([bonnie.id]);
    expect(await ids(dee, 'quilt', { board_id: board.id })).toEqual([]);
    expect(await ids(dee, 'bon', { board_id: board.id })).not.toContain(bonnie.id);
    expect(await ids(dee, bonnie.username, { board_id: board.id })).toEqual([]);
  });
});

describe('invited by email', () => {
  it('the mail reaches the dev outbox with a working link; the person signs up and accepts by the link, then saves as a collaborator', async () => {
    const board = await createBoard(ada, 'Lamps', 'secret');
    const email = `${uniqueName('newcomer')}@example.com`;
    const sent = ok<InviteResult>(await invite(ada, board.id, { emails: [` ${email.toUpperCase()} `] }));
    expect(sent.invited).toEqual([{ user_id: null, email, invite_id: expect.any(String) }]);

    const [mail] = await waitFor(async () => {
      const found = await mailsTo(email);
      return found.length > 0 ? found : undefined;
    }, 'the invitation mail in the dev outbox', 30_000);
    expect(mail?.subject).toBe('Ada invited you to the board "Lamps" on Pinhive');
    const link = /http:\/\/pinhive\.test\/invite\/board\/([A-Za-z0-9_-]+)\//.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;

    // The store keeps the token's hash only (once the event carrying it is published).
    const id = `e:${createHash('sha256').update(token).digest('base64url')}`;
    const stored = await waitFor(async () => {
      const doc = await conn.collection('board_invites').findOne({ _id: id as never });
      return doc && !(doc.pendingEvents as unknown[] | undefined)?.length ? doc : undefined;
    }, 'the invitation with its event published');
    expect(JSON.stringify(stored)).not.toContain(token);
    // The owner's list shows the address; the link shows what it invites to, to anyone holding it.
    expect((await pendingOf(ada, board.id)).map((i) => i.email)).toEqual([email]);
    const preview = ok<{ board: { name: string }; inviter: { username: string } }>(await request(a.url).get(`/resource/BoardEmailInviteResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { token } }))}`));
    expect(preview).toMatchObject({ board: { name: 'Lamps' }, inviter: { username: ada.username } });

    // Whoever holds the link and is signed in accepts it: here, an account made with another address.
    const newcomer = await signUp('Newcomer');
    const joined = ok<{ accepted: boolean; board: BoardAnswer }>(await write('BoardEmailInviteResource', 'update', { token, accept: true }, newcomer));
    expect(joined.board.access).toContain('write');
    expect((await save(newcomer, board.id, '#fedcba', viaB)).status).toBe(201);
    expect((await picker(newcomer)).map((x) => x.id)).toContain(board.id);
    // One answer per link.
    expect((await write('BoardEmailInviteResource', 'update', { token, accept: true }, cy)).status).toBe(404);
    expect((await get('BoardResource', { board_id: board.id }, cy)).status).toBe(404);
  });

  it('a second invitation of the same address sends no second mail', async () => {
    const board = await createBoard(ada, 'Rugs');
    const email = `${uniqueName('twice')}@example.com`;
    const first = ok<InviteResult>(await invite(ada, board.id, { emails: [email] }));
    await waitFor(async () => ((await mailsTo(email)).length === 1 ? true : undefined), 'the first mail', 30_000);
    const second = ok<InviteResult>(await invite(ada, board.id, { emails: [email] }));
    expect(second.invited).toEqual(first.invited);
    // Another board's invitation to the same address is its own mail: once it is there, the repeat would be too.
    const other = await createBoard(ada, 'Rugs again');
    ok(await invite(ada, other.id, { emails: [email] }));
    await waitFor(async () => ((await mailsTo(email)).length === 2 ? true : undefined), "the other board's mail", 30_000);
    expect((await mailsTo(email)).map((m) => m.subject).sort()).toEqual(['Ada invited you to the board "Rugs again" on Pinhive', 'Ada invited you to the board "Rugs" on Pinhive']);
  });
});

describe('events delivered twice', () => {
  const kafka = () => new Kafka({ clientId: uniqueName('test'), brokers: [servers.kafkaBrokers()], logLevel: 0 });
  const duplicatesOf = async (service: RunningService<AuthConfig | PinsBoardsConfig>, handler: string) =>
    (await service.ctx.metrics.eventsHandled.get()).values.filter((m) => m.labels.handler === handler && m.labels.result === 'duplicate').reduce((n, m) => n + m.value, 0);

  it('an invitation by email is mailed once', async () => {
    const email = `${uniqueName('once')}@example.com`;
    const event = newEvent('pins-boards', 'pins.board.invited-by-email.v1', 'e:test', {
      inviteId: 'e:test', boardId: '1', email, boardName: 'Twice', inviterName: 'Ada', token: 'a'.repeat(43), expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const producer = kafka().producer();
    await producer.connect();
    const before = await duplicatesOf(auth, 'mail-board-invite');
    for (let n = 0; n < 2; n++) await producer.send({ topic: `${prefix}pins.board.invited-by-email.v1`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
    await producer.disconnect();
    await waitFor(async () => ((await duplicatesOf(auth, 'mail-board-invite')) > before ? true : undefined), 'the second delivery seen', 30_000);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a join whose list write never happened (its process died after the board write) is listed from its event, once', async () => {
    const board = await createBoard(ada, 'Recovered');
    ok(await invite(ada, board.id, { invited_user_ids: [cy.id] }));
    // The request's board write (the collaborator and the event, in one write), and nothing after it.
    const event = newEvent('pins-boards', 'pins.board.collaborator-added.v1', board.id, {
      boardId: board.id, ownerId: ada.id, collaboratorId: cy.id, actorId: cy.id, inviteId: `u:${board.id}:${cy.id}`,
    });
    await new BoardRepository(conn, async () => undefined).update(board.id, {}, [event], { add: cy.id });
    await waitFor(async () => ((await picker(cy)).some((x) => x.id === board.id) ? true : undefined), "the board in Cy's picker", 30_000);
    // The handler lists the board, then removes the accepted invitation.
    await waitFor(async () => ((await pendingOf(cy)).some((i) => i.board.id === board.id) ? undefined : true), 'the accepted invitation gone');

    // Delivered again: nothing changes.
    const before = await Promise.all([a, b].map((s) => duplicatesOf(s, 'list-collaborative-board')));
    const producer = kafka().producer();
    await producer.connect();
    await producer.send({ topic: `${prefix}pins.board.collaborator-added.v1`, messages: [{ key: event.key, value: JSON.stringify(event) }] });
    await producer.disconnect();
    await waitFor(async () => {
      const now = await Promise.all([a, b].map((s) => duplicatesOf(s, 'list-collaborative-board')));
      return now[0]! + now[1]! > before[0]! + before[1]! ? true : undefined;
    }, 'the second delivery seen', 30_000);
    expect((await picker(cy)).filter((x) => x.id === board.id)).toHaveLength(1);
  });
});
