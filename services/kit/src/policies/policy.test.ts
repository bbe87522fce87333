import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { createLogger } from '../logger';
import { createHttpApp } from '../http/app';
import { defineRoute, mountRoutes } from '../http/route';
import { testTokens } from '../../test/support/viewer-tokens';
import { authorize, can, definePolicy } from './policy';

const { keyLookup, bearer } = testTokens();

/** Boards as they will be: public ones anyone reads, secret ones only the owner and collaborators see. */
interface Board {
  id: string;
  ownerId: string;
  collaborators: string[];
  secret: boolean;
}
const boardPolicy = definePolicy<Board, 'read' | 'update' | 'delete'>({
  resource: 'board',
  hideAs: 'not_found',
  notFoundMessage: 'Board not found.',
  rules: {
    read: (viewer, b) => !b.secret || (viewer !== undefined && (viewer.userId === b.ownerId || b.collaborators.includes(viewer.userId))),
    update: (viewer, b) => viewer !== undefined && (viewer.userId === b.ownerId || b.collaborators.includes(viewer.userId)),
    delete: (viewer, b) => viewer?.userId === b.ownerId,
  },
});
/** Comments refuse without hiding: everybody may know one exists. */
const commentPolicy = definePolicy({
  resource: 'comment',
  rules: { read: () => true, update: (viewer, c: { authorId: string }) => viewer?.userId === c.authorId },
});

const BOARDS: Board[] = [
  { id: 'public', ownerId: 'ada', collaborators: ['bob'], secret: false },
  { id: 'secret', ownerId: 'ada', collaborators: ['bob'], secret: true },
];

function app() {
  const api = Router();
  const find = (id: string) => BOARDS.find((b) => b.id === id) ?? null;
  const params = z.object({ id: z.string() });
  mountRoutes(api, [
    defineRoute({
      method: 'get', path: '/boards/:id/', summary: 'read a board', auth: 'optional', params, response: z.object({ id: z.string() }),
      handler: async ({ params: p, viewer }) => {
        const board = find(p.id);
        authorize(viewer, 'read', board, boardPolicy);
        return { id: board.id };
      },
    }),
    defineRoute({
      method: 'put', path: '/boards/:id/', summary: 'change a board', auth: 'viewer', params, response: z.object({ id: z.string() }),
      handler: async ({ params: p, viewer }) => {
        const board = find(p.id);
        authorize(viewer, 'update', board, boardPolicy);
        return { id: board.id };
      },
    }),
    defineRoute({
      method: 'delete', path: '/boards/:id/', summary: 'delete a board', auth: 'viewer', params, response: z.null(),
      handler: async ({ params: p, viewer }) => {
        authorize(viewer, 'delete', find(p.id), boardPolicy);
        return null;
      },
    }),
    defineRoute({
      method: 'put', path: '/comments/mine/', summary: 'change a comment', auth: 'optional', response: z.null(),
      handler: async ({ viewer }) => {
        authorize(viewer, 'update', { authorId: 'ada' }, commentPolicy);
        return null;
      },
    }),
  ]);
  return createHttpApp({ logger: createLogger('test', 'silent'), bodyLimit: '1kb', routers: [api], keyLookup });
}

const error = (res: request.Response) => res.body.resource_response.error;

describe('policies', () => {
  it('lets through what the policy allows', async () => {
    expect((await request(app()).get('/boards/public/')).status).toBe(200);
    expect((await request(app()).get('/boards/secret/').set(bearer('bob'))).body.resource_response).toEqual({ status: 'success', data: { id: 'secret' } });
    expect((await request(app()).put('/boards/secret/').set(bearer('bob'))).status).toBe(200);
    expect((await request(app()).delete('/boards/secret/').set(bearer('ada'))).status).toBe(200);
  });

  it('answers 403 forbidden when the viewer may see the object but not do this to it', async () => {
    const res = await request(app()).put('/boards/public/').set(bearer('eve'));
    expect(res.status).toBe(403);
    expect(error(res)).toMatchObject({ code: 'forbidden', message: 'You are not allowed to do that.', data: { resource: 'board', action: 'update' } });
    expect((await request(app()).delete('/boards/secret/').set(bearer('bob'))).status).toBe(403);
  });

  it('hides an object the viewer may not read: 404 with the same answer as a missing one, whatever the action', async () => {
    const missing = await request(app()).get('/boards/nope/').set(bearer('eve'));
    expect(missing.status).toBe(404);
    expect(error(missing)).toMatchObject({ code: 'not_found', message: 'Board not found.' });
    for (const res of [
      await request(app()).get('/boards/secret/').set(bearer('eve')),
      await request(app()).get('/boards/secret/'),
      await request(app()).put('/boards/secret/').set(bearer('eve')),
      await request(app()).delete('/boards/secret/').set(bearer('eve')),
    ]) {
      expect(res.status).toBe(404);
      expect(error(res)).toEqual(error(missing));
    }
  });

  it('asks an anonymous caller to log in (401) when the refusal is not hidden', async () => {
    const res = await request(app()).put('/comments/mine/');
    expect(res.status).toBe(401);
    expect(error(res).code).toBe('unauthorized');
    expect((await request(app()).put('/comments/mine/').set(bearer('eve'))).status).toBe(403);
    expect((await request(app()).put('/comments/mine/').set(bearer('ada'))).status).toBe(200);
  });

  it('answers can() without throwing, for filtering lists', () => {
    expect(BOARDS.filter((b) => can(undefined, 'read', b, boardPolicy)).map((b) => b.id)).toEqual(['public']);
  });
});
