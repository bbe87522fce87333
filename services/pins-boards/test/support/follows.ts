import request from 'supertest';
import { BOOKMARK_END, type EventEnvelope, type EventType } from '@pinhive/contracts';
import { defineHandler, type EventHandler, type RunningService, type ServiceDefinition } from '@pinhive/kit';
import type { PinsBoardsConfig } from '../../src/config';
import { ok, png, resourceCalls, type Person } from './resources';

type Viewers = { bearer(person: Person): Record<string, string> };

/**
 * Follows, boards, saves and the home feed through pins-boards' calls, as the web app makes
 * them, for the follows and home-feed integration tests.
 */
export function followCalls(target: () => { url: string; viewers: Viewers }) {
  const { get, write } = resourceCalls(target);
  const as = (who: Person) => target().viewers.bearer(who);

  const createBoard = async (who: Person, name: string, privacy = 'public') => ok<{ id: string }>(await write('BoardResource', 'create', { name, privacy }, who), 201);
  const savePin = async (who: Person, boardId: string, color: string) =>
    ok<{ id: string }>(await write('PinResource', 'create', { board_id: boardId, image_base64: (await png(color)).toString('base64'), title: `Pin ${color}` }, who), 201);
  const repin = async (who: Person, pinId: string, boardId: string, description = '') =>
    ok<{ id: string }>(await write('RepinResource', 'create', { pin_id: pinId, board_id: boardId, description }, who), 201);
  const board = async (id: string, who?: Person) => ok<{ follower_count?: number; followed_by_me: boolean; privacy: string }>(await get('BoardResource', { board_id: id }, who));
  const followBoard = (who: Person, boardId: string) => request(target().url).put(`/v3/boards/${boardId}/follow/`).set(as(who));
  const unfollowBoard = (who: Person, boardId: string) => request(target().url).delete(`/v3/boards/${boardId}/follow/`).set(as(who));
  const followUser = (who: Person, userId: string) => write('UserFollowResource', 'create', { user_id: userId }, who);
  const unfollowUser = (who: Person, userId: string) => write('UserFollowResource', 'delete', { user_id: userId }, who);
  const followMany = (who: Person, ids: string[]) => request(target().url).put('/v3/users/follow/').set(as(who)).send({ followee_ids: ids.join(',') });
  const profile = async (username: string, who?: Person) => {
    const req = request(target().url).get(`/v3/users/${username}/`);
    return ok<{ follower_count: number; following_count: number; followed_by_me: boolean }>(await (who ? req.set(as(who)) : req));
  };

  /** Every page of a paged read, first to last, and the bookmarks it went through. */
  const allPages = async <T>(resource: string, options: Record<string, unknown>, who?: Person) => {
    const pages: T[][] = [];
    let bookmark: string | undefined;
    for (;;) {
      const res = await get(resource, { ...options, ...(bookmark ? { bookmarks: [bookmark] } : {}) }, who);
      pages.push(ok<T[]>(res));
      const next = (res.body as { resource_response: { bookmarks: string[] } }).resource_response.bookmarks[0];
      if (next === BOOKMARK_END || next === undefined) return pages;
      bookmark = next;
    }
  };
  const feed = async (who: Person, pageSize = 25) => (await allPages<{ id: string; board: { id: string; name: string } }>('HomeFeedResource', { page_size: pageSize }, who)).flat();
  const feedIds = async (who: Person) => (await feed(who)).map((p) => p.id);

  return { get, write, createBoard, savePin, repin, board, followBoard, unfollowBoard, followUser, unfollowUser, followMany, profile, allPages, feed, feedIds };
}

/**
 * Another service in the test, consuming pins-boards' events as they were published: the
 * envelopes it saw, by type, so a test can deliver one of them again.
 */
export function eventRecorder(config: PinsBoardsConfig, types: EventType[]) {
  const seen = new Map<EventType, EventEnvelope[]>();
  const handlers: EventHandler[] = types.map((type) =>
    defineHandler({ name: `record-${type}`, type, handle: async (event: EventEnvelope) => { seen.set(type, [...(seen.get(type) ?? []), event]); } }),
  );
  const definition: ServiceDefinition<PinsBoardsConfig> = { name: 'follows-recorder', config, setup: () => ({ routes: [], handlers }) };
  return { definition, seen: (type: EventType) => seen.get(type) ?? [] };
}

/** How many events a handler of a service saw with a result (kit metrics: ok, duplicate...). */
export async function handledCount(service: RunningService<PinsBoardsConfig>, handler: string, result: string): Promise<number> {
  return (await service.ctx.metrics.eventsHandled.get()).values.filter((v) => v.labels.handler === handler && v.labels.result === result).reduce((n, v) => n + v.value, 0);
}
