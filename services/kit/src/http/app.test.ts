import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIES } from '@pinhive/contracts';
import { createLogger } from '../logger';
import { appError } from '../errors';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerClientErrors, createHttpApp, logLevelFor, RETRY_AFTER_S } from './app';
import { defineRoute, mountRoutes } from './route';

function app() {
  const api = Router();
  mountRoutes(api, [
    defineRoute({
      method: 'post',
      path: '/things/',
      summary: 'create a thing',
      auth: 'public',
      body: z.object({ name: z.string().min(2, 'Name is too short'), size: z.number().int() }),
      response: z.object({ name: z.string() }),
      status: 201,
      handler: async ({ body }) => ({ name: body.name }),
    }),
    defineRoute({
      method: 'post', path: '/upload/', summary: 'reads its own body', auth: 'public', streamBody: true, response: z.object({ bytes: z.number() }),
      handler: async ({ req }) => {
        let bytes = 0;
        for await (const chunk of req) bytes += (chunk as Buffer).length;
        return { bytes };
      },
    }),
    defineRoute({ method: 'get', path: '/boom/', summary: 'fails', auth: 'public', response: z.null(), handler: async () => { throw new Error('secret internals'); } }),
    defineRoute({ method: 'get', path: '/gone/', summary: 'app error', auth: 'public', response: z.null(), handler: async () => { throw appError('not_found', { message: 'No such thing.' }); } }),
  ]);
  return createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api], streamBodies: ['/upload/'] });
}

const error = (res: request.Response) => res.body.resource_response.error;

describe('createHttpApp', () => {
  it('wraps data in the success envelope with the route status', async () => {
    const res = await request(app()).post('/things/').send({ name: 'lamp', size: 3 });
    expect(res.status).toBe(201);
    expect(res.body.resource_response).toEqual({ status: 'success', data: { name: 'lamp' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const res = await request(app()).post('/things/').send({ name: 'x', size: 3 });
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'bad_request', message: 'Name is too short', http_status: 400, data: { field: 'name' } });
  });

  it('leaves a streamed route its body, of any type and size, and only that route', async () => {
    const big = Buffer.alloc(64 * 1024, 1);
    const res = await request(app()).post('/upload/').set('content-type', 'image/png').send(big);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toEqual({ bytes: big.length });
    expect((await request(app()).post('/things/').set('content-type', 'image/png').send(big)).status).toBe(415);
  });

  it('refuses invalid JSON, non-JSON bodies and oversized bodies with clear errors', async () => {
    const bad = await request(app()).post('/things/').set('content-type', 'application/json').send('{"name":');
    expect(bad.status).toBe(400);
    expect(error(bad).message).toBe('The request body is not valid JSON.');
    const text = await request(app()).post('/things/').set('content-type', 'text/plain').send('name=lamp');
    expect(text.status).toBe(415);
    const big = await request(app()).post('/things/').send({ name: 'x'.repeat(2000), size: 1 });
    expect(big.status).toBe(413);
  });

  it('refuses a body whose bytes are not UTF-8 (they would be read as U+FFFD), and takes one that is', async () => {
    // The bytes as they are (supertest would otherwise send a Buffer as JSON of its fields).
    const raw = (bytes: Buffer) => request(app()).post('/things/').set('content-type', 'application/json').serialize((b: Buffer) => b as unknown as string).send(bytes);
    const latin1 = Buffer.concat([Buffer.from('{"name": "caf'), Buffer.from([0xe9]), Buffer.from('", "size": 1}')]);
    const res = await raw(latin1);
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'bad_request', message: 'The request body is not valid UTF-8.', data: { field: 'body' } });
    const overlong = await raw(Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]));
    expect(overlong.status).toBe(400);
    const utf8 = await raw(Buffer.from('{"name": "café 🦄", "size": 1}'));
    expect(utf8.status).toBe(201);
    expect(utf8.body.resource_response.data).toEqual({ name: 'café 🦄' });
  });

  it('answers unknown routes with the 404 envelope and app errors with their own status', async () => {
    const res = await request(app()).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body.resource_response.status).toBe('failure');
    const gone = await request(app()).get('/gone/');
    expect(gone.status).toBe(404);
    expect(error(gone).message).toBe('No such thing.');
  });

  it('never leaks an unexpected error: generic 500, no stack', async () => {
    const res = await request(app()).get('/boom/');
    expect(res.status).toBe(500);
    expect(error(res).message).toBe('Sorry! Something went wrong on our end.');
    expect(JSON.stringify(res.body)).not.toMatch(/secret internals|at .*\.ts/);
  });

  it('keeps the caller request id when it is well formed', async () => {
    const res = await request(app()).get('/nowhere').set('x-request-id', 'abc12345-trace');
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
    expect(res.body.request_identifier).toBe('abc12345-trace');
  });

  it('sets helmet security headers', async () => {
    const res = await request(app()).get('/nowhere');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('the CSRF cookie', () => {
  const csrfCookie = (res: request.Response) => [res.headers['set-cookie'] ?? []].flat<(string | string[])[]>().find((c) => c.startsWith(`${SESSION_COOKIES.csrf}=`));

  it('is given to a browser that has none, and not again once it has one', async () => {
    const first = await request(app()).get('/gone/');
    const cookie = csrfCookie(first);
    expect(cookie).toMatch(/SameSite=Lax/);
    const again = await request(app()).get('/gone/').set('Cookie', cookie!.split(';')[0]!);
    expect(csrfCookie(again)).toBeUndefined();
  });

  it('is not given to a client that sends a bearer token, which keeps no cookies', async () => {
    expect(csrfCookie(await request(app()).get('/gone/').set('Authorization', 'Bearer some.access.token'))).toBeUndefined();
    expect(csrfCookie(await request(app()).post('/things/').set('Authorization', 'Bearer some.access.token').send({ name: 'lamp', size: 3 }))).toBeUndefined();
  });

  it('still refuses a write with a session cookie and no CSRF cookie to echo, bearer or not', async () => {
    const res = await request(app()).post('/things/').set('Authorization', 'Bearer some.access.token').set('Cookie', `${SESSION_COOKIES.access}=a.session.token`)
      .set(CSRF_HEADER, 'made-up').send({ name: 'lamp', size: 3 });
    expect(res.status).toBe(403);
    expect(error(res).code).toBe('csrf_failed');
  });
});

describe("what Node's HTTP parser refuses", () => {
  /** One raw exchange with a listening app; resolves the status line's code and the body. */
  async function raw(text: string): Promise<{ status: number; body: string }> {
    const server = app().listen(0, '127.0.0.1');
    answerClientErrors(server);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.end(text));
        let got = '';
        socket.on('data', (d: Buffer) => { got += d.toString('utf8'); });
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body };
    } finally {
      server.close();
    }
  }

  it('answers an address over its 16 KB limit with 431 in the failure envelope', async () => {
    const res = await raw(`GET /things/?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ resource_response: { status: 'failure', error: expect.objectContaining({ code: 'request_header_fields_too_large', http_status: 431 }) } });
  });

  it('answers a malformed request with 400 in the failure envelope', async () => {
    const res = await raw('GET /things/ HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).resource_response.error).toMatchObject({ code: 'bad_request', http_status: 400 });
  });
});

describe('dependency outages', () => {
  it('answers 503 when Mongo or Redis is unreachable, 500 for anything else', async () => {
    const api = Router();
    const fail = (err: Error) => async () => { throw err; };
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    mountRoutes(api, [
      defineRoute({ method: 'get', path: '/mongo/', summary: '', auth: 'public', response: z.null(), handler: fail(named('MongoServerSelectionError', 'connect ECONNREFUSED')) }),
      // A command waiting for a pooled connection when another found the store gone (store-crash test).
      defineRoute({ method: 'get', path: '/pool/', summary: '', auth: 'public', response: z.null(), handler: fail(named('MongoPoolClearedError', 'Connection pool for 127.0.0.1:27017 was cleared because another operation failed with: "connect ECONNREFUSED 127.0.0.1:27017"')) }),
      defineRoute({ method: 'get', path: '/redis/', summary: '', auth: 'public', response: z.null(), handler: fail(new Error("Stream isn't writeable and enableOfflineQueue options is false")) }),
      defineRoute({ method: 'get', path: '/bug/', summary: '', auth: 'public', response: z.null(), handler: fail(new TypeError('x is undefined')) }),
      // What FerretDB answers while its PostgreSQL is away (seen in the PostgreSQL-away test).
      defineRoute({ method: 'get', path: '/pg/', summary: '', auth: 'public', response: z.null(), handler: fail(named('MongoServerError', '[msg_insert.go:168] failed to connect to `user=pinhive database=ferretdb`: dial tcp 127.0.0.1:5433: connect: connection refused')) }),
      defineRoute({ method: 'get', path: '/duplicate/', summary: '', auth: 'public', response: z.null(), handler: fail(named('MongoServerError', 'E11000 duplicate key error')) }),
    ]);
    const a = createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api] });
    expect((await request(a).get('/mongo/')).status).toBe(503);
    expect((await request(a).get('/pool/')).status).toBe(503);
    const redis = await request(a).get('/redis/');
    expect(redis.status).toBe(503);
    expect(error(redis)).toMatchObject({ code: 'service_unavailable', message: 'Sorry! Something went wrong on our end.' });
    expect((await request(a).get('/bug/')).status).toBe(500);
    expect((await request(a).get('/pg/')).status).toBe(503);
    expect((await request(a).get('/duplicate/')).status).toBe(500);
  });

  it('tells when to try again (Retry-After) on a 503 and a 507, and answers 507 when the store is out of space', async () => {
    const api = Router();
    const fail = (err: Error) => async () => { throw err; };
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    // node's own socket error from another realm (a vm context, as under jest): still a 503.
    const foreign = runInNewContext("Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' })") as Error;
    mountRoutes(api, [
      defineRoute({ method: 'get', path: '/away/', summary: '', auth: 'public', response: z.null(), handler: fail(foreign) }),
      // What FerretDB answers when PostgreSQL cannot extend a table (seen in the disk-full drill, test/drills/disk-full.int.test.ts).
      defineRoute({ method: 'get', path: '/full/', summary: '', auth: 'public', response: z.null(), handler: fail(named('MongoServerError', 'ERROR: could not extend file "base/16384/16412": No space left on device (SQLSTATE 53100)')) }),
      defineRoute({ method: 'get', path: '/bug/', summary: '', auth: 'public', response: z.null(), handler: fail(new TypeError('x is undefined')) }),
    ]);
    const a = createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api] });
    const away = await request(a).get('/away/');
    expect([away.status, away.headers['retry-after']]).toEqual([503, String(RETRY_AFTER_S)]);
    const full = await request(a).get('/full/');
    expect([full.status, full.headers['retry-after']]).toEqual([507, String(RETRY_AFTER_S)]);
    expect(error(full)).toMatchObject({ code: 'insufficient_storage', http_status: 507 });
    expect((await request(a).get('/bug/')).headers['retry-after']).toBeUndefined();
  });
});

describe('request log levels', () => {
  it('keeps warn for refusals that may be attacks and error for faults', () => {
    expect([200, 400, 401, 404, 409].map((s) => logLevelFor(s))).toEqual(['info', 'info', 'info', 'info', 'info']);
    expect([403, 429].map((s) => logLevelFor(s))).toEqual(['warn', 'warn']);
    expect([500, 503].map((s) => logLevelFor(s))).toEqual(['error', 'error']);
    expect(logLevelFor(200, new Error('boom'))).toBe('error');
  });

  it('leaves a read that succeeded to the gateway\'s access log, and keeps every write and refused read', () => {
    expect([200, 204, 304].map((s) => logLevelFor(s, undefined, 'GET'))).toEqual(['debug', 'debug', 'debug']);
    expect(logLevelFor(200, undefined, 'HEAD')).toBe('debug');
    expect([200, 201].map((s) => logLevelFor(s, undefined, 'POST'))).toEqual(['info', 'info']);
    expect([400, 404].map((s) => logLevelFor(s, undefined, 'GET'))).toEqual(['info', 'info']);
    expect(logLevelFor(403, undefined, 'GET')).toBe('warn');
    expect(logLevelFor(500, undefined, 'GET')).toBe('error');
  });
});
