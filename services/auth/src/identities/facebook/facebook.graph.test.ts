import { FacebookGraph, isoBirthday } from './facebook.graph';

const logger = { info: () => undefined, error: () => undefined } as never;
const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
const graph = (fetchImpl: typeof fetch) => new FacebookGraph({ graphUrl: 'https://graph.example/v19.0', appId: 'app-1', appSecret: 's', logger, fetchImpl });
const now = new Date('2026-11-26T10:00:00Z');
const valid = { is_valid: true, app_id: 'app-1', user_id: 'u-1', expires_at: now.getTime() / 1000 + 60, scopes: ['email'] };

describe('a user token checked with debug_token', () => {
  it('is accepted when valid, unexpired and issued to this app', async () => {
    await expect(graph(answering(200, { data: valid })).inspect('t', now)).resolves.toEqual({ appId: 'app-1', userId: 'u-1', scopes: ['email'] });
    await expect(graph(answering(200, { data: { ...valid, expires_at: 0 } })).inspect('t', now)).resolves.toMatchObject({ userId: 'u-1' });
  });

  it.each([
    ['invalid', { ...valid, is_valid: false }],
    ['expired', { ...valid, expires_at: now.getTime() / 1000 }],
    ["another app's", { ...valid, app_id: 'app-2' }],
    ['without a user', { ...valid, user_id: undefined }],
  ])('is refused when %s', async (_, data) => {
    await expect(graph(answering(200, { data })).inspect('t', now)).rejects.toMatchObject({ code: 'identity_invalid' });
  });

  it('answers provider_unavailable when the Graph API fails or cannot be reached', async () => {
    await expect(graph(answering(503, {})).inspect('t', now)).rejects.toMatchObject({ code: 'provider_unavailable' });
    await expect(graph((async () => { throw new TypeError('fetch failed'); })).inspect('t', now)).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});

it("reads the Graph API's MM/DD/YYYY birthday, and no partial one", () => {
  expect(isoBirthday('07/06/1985')).toBe('1985-07-06');
  expect(isoBirthday('07/06')).toBeUndefined();
  expect(isoBirthday(undefined)).toBeUndefined();
});
