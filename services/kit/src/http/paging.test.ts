import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { BOOKMARK_END, pagedSuccessSchema } from '@pinhive/contracts';
import { createLogger } from '../logger';
import { createHttpApp } from './app';
import { openApiDocument } from './openapi';
import { encodeBookmark, page, pageQuery, pageWithNextKey } from './paging';
import { defineRoute, mountRoutes } from './route';

/** A "materialised list" of 23 items keyed by position: the key of a page is where it starts. */
const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: `item-${String(i).padStart(2, '0')}`, position: i }));
const fetched: number[] = [];

const routes = [
  defineRoute({
    method: 'get', path: '/items/', summary: 'a paged list', auth: 'public',
    query: z.object(pageQuery({ key: z.object({ after: z.number().int().min(0) }), defaultLimit: 10, maxLimit: 20 })),
    response: z.array(z.object({ id: z.string(), position: z.number() })),
    paged: true,
    handler: async ({ query }) => {
      const from = query.bookmark ? query.bookmark.after + 1 : 0;
      const rows = ITEMS.filter((i) => i.position >= from).slice(0, query.limit + 1); // limit + 1, from the key
      fetched.push(rows.length);
      return page(rows, query.limit, (last) => ({ after: last.position }));
    },
  }),
  defineRoute({
    method: 'get', path: '/buckets/', summary: 'pages that are buckets', auth: 'public',
    query: z.object(pageQuery({ key: z.number().int().min(1).max(3) })),
    response: z.array(z.string()), paged: true,
    handler: async ({ query }) => {
      const bucket = query.bookmark ?? 1;
      return pageWithNextKey([`bucket ${bucket}`], bucket < 3 ? bucket + 1 : undefined);
    },
  }),
];

function app() {
  const api = Router();
  mountRoutes(api, routes);
  return createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api] });
}

const list = (query: Record<string, string> = {}) => request(app()).get('/items/').query(query);
const ids = (res: request.Response) => (res.body.resource_response.data as { id: string }[]).map((i) => i.id);
const error = (res: request.Response) => res.body.resource_response.error;

describe('paged routes', () => {
  it('answers the first page with the default limit, its items as data and the next bookmark in bookmarks', async () => {
    fetched.length = 0;
    const res = await list();
    expect(res.status).toBe(200);
    expect(pagedSuccessSchema(z.array(z.unknown())).safeParse(res.body).success).toBe(true);
    expect(ids(res)).toEqual(ITEMS.slice(0, 10).map((i) => i.id));
    expect(fetched).toEqual([11]);
    const bookmarks = res.body.resource_response.bookmarks as string[];
    expect(bookmarks).toHaveLength(1);
    expect(bookmarks[0]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(bookmarks[0]!, 'base64url').toString())).toEqual({ after: 9 });
  });

  it('walks the list by bookmarks to the end marker, every item once', async () => {
    const seen: string[] = [];
    let bookmark: string | undefined;
    for (let calls = 0; calls < 5; calls += 1) {
      const res = await list({ limit: '7', ...(bookmark ? { bookmark } : {}) });
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      bookmark = (res.body.resource_response.bookmarks as string[])[0];
      if (bookmark === BOOKMARK_END) break;
    }
    expect(bookmark).toBe('-end-');
    expect(seen).toEqual(ITEMS.map((i) => i.id));
  });

  it('ends a list whose last page is exactly full: limit + 1 found nothing more', async () => {
    const res = await list({ limit: '20', bookmark: encodeBookmark({ after: 2 }) });
    expect(ids(res)).toHaveLength(20);
    expect(res.body.resource_response.bookmarks).toEqual(['-end-']);
  });

  it('accepts the maximum limit and refuses beyond it, and anything not a whole number, with 400 naming limit', async () => {
    expect((await list({ limit: '20' })).status).toBe(200);
    for (const limit of ['21', '0', '-1', 'ten', '2.5', '1e1', '']) {
      const res = await list({ limit });
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'bad_request', message: 'limit must be a whole number from 1 to 20.', data: { field: 'limit' } });
    }
  });

  it('refuses a malformed, forged or foreign bookmark with a clear 400, never a 500', async () => {
    const bad = [
      'not base64!', // not base64url
      Buffer.from('{"after":').toString('base64url'), // not JSON
      encodeBookmark({ after: 'nine' }), // not this list's key
      encodeBookmark([1, 2]),
      'x'.repeat(600), // far too long for a key
    ];
    for (const bookmark of bad) {
      const res = await list({ bookmark });
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'bad_request', message: 'This bookmark is not valid. Load the list again from its first page.', data: { field: 'bookmark' } });
    }
  });

  it('answers the end marker sent back as a bookmark with a 400 that says the list has ended', async () => {
    const res = await list({ bookmark: '-end-' });
    expect(res.status).toBe(400);
    expect(error(res).message).toMatch(/no more pages/);
  });

  it('lets a repository that knows the next key (a bucket number) page without limit + 1', async () => {
    const first = await request(app()).get('/buckets/');
    expect(first.body.resource_response).toMatchObject({ data: ['bucket 1'], bookmarks: [encodeBookmark(2)] });
    const last = await request(app()).get('/buckets/').query({ bookmark: encodeBookmark(3) });
    expect(last.body.resource_response).toMatchObject({ data: ['bucket 3'], bookmarks: ['-end-'] });
  });

  it('documents limit, bookmark and bookmarks in the OpenAPI document', () => {
    const doc = openApiDocument('test', routes) as { paths: Record<string, Record<string, { parameters: { name: string }[]; 'x-paged'?: boolean }>> };
    const op = doc.paths['/items/']!.get!;
    expect(op.parameters.map((p) => p.name)).toEqual(['limit', 'bookmark']);
    expect(op['x-paged']).toBe(true);
    expect(JSON.stringify(op)).toContain('"bookmarks"');
  });
});

describe('page()', () => {
  it('never sorts: the page keeps the order it was given', () => {
    expect(page([3, 1, 2], 5, (n) => n)).toEqual({ items: [3, 1, 2], bookmark: '-end-' });
    expect(page([3, 1, 2], 2, (n) => n)).toEqual({ items: [3, 1], bookmark: encodeBookmark(1) });
  });

  it('refuses a limit that is not a positive whole number (a caller bug)', () => {
    expect(() => page([1], 0, (n) => n)).toThrow(RangeError);
  });
});
