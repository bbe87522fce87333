import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../src/config';
import { OffsiteBlocks } from '../src/offsite/offsite-blocks.repository';
import { offsiteCommand } from '../src/offsite/offsite-command';
import { pinsBoardsService } from '../src/service';
import { serviceEnv, servers, uniqueName } from '../../../test/support/servers';
import { testViewers } from '../../../test/support/test-viewers';
import { whenReady } from './support/resources';

/**
 * Safe outbound links: `GET /v3/offsite/` answers a link's status (the heuristics, then the
 * operators' list, which an operator changes with `npm run admin -- offsite ...`) and, for one to
 * follow, the signed `/offsite/` path; `/offsite/` follows only links signed by the service, and
 * not those judged unsafe since. A second instance (its own list cache) sees an operator's change
 * once its cache lapses; a fresh instance at once.
 */
const prefix = `${uniqueName('os')}.`;
const db = uniqueName('offsite');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-offsite-'));
let viewers: Awaited<ReturnType<typeof testViewers>>;
let pins: RunningService<PinsBoardsConfig>;
let conn: Connection;
let blocks: OffsiteBlocks;

const check = async (url: string, extra: Record<string, string> = {}) => {
  const res = await request(pins.url).get('/v3/offsite/').query({ url, ...extra });
  return { status: res.status, body: res.body as { resource_response: { data: { redirect_status: string; url: string }; error?: { message: string } } } };
};
const follow = (pathAndQuery: string) => request(pins.url).get(pathAndQuery).redirects(0);

beforeAll(async () => {
  viewers = await testViewers();
  const env = { ...serviceEnv(db, prefix), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir };
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig(env)));
  await whenReady(pins.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  blocks = new OffsiteBlocks(conn);
});

afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await pins?.close();
  await viewers?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

it('answers a link to follow with its signed /offsite/ path, which redirects there and nowhere else', async () => {
  const link = 'https://lamps.example.com/brass?ref=pin';
  const { status, body } = await check(link, { pin_id: '12345', check_only: 'true' });
  expect(status).toBe(200);
  expect(body.resource_response.data.redirect_status).toBe('ok');
  const signed = body.resource_response.data.url;
  expect(signed).toMatch(/^\/offsite\/\?token=/);

  const res = await follow(signed);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(link);
  expect(res.headers['referrer-policy']).toBe('no-referrer');

  // The same token for another link, another pin, or no token: not followed (no open redirect).
  const query = new URLSearchParams(signed.split('?')[1]);
  const forgeries: Record<string, string>[] = [
    { ...Object.fromEntries(query), url: 'https://evil.example/' },
    { ...Object.fromEntries(query), pin: '999' },
    { url: link, pin: '12345' },
  ];
  for (const forged of forgeries) {
    const refused = await follow(`/offsite/?${new URLSearchParams(forged).toString()}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.text).toContain('It was not made by Pinhive');
  }
});

it("does not follow links the heuristics or the operators' list judge unsafe, and answers the link itself", async () => {
  for (const [link, judged] of [
    ['javascript:alert(1)', 'blocked'],
    ['https://bank.example@phish.example/', 'suspicious'],
    ['http://198.51.100.7/x', 'suspicious'],
  ] as const) {
    const { body } = await check(link);
    expect(body.resource_response.data).toEqual({ redirect_status: judged, url: link });
  }

  const domain = uniqueName('adult').replace(/\W/g, '') + '.example';
  expect(await offsiteCommand(blocks, ['block', `https://${domain.toUpperCase()}/`, 'porn', 'reported', 'twice'])).toEqual([
    `${domain} is porn: its links are not followed (every instance follows the change within 30 s)`,
  ]);
  expect((await offsiteCommand(blocks, ['list'])).some((line) => line.startsWith(`${domain}  porn  reported twice`))).toBe(true);
  // A subdomain of a listed domain is listed too.
  const { body } = await check(`https://videos.${domain}/watch`);
  expect(body.resource_response.data).toEqual({ redirect_status: 'porn', url: `https://videos.${domain}/watch` });
});

it('reads the list again when following: a link signed before its domain was blocked is not followed after', async () => {
  const domain = uniqueName('later').replace(/\W/g, '') + '.example';
  const link = `https://${domain}/page`;
  // A fresh instance on the same store: nothing of the list in its cache yet.
  const fresh = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...serviceEnv(db, `${prefix}fresh.`), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir })));
  try {
    const signed = (await request(fresh.url).get('/v3/offsite/').query({ url: link })).body.resource_response.data.url as string;
    expect(signed).toMatch(/^\/offsite\//);
    await offsiteCommand(blocks, ['block', domain, 'blocked']);
    // Another instance (nothing of the domain in its cache) follows the signed link: it reads the list again.
    const other = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...serviceEnv(db, `${prefix}other.`), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir })));
    try {
      const res = await request(other.url).get(signed).redirects(0);
      expect(res.status).toBe(403);
      expect(res.text).toContain('This link is blocked');
    } finally {
      await other.close();
    }
    expect(await offsiteCommand(blocks, ['unblock', domain])).toEqual([`${domain} is followed again (every instance follows the change within 30 s)`]);
  } finally {
    await fresh.close();
  }
});

it('refuses a malformed check with a clear error and an unknown operator command with the usage', async () => {
  expect((await check('')).status).toBe(400);
  expect((await check('https://example.com/', { pin_id: 'not an id' })).status).toBe(400);
  await expect(offsiteCommand(blocks, ['block', 'localhost', 'blocked'])).rejects.toThrow('"localhost" is not a domain');
  await expect(offsiteCommand(blocks, ['block', 'fine.example', 'bad'])).rejects.toThrow('the status must be one of blocked, suspicious, porn');
  await expect(offsiteCommand(blocks, ['wipe'])).rejects.toThrow('usage: npm run admin -- offsite');
});
