import request from 'supertest';
import { OffsiteBlocks } from '../src/offsite/offsite-blocks.repository';
import { offsiteCommand } from '../src/offsite/offsite-command';
import { uniqueName } from '../../../test/support/servers';
import { startPinsBoards, type PinsBoardsUnderTest } from './support/service-under-test';

/**
 * Safe outbound links: `GET /v3/offsite/` answers a link's status (the heuristics, then the
 * operators' list, which an operator changes with `npm run admin -- offsite ...`) and, for one to
 * follow, the signed `/offsite/` path; `/offsite/` follows only links signed by the service, and
 * not those judged unsafe since.
 */
let under: PinsBoardsUnderTest;
let blocks: OffsiteBlocks;

const check = async (url: string, extra: Record<string, string> = {}) => {
  const res = await request(under.service.url).get('/v3/offsite/').query({ url, ...extra });
  return { status: res.status, body: res.body as { resource_response: { data: { redirect_status: string; url: string }; error?: { message: string } } } };
};
const follow = (pathAndQuery: string) => request(under.service.url).get(pathAndQuery).redirects(0);

beforeAll(async () => {
  under = await startPinsBoards('offsite');
  blocks = new OffsiteBlocks(under.conn);
});

afterAll(async () => {
  await under?.close();
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
  // Another instance signs it; a third (nothing of the domain in its cache) follows it after the
  // block: the redirect reads the list again.
  const signer = await under.another();
  const signed = (await request(signer.url).get('/v3/offsite/').query({ url: link })).body.resource_response.data.url as string;
  expect(signed).toMatch(/^\/offsite\//);
  await offsiteCommand(blocks, ['block', domain, 'blocked']);
  const res = await request((await under.another()).url).get(signed).redirects(0);
  expect(res.status).toBe(403);
  expect(res.text).toContain('This link is blocked');
  expect(await offsiteCommand(blocks, ['unblock', domain])).toEqual([`${domain} is followed again (every instance follows the change within 30 s)`]);
});

it('refuses a malformed check with a clear error and an unknown operator command with the usage', async () => {
  expect((await check('')).status).toBe(400);
  expect((await check('https://example.com/', { pin_id: 'not an id' })).status).toBe(400);
  await expect(offsiteCommand(blocks, ['block', 'localhost', 'blocked'])).rejects.toThrow('"localhost" is not a domain');
  await expect(offsiteCommand(blocks, ['block', 'fine.example', 'bad'])).rejects.toThrow('the status must be one of blocked, suspicious, porn');
  await expect(offsiteCommand(blocks, ['wipe'])).rejects.toThrow('usage: npm run admin -- offsite');
});
