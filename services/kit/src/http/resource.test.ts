import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { createHttpApp } from './app';
import { encodeBookmark } from './paging';
import { defineResource, pagedOptions } from './resource';
import { mountRoutes, type AnyRoute } from './route';
import { openApiDocument } from './openapi';

const boardOptions = z.object({ board_id: z.string().regex(/^\d+$/, 'Must be an id (digits).'), name: z.string().optional() });
const seen: unknown[] = [];

const routes = [
  defineResource({
    resource: 'BoardResource', action: 'get', summary: 'read', auth: 'public', options: boardOptions, response: z.object({ id: z.string() }),
    handler: async ({ options }) => ({ id: options.board_id }),
  }),
  defineResource({
    resource: 'BoardResource', action: 'update', summary: 'write', auth: 'public', options: boardOptions, response: z.object({ id: z.string(), name: z.string() }),
    handler: async ({ options }) => {
      seen.push(options);
      return { id: options.board_id, name: options.name ?? '' };
    },
  }),
  defineResource({
    resource: 'PinResource', action: 'create', summary: 'large', auth: 'public', bodyLimit: '64kb', options: z.object({ image_base64: z.string() }), response: z.number(),
    handler: async ({ options }) => options.image_base64.length,
  }),
  defineResource({
    resource: 'BoardFeedResource', action: 'get', summary: 'paged', auth: 'public', paged: true,
    options: pagedOptions(z.object({ board_id: z.string() }), { key: z.object({ bucket: z.number() }), defaultLimit: 2, maxLimit: 3 }),
    response: z.array(z.string()),
    handler: async ({ options }) => ({ items: [`${options.board_id}:${options.page_size}:${options.bookmarks?.bucket ?? 'first'}`], bookmark: encodeBookmark({ bucket: 1 }) }),
  }),
] as unknown as AnyRoute[];

function app() {
  const api = Router();
  mountRoutes(api, routes);
  return createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api], largeBodies: [{ path: '/resource/PinResource/create/', limit: '64kb' }] });
}

const data = (options: unknown) => encodeURIComponent(JSON.stringify({ options }));

describe('resource routes', () => {
  it('a read takes ?data=<JSON with options>', async () => {
    const res = await request(app()).get(`/resource/BoardResource/get/?data=${data({ board_id: '42' })}`);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toEqual({ id: '42' });
  });

  it('a bad option is a 400 naming it; bad JSON names data', async () => {
    const bad = await request(app()).get(`/resource/BoardResource/get/?data=${data({ board_id: 'x' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.resource_response.error).toMatchObject({ message: 'Must be an id (digits).', data: { field: 'data.options.board_id' } });
    const json = await request(app()).get('/resource/BoardResource/get/?data=%7Bnope');
    expect(json.status).toBe(400);
    expect(json.body.resource_response.error.message).toBe('data must be JSON of the form {"options": {...}}.');
    const none = await request(app()).get('/resource/BoardResource/get/');
    expect(none.status).toBe(400);
  });

  it('a write takes a JSON body { options } or the form field data=<JSON>', async () => {
    const json = await request(app()).post('/resource/BoardResource/update/').send({ options: { board_id: '7', name: 'Lamps' } });
    expect(json.body.resource_response.data).toEqual({ id: '7', name: 'Lamps' });
    const form = await request(app()).post('/resource/BoardResource/update/').type('form').send({ data: JSON.stringify({ options: { board_id: '8', name: 'Rugs' } }) });
    expect(form.status).toBe(200);
    expect(form.body.resource_response.data).toEqual({ id: '8', name: 'Rugs' });
    const badForm = await request(app()).post('/resource/BoardResource/update/').type('form').send({ data: '{oops' });
    expect(badForm.status).toBe(400);
    expect(seen).toHaveLength(2);
  });

  it('form bodies are refused outside /resource/', async () => {
    const res = await request(app()).post('/v3/anything/').type('form').send({ a: '1' });
    expect(res.status).toBe(415);
  });

  it('a route with its own body limit takes more than the service limit; others do not', async () => {
    const big = 'A'.repeat(10_000);
    const ok = await request(app()).post('/resource/PinResource/create/').send({ options: { image_base64: big } });
    expect(ok.status).toBe(200);
    expect(ok.body.resource_response.data).toBe(10_000);
    const refused = await request(app()).post('/resource/BoardResource/update/').send({ options: { board_id: '1', name: big } });
    expect(refused.status).toBe(413);
  });

  it('paged reads take page_size and bookmarks in the options and answer bookmarks', async () => {
    const first = await request(app()).get(`/resource/BoardFeedResource/get/?data=${data({ board_id: '5' })}`);
    expect(first.body.resource_response).toMatchObject({ data: ['5:2:first'], bookmarks: [encodeBookmark({ bucket: 1 })] });
    const next = await request(app()).get(`/resource/BoardFeedResource/get/?data=${data({ board_id: '5', page_size: 3, bookmarks: [encodeBookmark({ bucket: 9 })] })}`);
    expect(next.body.resource_response.data).toEqual(['5:3:9']);
    const forged = await request(app()).get(`/resource/BoardFeedResource/get/?data=${data({ board_id: '5', bookmarks: ['not-ours'] })}`);
    expect(forged.status).toBe(400);
    const tooMany = await request(app()).get(`/resource/BoardFeedResource/get/?data=${data({ board_id: '5', page_size: 4 })}`);
    expect(tooMany.status).toBe(400);
  });
});

describe("a resource call's OpenAPI entry", () => {
  const doc = openApiDocument('test', routes) as { paths: Record<string, Record<string, { parameters: Record<string, unknown>[]; requestBody?: { content: Record<string, { schema: unknown }> } }>> };

  it("describes a read's `data` as JSON content of { options } with the options' own schema, which the route accepts", async () => {
    const [data] = doc.paths['/resource/BoardResource/get/']!.get!.parameters;
    expect(data).toEqual({
      name: 'data', in: 'query', required: true,
      content: { 'application/json': { schema: {
        type: 'object',
        properties: { options: { type: 'object', properties: { board_id: { type: 'string', pattern: '^\\d+$' }, name: { type: 'string' } }, required: ['board_id'] } },
        required: ['options'],
      } } },
    });
    // A value of that schema, sent as the schema says (JSON text in the parameter), is accepted.
    const res = await request(app()).get('/resource/BoardResource/get/').query({ data: JSON.stringify({ options: { board_id: '12' } }) });
    expect(res.status).toBe(200);
  });

  it("describes a write's body as { options } with the options' schema", () => {
    const body = doc.paths['/resource/BoardResource/update/']!.post!.requestBody!.content['application/json']!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(body.required).toEqual(['options']);
    expect(body.properties.options).toMatchObject({ properties: { board_id: { pattern: '^\\d+$' } }, required: ['board_id'] });
  });

  it("describes a paged read's page_size and bookmarks among the options", () => {
    const [data] = doc.paths['/resource/BoardFeedResource/get/']!.get!.parameters as { content: Record<string, { schema: { properties: { options: { properties: Record<string, unknown> } } } }> }[];
    expect(Object.keys(data!.content['application/json']!.schema.properties.options.properties).sort()).toEqual(['board_id', 'bookmarks', 'page_size']);
  });
});
