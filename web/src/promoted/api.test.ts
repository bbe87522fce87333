import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { sendAdEvents } from './api';

/** A fake browser: a cookie jar in `document.cookie` and a scripted `fetch` recording its calls. */
let cookies: string;
let calls: { path: string; init: RequestInit }[];

beforeEach(() => {
  cookies = 'csrftoken=tok1';
  calls = [];
  Object.defineProperty(globalThis, 'document', { configurable: true, value: { get cookie() { return cookies; } } });
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ path: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init: init ?? {} });
    return new Response(JSON.stringify({ resource_response: { status: 'success', data: { accepted: 1, skipped: 0 } } }), { status: 202 });
  });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('sending ad events', () => {
  it('posts them as a keepalive request that carries the CSRF header (a beacon could not)', async () => {
    await sendAdEvents({ events: [{ kind: 'impression', token: 'token-0001' }] });
    expect(calls).toHaveLength(1);
    const { path, init } = calls[0]!;
    expect(path).toBe('/ads/v4/events/');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>)['x-csrftoken']).toBe('tok1');
    expect(JSON.parse(init.body as string)).toEqual({ events: [{ kind: 'impression', token: 'token-0001' }] });
  });
});
