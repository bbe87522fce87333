import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { appError } from '../errors';
import { testTokens } from '../../test/support/viewer-tokens';
import { createHttpApp } from './app';
import { openApiDocument } from './openapi';
import { success } from '@pinhive/contracts';
import { defineRoute, JsonText, mountRoutes, badTextAt, perIp, perViewer, successBody, type AnyRoute, type RateLimiter } from './route';

const { keyLookup, bearer } = testTokens();

/** A limiter that records its keys and refuses (429) after `points` requests per key. */
function countingLimiter(points: number) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  const limiter: RateLimiter = {
    consume: async (key) => {
      keys.push(key);
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n > points) throw appError('too_many_requests');
    },
  };
  return { limiter, keys, allows: `${points} per test` };
}

function appWith(routes: readonly AnyRoute[]) {
  const api = Router();
  mountRoutes(api, routes);
  return createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api], keyLookup });
}

const echoViewer = z.object({ user: z.string().nullable() });
const byIp = countingLimiter(2);
const byViewer = countingLimiter(100);
const down: RateLimiter = { consume: async () => { throw appError('service_unavailable', { detail: 'limiter store unavailable' }); } };
const handlerCalls: string[] = [];

const routes = [
  defineRoute({
    method: 'get', path: '/mine/', summary: 'viewer only', auth: 'viewer', response: echoViewer,
    handler: async ({ viewer }) => ({ user: viewer.userId }),
  }),
  defineRoute({
    method: 'post', path: '/promote/', summary: 'viewer only, its 401 with a detail', auth: 'viewer', unauthorizedDetail: 'Log in again to promote this Pin.',
    response: echoViewer, handler: async ({ viewer }) => ({ user: viewer.userId }),
  }),
  defineRoute({
    method: 'get', path: '/maybe/', summary: 'viewer or not', auth: 'optional', response: echoViewer,
    handler: async ({ viewer }) => ({ user: viewer?.userId ?? null }),
  }),
  defineRoute({
    method: 'get', path: '/open/', summary: 'public', auth: 'public', response: z.object({ given: z.boolean() }),
    handler: async (input) => ({ given: input.viewer !== undefined }),
  }),
  defineRoute({
    method: 'post', path: '/limited/', summary: 'limited per IP', auth: 'public', rateLimit: { ...byIp, ...perIp },
    body: z.object({ name: z.string().min(1, 'Name is missing') }), response: z.string(),
    handler: async ({ body }) => {
      handlerCalls.push(body.name);
      return body.name;
    },
  }),
  defineRoute({
    method: 'post', path: '/limited-twice/', summary: 'per viewer, then per name', auth: 'viewer',
    rateLimit: [{ ...byViewer, ...perViewer }, { ...countingLimiter(1), per: 'name', key: ({ body }) => `name:${body.name}` }],
    body: z.object({ name: z.string() }), response: z.string(),
    handler: async ({ body }) => body.name,
  }),
  defineRoute({
    method: 'get', path: '/limiter-down/', summary: 'limiter store away', auth: 'public', rateLimit: { limiter: down, allows: 'n/a', ...perIp },
    response: z.null(), handler: async () => null,
  }),
];

const error = (res: request.Response) => res.body.resource_response.error;

describe('route auth rules', () => {
  const app = appWith(routes);

  it('answers a viewer route without a viewer with 401 unauthorized, before validation and the handler', async () => {
    const res = await request(app).get('/mine/');
    expect(res.status).toBe(401);
    expect(error(res)).toMatchObject({ code: 'unauthorized', message: 'Log in to continue.', http_status: 401 });
  });

  it('passes the refused token\'s reason through: an expired token answers 401 token_expired', async () => {
    const res = await request(app).get('/mine/').set(bearer('u1', { expiresIn: -10 }));
    expect(res.status).toBe(401);
    expect(error(res)).toMatchObject({ code: 'token_expired', message: 'Your session has expired. Log in again.' });
  });

  it('adds the route\'s detail to its 401, the reason kept', async () => {
    const none = await request(app).post('/promote/').send({});
    expect(error(none)).toMatchObject({ code: 'unauthorized', http_status: 401, message_detail: 'Log in again to promote this Pin.' });
    const expired = await request(app).post('/promote/').set(bearer('u1', { expiresIn: -10 })).send({});
    expect(error(expired)).toMatchObject({ code: 'token_expired', http_status: 401, message_detail: 'Log in again to promote this Pin.' });
    expect(error(await request(app).get('/mine/'))).toMatchObject({ message_detail: null });
  });

  it('gives a viewer route its viewer', async () => {
    const res = await request(app).get('/mine/').set(bearer('u1'));
    expect(res.status).toBe(200);
    expect(res.body.resource_response).toEqual({ status: 'success', data: { user: 'u1' } });
  });

  it('gives an optional route the viewer when there is one, and undefined otherwise (a refused token too)', async () => {
    expect((await request(app).get('/maybe/').set(bearer('u2'))).body.resource_response.data).toEqual({ user: 'u2' });
    expect((await request(app).get('/maybe/')).body.resource_response.data).toEqual({ user: null });
    const expired = await request(app).get('/maybe/').set(bearer('u2', { expiresIn: -10 }));
    expect(expired.status).toBe(200);
    expect(expired.body.resource_response.data).toEqual({ user: null });
  });

  it('gives a public route no viewer, even when one signed in', async () => {
    expect((await request(app).get('/open/').set(bearer('u3'))).body.resource_response.data).toEqual({ given: false });
  });

  it('refuses at mount time a route whose auth rule a cast let through', () => {
    const undeclared = { method: 'get', path: '/x/', summary: '', response: z.null(), handler: async () => null } as unknown as AnyRoute;
    expect(() => mountRoutes(Router(), [undeclared])).toThrow('GET /x/ declares no auth rule');
  });
});

describe('route rate limits', () => {
  const app = appWith(routes);

  it('consumes the declared limiter with the key of its key function, then its refusal is the answer', async () => {
    handlerCalls.length = 0;
    byIp.keys.length = 0;
    const from = (ip: string) => ({ 'x-forwarded-for': ip }); // the gateway's header, trusted from loopback
    for (const name of ['a', 'b']) expect((await request(app).post('/limited/').set(from('203.0.113.7')).send({ name })).status).toBe(200);
    const refused = await request(app).post('/limited/').set(from('203.0.113.7')).send({ name: 'c' });
    expect(refused.status).toBe(429);
    expect(error(refused)).toMatchObject({ code: 'too_many_requests', message: 'Too many requests. Wait a moment and try again.' });
    expect((await request(app).post('/limited/').set(from('198.51.100.2')).send({ name: 'd' })).status).toBe(200);
    expect(byIp.keys).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.2']);
    expect(handlerCalls).toEqual(['a', 'b', 'd']);
  });

  it('does not count a request refused by validation (as when the handler consumed the limiter)', async () => {
    byIp.keys.length = 0;
    const res = await request(app).post('/limited/').set('x-forwarded-for', '192.0.2.1').send({ name: '' });
    expect(res.status).toBe(400);
    expect(error(res).message).toBe('Name is missing');
    expect(byIp.keys).toEqual([]);
  });

  it('consumes several limits in order, with keys from the viewer and the parsed body', async () => {
    byViewer.keys.length = 0;
    const first = await request(app).post('/limited-twice/').set(bearer('u5')).send({ name: 'lamp' });
    expect(first.status).toBe(200);
    expect(byViewer.keys).toEqual(['u5']);
    const again = await request(app).post('/limited-twice/').set(bearer('u6')).send({ name: 'lamp' });
    expect(again.status).toBe(429);
    expect(byViewer.keys).toEqual(['u5', 'u6']);
  });

  it('never counts an anonymous call of a viewer route: 401 comes first', async () => {
    byViewer.keys.length = 0;
    expect((await request(app).post('/limited-twice/').send({ name: 'lamp' })).status).toBe(401);
    expect(byViewer.keys).toEqual([]);
  });

  it('passes a limiter failure through as it is (503 when its store is away)', async () => {
    const res = await request(app).get('/limiter-down/');
    expect(res.status).toBe(503);
    expect(error(res)).toMatchObject({ code: 'service_unavailable', message_detail: 'limiter store unavailable' });
  });
});

describe('OpenAPI document', () => {
  type Operation = Record<string, unknown> & { responses: Record<string, unknown> };
  const doc = openApiDocument('test', routes) as { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

  it('shows a route that reads its own body as a binary body of any type', () => {
    const upload = defineRoute({ method: 'post', path: '/upload/', summary: 'a file', auth: 'viewer', streamBody: true, response: z.null(), handler: () => Promise.resolve(null) });
    const withUpload = openApiDocument('test', [upload]) as { paths: Record<string, Record<string, Operation>> };
    expect(withUpload.paths['/upload/']!.post!.requestBody).toEqual({ required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } });
  });

  it('shows each route\'s auth rule as x-auth and security', () => {
    expect(doc.paths['/mine/']!.get).toMatchObject({ 'x-auth': 'viewer', security: [{ cookieAuth: [] }, { bearerAuth: [] }] });
    expect(doc.paths['/mine/']!.get!.responses['401']).toBeDefined();
    expect(doc.paths['/maybe/']!.get).toMatchObject({ 'x-auth': 'optional', security: [{}, { cookieAuth: [] }, { bearerAuth: [] }] });
    expect(doc.paths['/open/']!.get).toMatchObject({ 'x-auth': 'public', security: [] });
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['cookieAuth', 'bearerAuth']);
  });

  it('shows the rate limits and their 429', () => {
    expect(doc.paths['/limited/']!.post!['x-rate-limit']).toEqual([{ per: 'ip', allows: '2 per test' }]);
    expect(doc.paths['/limited-twice/']!.post!['x-rate-limit']).toEqual([{ per: 'viewer', allows: '100 per test' }, { per: 'name', allows: '1 per test' }]);
    expect(doc.paths['/limited/']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/open/']!.get!['x-rate-limit']).toBeUndefined();
  });
});

describe('answers that are JSON text already (cached answers)', () => {
  const data = { all_boards: [{ id: '1', name: 'Ünïcode "quoted"' }], n: 2 };
  const text = new JsonText(JSON.stringify(data));

  it('are the same envelope, byte for byte, as the same data as values', () => {
    expect(successBody(text, 'req-1').toString()).toBe(JSON.stringify(success(data, 'req-1')));
    expect(successBody(text, 'req-1', ['b1']).toString()).toBe(JSON.stringify(success(data, 'req-1', ['b1'])));
    expect(successBody(text, '').toString()).toBe(JSON.stringify(success(data, '')));
    expect(successBody(text, 'req-1', ['b1'], { corrected_query: 'lamp' }).toString()).toBe(JSON.stringify(success(data, 'req-1', ['b1'], { corrected_query: 'lamp' })));
    // A meta that is JSON already, around JSON text or values: the same bytes as the values'.
    const meta = { corrected_query: 'lamp', promoted: [{ id: 'p1', ad: { token: 'a.b' } }] };
    expect(successBody(text, 'req-1', ['b1'], new JsonText(JSON.stringify(meta))).toString()).toBe(JSON.stringify(success(data, 'req-1', ['b1'], meta)));
    expect(successBody(data, 'req-1', ['b1'], new JsonText(JSON.stringify(meta)))).toBe(JSON.stringify(success(data, 'req-1', ['b1'], meta)));
  });

  it('are answered as JSON, paged ones with their bookmark', async () => {
    const app = appWith([
      defineRoute({ method: 'get', path: '/text', summary: 'text', auth: 'public', response: z.unknown(), handler: async () => text }),
      defineRoute({ method: 'get', path: '/paged', summary: 'paged', auth: 'public', response: z.unknown(), paged: true, handler: async () => ({ items: text, bookmark: 'next' }) }),
    ]);
    const one = await request(app).get('/text');
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(one.body.resource_response).toEqual({ status: 'success', data });
    expect(one.body.request_identifier).toBe(one.headers['x-request-id']);
    expect(one.headers.etag).toBeUndefined();
    const paged = await request(app).get('/paged');
    expect(paged.body.resource_response).toEqual({ status: 'success', data, bookmarks: ['next'] });
  });

  it('carry what a page says about itself (meta) beside its bookmark, as JSON text or as values', async () => {
    const meta = { corrected_query: 'lamp' };
    const app = appWith([
      defineRoute({ method: 'get', path: '/text', summary: 'text', auth: 'public', response: z.unknown(), paged: true, handler: async () => ({ items: text, bookmark: 'next', meta }) }),
      defineRoute({ method: 'get', path: '/values', summary: 'values', auth: 'public', response: z.unknown(), paged: true, handler: async () => ({ items: [data], bookmark: '-end-', meta }) }),
    ]);
    expect((await request(app).get('/text')).body.resource_response).toEqual({ status: 'success', data, bookmarks: ['next'], meta });
    expect((await request(app).get('/values')).body.resource_response).toEqual({ status: 'success', data: [data], bookmarks: ['-end-'], meta });
  });
});

describe('a success status chosen by the handler', () => {
  it('is answered instead of the route\'s own (a move still running answers 202), in the same envelope', async () => {
    const app = appWith([
      defineRoute({
        method: 'post', path: '/work/', summary: 'maybe still running', auth: 'public', status: 200, body: z.object({ long: z.boolean() }), response: z.object({ status: z.string() }),
        handler: async ({ body, res }) => {
          if (body.long) res.status(202);
          return { status: body.long ? 'running' : 'done' };
        },
      }),
    ]);
    const quick = await request(app).post('/work/').send({ long: false });
    expect(quick.status).toBe(200);
    const long = await request(app).post('/work/').send({ long: true });
    expect(long.status).toBe(202);
    expect(long.body.resource_response).toEqual({ status: 'success', data: { status: 'running' } });
  });
});

describe('a NUL character (U+0000) anywhere in the input', () => {
  const stored: unknown[] = [];
  const app = appWith([
    defineRoute({
      method: 'post', path: '/profile/:id/', summary: 'stores a profile', auth: 'public',
      params: z.object({ id: z.string() }),
      body: z.object({ name: z.string(), tags: z.array(z.string()).optional(), extra: z.record(z.string(), z.string()).optional(), json: z.string().optional() }),
      response: z.null(),
      handler: async ({ body }) => { stored.push(body); return null; },
    }),
    defineRoute({
      method: 'get', path: '/search/', summary: 'reads JSON in the query', auth: 'public',
      query: z.object({ data: z.string().transform((s) => JSON.parse(s) as unknown) }),
      response: z.null(), handler: async ({ query }) => { stored.push(query); return null; },
    }),
  ]);

  it.each([
    ['a string', { name: 'a\u0000b' }, 'name'],
    ['an item of a list', { name: 'a', tags: ['ok', 'x\u0000'] }, 'tags.1'],
    ['an object key', { name: 'a', extra: { 'k\u0000ey': 'v' } }, 'extra.k\\u0000ey'],
    ['a value of a record', { name: 'a', extra: { key: '\u0000' } }, 'extra.key'],
  ])('in %s is a 400 naming the field, and the handler never runs', async (_what, body, field) => {
    const res = await request(app).post('/profile/1/').send(body);
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'bad_request', http_status: 400, data: { field } });
    expect(error(res).message).toContain('NUL');
    expect(stored).toEqual([]);
  });

  it('in a path parameter or in JSON carried by a query parameter is refused too', async () => {
    const path = await request(app).post('/profile/a%00b/').send({ name: 'a' });
    expect(path.status).toBe(400);
    expect(error(path).data.field).toBe('id');
    const query = await request(app).get('/search/').query({ data: JSON.stringify({ q: 'a\u0000' }) });
    expect(query.status).toBe(400);
    expect(error(query).data.field).toBe('data.q');
    expect(stored).toEqual([]);
  });

  it('is found in a body nested thousands of levels deep (no recursion)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(badTextAt({ a: deep })).toEqual({ field: `a${'.0'.repeat(20_000)}`, problem: 'nul' });
    expect(badTextAt({ a: ['fine', { b: 'still fine \u202e 🦄' }], '😀': 1 })).toBeUndefined();
  });

  it('a lone surrogate, in a value or a key, is refused the same way (it is not UTF-8)', async () => {
    const value = await request(app).post('/profile/1/').set('content-type', 'application/json').send('{"name": "a\\ud800"}');
    expect(value.status).toBe(400);
    expect(error(value)).toMatchObject({ code: 'bad_request', data: { field: 'name' } });
    expect(error(value).message).toContain('well-formed');
    const key = await request(app).post('/profile/1/').set('content-type', 'application/json').send('{"name": "a", "extra": {"\\udc00": "v"}}');
    expect(key.status).toBe(400);
    expect(error(key).data.field).toBe('extra.\\udc00');
    expect(stored).toEqual([]);
  });

  it('is not confused with text that only describes it', async () => {
    const res = await request(app).post('/profile/1/').send({ name: 'a\\u0000b', json: '"\\u0000"' });
    expect(res.status).toBe(200);
    expect(stored).toEqual([{ name: 'a\\u0000b', json: '"\\u0000"' }]);
  });
});
