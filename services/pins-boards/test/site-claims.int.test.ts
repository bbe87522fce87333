import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { siteVerificationMetaTag, type CreatorCard, type SiteClaim } from '@pinhive/contracts';
import { waitFor } from '../../../test/support/servers';
import { followCalls } from './support/follows';
import { ok, png, seedProfiles, type Person } from './support/resources';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * Verified-domain claims and the creator card against the real store and a real web site (a
 * node:http server on 127.0.0.1, the one outside host the service may reach: FETCH_ALLOW_HOSTS):
 * claiming gives a token; verifying fetches the home page and looks for its meta tag; one owner
 * per site; the card of a pin from the site shows its owner to people who neither are them nor
 * follow them, and again after an unfollow.
 */
let under: PinsBoardsUnderTest;
let site: http.Server;
let domain: string;
/** What the site's home page answers: its status and the meta tags in its <head>. */
const home = { status: 200, tags: [] as string[] };

const grace: Person = { id: 'user-grace', username: 'grace' };
const ada: Person = { id: 'user-ada', username: 'ada' };
const bea: Person = { id: 'user-bea', username: 'bea' };
const cy: Person = { id: 'user-cy', username: 'cy' };

const calls = followCalls(() => ({ url: under.service.url, viewers: under.viewers }));
const { get, write, createBoard, followUser, unfollowUser } = calls;

const claim = (who: Person, address: string) => write('SiteClaimResource', 'create', { domain: address }, who);
const verify = (who: Person, address: string) => write('SiteClaimVerificationResource', 'create', { domain: address }, who);
const unclaim = (who: Person, address: string) => write('SiteClaimResource', 'delete', { domain: address }, who);
const claimsOf = async (who: Person) => ok<SiteClaim[]>(await get('SiteClaimsResource', {}, who));
const cardOf = async (options: { pin_id: string } | { domain: string }, who?: Person) => ok<CreatorCard | null>(await get('CreatorCardResource', options, who));
const errorOf = (res: { body: unknown }) => (res.body as { resource_response: { error: { code: string; message: string; message_detail: string | null; data?: { field?: string } } } }).resource_response.error;

/** A pin saved with a link (an uploaded image of its own colour). */
const savePin = async (who: Person, boardId: string, color: string, link?: string) =>
  ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64'), title: `Pin ${color}`, ...(link ? { link } : {}) }, who), 201);

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://site').pathname !== '/') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(home.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8">${home.tags.join('')}<title>Lamp studio</title></head><body><h1>Lamps</h1></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  domain = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  under = await startPinsBoards('site-claims', { FETCH_ALLOW_HOSTS: domain });
  await seedProfiles(under.conn, [[grace, 'Grace Lamp Studio'], [ada, 'Ada'], [bea, 'Bea'], [cy, 'Cy']]);
});

afterAll(async () => {
  await under?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('claiming and verifying a website', () => {
  let graceClaim: SiteClaim;
  let beaClaim: SiteClaim;

  it('gives a token and its meta tag for the site, normalised, the same on a second claim', async () => {
    graceClaim = ok<SiteClaim>(await claim(grace, `http://${domain}/some/page?x=1`), 201);
    expect(graceClaim).toMatchObject({ domain, status: 'pending', verified_at: null });
    expect(graceClaim.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(graceClaim.meta_tag).toBe(siteVerificationMetaTag(graceClaim.token));
    expect(ok<SiteClaim>(await claim(grace, domain), 201)).toEqual(graceClaim);
    expect(await claimsOf(grace)).toEqual([graceClaim]);
    // Bea claims the same site meanwhile: a pending claim keeps nobody out.
    beaClaim = ok<SiteClaim>(await claim(bea, domain), 201);
    expect(beaClaim.token).not.toBe(graceClaim.token);
  });

  it('refuses to verify while the home page lacks the tag, or does not open, saying why; the claim stays pending', async () => {
    home.tags = ['<meta name="description" content="Lamps">', siteVerificationMetaTag('not-the-token')];
    const missing = await verify(grace, domain);
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      code: 'site_verification_tag_missing',
      message: "We couldn't find your Pinhive tag on your website's home page.",
      message_detail: `Add ${graceClaim.meta_tag} to the <head> of ${domain}'s home page, publish it, then verify again.`,
      data: { field: 'domain' },
    });

    home.status = 503;
    const down = await verify(grace, domain);
    expect(down.status).toBe(400);
    expect(errorOf(down)).toMatchObject({ code: 'site_verification_unreachable', message: "We couldn't open your website's home page.", message_detail: 'The home page answered HTTP 503.' });
    home.status = 200;
    expect(await claimsOf(grace)).toEqual([graceClaim]);
  });

  it('verifies once the tag is there; a second person verifying the same site is refused, and so is a new claim of it', async () => {
    // Both tags on the page: only the first verification makes an owner.
    home.tags = [siteVerificationMetaTag(beaClaim.token), siteVerificationMetaTag(graceClaim.token)];
    const verified = ok<SiteClaim>(await verify(grace, domain));
    expect(verified).toMatchObject({ domain, status: 'verified', token: graceClaim.token });
    expect(Date.parse(verified.verified_at ?? '')).toBeGreaterThan(0);
    expect(await claimsOf(grace)).toEqual([verified]);
    // Verifying again changes nothing.
    expect(ok<SiteClaim>(await verify(grace, domain))).toEqual(verified);

    const second = await verify(bea, domain);
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'site_claim_taken', message: 'This website is already verified by another Pinhive account.', data: { field: 'domain' } });
    expect((await claimsOf(bea))[0]).toMatchObject({ domain, status: 'pending' });
    const late = await claim(cy, domain);
    expect(late.status).toBe(409);
    expect(errorOf(late).code).toBe('site_claim_taken');
    expect(await claimsOf(cy)).toEqual([]);
  });

  it('refuses a private address the test has not allowed, through the guarded fetcher', async () => {
    ok(await claim(cy, '10.0.0.1'), 201);
    const refused = await verify(cy, '10.0.0.1');
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'site_verification_unreachable', message_detail: 'The home page leads to a private or reserved network address.' });
    ok(await unclaim(cy, '10.0.0.1'));
  });

  it('refuses bad input, unknown claims, visitors and an eleventh claim, changing nothing', async () => {
    const bad = await claim(cy, 'localhost');
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ message: "That doesn't look like a website address. Enter one such as example.com.", data: { field: 'options.domain' } });
    expect((await claim(cy, 'ftp://example.com')).status).toBe(400);
    const unknown = await verify(cy, 'never-claimed.example');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'site_claim_not_found', message: "You haven't claimed that website." });
    expect((await unclaim(cy, 'never-claimed.example')).status).toBe(404);
    expect((await request(under.service.url).post('/resource/SiteClaimResource/create/').send({ options: { domain: 'example.com' } })).status).toBe(401);
    expect((await request(under.service.url).get(`/resource/SiteClaimsResource/get/?data=${encodeURIComponent('{"options":{}}')}`)).status).toBe(401);

    for (let i = 0; i < 10; i += 1) ok(await claim(cy, `site${i}.cy.example`), 201);
    const eleventh = await claim(cy, 'site10.cy.example');
    expect(eleventh.status).toBe(409);
    expect(errorOf(eleventh)).toMatchObject({ code: 'site_claim_limit', message: 'You can claim up to 10 websites. Remove one to claim another.' });
    const cys = await claimsOf(cy);
    expect(cys.map((c) => c.domain)).toEqual(Array.from({ length: 10 }, (_, i) => `site${i}.cy.example`));
    // Claiming one again is no new claim.
    expect(ok<SiteClaim>(await claim(cy, 'site3.cy.example'), 201)).toEqual(cys[3]);
  });
});

describe('the creator card', () => {
  let fromSite: { id: string };
  let noLink: { id: string };
  let elsewhere: { id: string };

  beforeAll(async () => {
    const board = await createBoard(ada, 'Lamps I like');
    fromSite = await savePin(ada, board.id, '#c0ffee', `http://${domain}/lamps/brass.html`);
    noLink = await savePin(ada, board.id, '#bada55');
    elsewhere = await savePin(ada, board.id, '#decade', 'https://unclaimed.example/lamp');
  });

  it("shows the site's verified owner to someone who does not follow them: name, avatar, followers, profile link", async () => {
    const card = await cardOf({ pin_id: fromSite.id }, ada);
    expect(card).toEqual({ user_id: grace.id, username: 'grace', full_name: 'Grace Lamp Studio', image_url: null, profile_url: '/grace/', follower_count: 0, domain });
    expect(await cardOf({ domain: `http://${domain}/any/page` }, ada)).toEqual(card);
    // A visitor too (no follow to look up).
    expect(await cardOf({ pin_id: fromSite.id })).toEqual(card);
  });

  it('is no card for a pin without a link, a site nobody verified, the owner themselves, or a pin the viewer may not see', async () => {
    expect(await cardOf({ pin_id: noLink.id }, ada)).toBeNull();
    expect(await cardOf({ pin_id: elsewhere.id }, ada)).toBeNull();
    expect(await cardOf({ pin_id: fromSite.id }, grace)).toBeNull();
    const secret = await createBoard(ada, 'Secret lamps', 'secret');
    const hidden = await savePin(ada, secret.id, '#0ff1ce', `http://${domain}/secret.html`);
    expect((await get('CreatorCardResource', { pin_id: hidden.id }, bea)).status).toBe(404);
    expect((await get('CreatorCardResource', {}, ada)).status).toBe(400);
  });

  it('goes once the viewer follows the owner, comes back after an unfollow, and counts followers', async () => {
    ok(await followUser(ada, grace.id));
    expect(await cardOf({ pin_id: fromSite.id }, ada)).toBeNull();
    ok(await unfollowUser(ada, grace.id));
    expect(await cardOf({ pin_id: fromSite.id }, ada)).toMatchObject({ user_id: grace.id });

    // Bea follows Grace: the count follows the follow's event.
    ok(await followUser(bea, grace.id));
    await waitFor(async () => ((await cardOf({ pin_id: fromSite.id }, ada))?.follower_count === 1 ? true : undefined), 'the card counting a follower');
    expect(await cardOf({ pin_id: fromSite.id }, bea)).toBeNull();
  });

  it("is gone with the owner's claim; the site may then be verified by someone else, whose card it becomes", async () => {
    expect(ok(await unclaim(grace, domain))).toEqual({ domain, removed: true });
    expect(await claimsOf(grace)).toEqual([]);
    expect(await cardOf({ pin_id: fromSite.id }, ada)).toBeNull();

    expect(ok<SiteClaim>(await verify(bea, domain))).toMatchObject({ domain, status: 'verified' });
    expect(await cardOf({ pin_id: fromSite.id }, ada)).toMatchObject({ user_id: bea.id, username: 'bea', profile_url: '/bea/' });
    // Grace claiming again is refused now: Bea owns it.
    expect((await claim(grace, domain)).status).toBe(409);
  });
});
