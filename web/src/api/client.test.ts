import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiRequest, ApiError } from './client';

/** A fake browser: a cookie jar in `document.cookie` and a scripted `fetch`. */
type Call = { path: string; method: string; headers: Record<string, string> };
let cookies: string;
let calls: Call[];
let answers: Array<(call: Call) => Response>;

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ resource_response: { status: 'success', data } }), { status });
const failure = (code: string, status: number) =>
  new Response(
    JSON.stringify({ resource_response: { status: 'failure', error: { code, message: code, message_detail: null, http_status: status } } }),
    { status },
  );

beforeEach(() => {
  cookies = '';
  calls = [];
  answers = [];
  Object.defineProperty(globalThis, 'document', { configurable: true, value: { get cookie() { return cookies; } } });
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call = { path: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return answer(call);
  });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('apiRequest', () => {
  it('sends the csrftoken cookie as X-CSRFToken on non-GET requests only', async () => {
    cookies = 'csrftoken=tok1';
    answers.push(() => envelope(1), () => envelope(2));
    await expect(apiRequest('/v3/a/')).resolves.toBe(1);
    await expect(apiRequest('/v3/b/', { method: 'POST', body: {} })).resolves.toBe(2);
    expect(calls[0]!.headers['x-csrftoken']).toBeUndefined();
    expect(calls[1]!.headers['x-csrftoken']).toBe('tok1');
  });

  it('fetches the cookie with GET /v3/users/me/ first when it is missing', async () => {
    answers.push(
      () => {
        cookies = 'csrftoken=fresh';
        return failure('unauthorized', 401);
      },
      () => envelope('ok'),
    );
    await expect(apiRequest('/v3/login/', { method: 'POST', body: {} })).resolves.toBe('ok');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v3/users/me/', 'POST /v3/login/']);
    expect(calls[1]!.headers['x-csrftoken']).toBe('fresh');
  });

  it('renews an expired session once and retries', async () => {
    cookies = 'csrftoken=t';
    answers.push(() => failure('token_expired', 401), () => envelope({ ok: true }), () => envelope('me'));
    await expect(apiRequest('/v3/users/me/')).resolves.toBe('me');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v3/users/me/', 'POST /v3/auth/refresh/', 'GET /v3/users/me/']);
  });

  it('throws the refusal when the renewal is refused, without looping', async () => {
    cookies = 'csrftoken=t';
    answers.push(() => failure('token_expired', 401), () => failure('unauthorized', 401));
    const error = await apiRequest('/v3/users/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).http_status).toBe(401);
    expect(calls).toHaveLength(2);
  });

  it('renews only once: a second token_expired is final', async () => {
    cookies = 'csrftoken=t';
    answers.push(() => failure('token_expired', 401), () => envelope({}), () => failure('token_expired', 401));
    await expect(apiRequest('/v3/users/me/')).rejects.toMatchObject({ code: 'token_expired' });
    expect(calls).toHaveLength(3);
  });

  it('shares one renewal between concurrent requests', async () => {
    cookies = 'csrftoken=t';
    answers.push(
      () => failure('token_expired', 401),
      () => failure('token_expired', 401),
      () => envelope({}),
      () => envelope('a'),
      () => envelope('b'),
    );
    await expect(Promise.all([apiRequest('/v3/a/'), apiRequest('/v3/b/')])).resolves.toEqual(['a', 'b']);
    expect(calls.filter((c) => c.path === '/v3/auth/refresh/')).toHaveLength(1);
  });

  it('fetches a new token and retries once on csrf_failed', async () => {
    cookies = 'csrftoken=old';
    answers.push(
      () => failure('csrf_failed', 403),
      () => {
        cookies = 'csrftoken=new';
        return envelope(null);
      },
      () => envelope('done'),
    );
    await expect(apiRequest('/v3/logout/', { method: 'POST', body: {} })).resolves.toBe('done');
    expect(calls[2]!.headers['x-csrftoken']).toBe('new');
  });

  it('reports failures with their code, status and field', async () => {
    cookies = 'csrftoken=t';
    answers.push(
      () =>
        new Response(
          JSON.stringify({
            resource_response: {
              status: 'failure',
              error: { code: 'password_incorrect', message: 'm', message_detail: null, http_status: 401, data: { field: 'password' } },
            },
          }),
          { status: 401 },
        ),
    );
    await expect(apiRequest('/v3/login/', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'password_incorrect',
      http_status: 401,
      field: 'password',
    });
  });
});
