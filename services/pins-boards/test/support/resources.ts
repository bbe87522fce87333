import request from 'supertest';
import sharp from 'sharp';
import type { Connection } from 'mongoose';
import { ProfileRepository } from '../../src/profiles/profile.repository';
import { untilReady } from '../../../../test/support/servers';

/** Someone signed in (test-viewers' bearer tokens). */
export type Person = { id: string; username: string };
type Viewers = { bearer(person: Person): Record<string, string> };

/**
 * Resource calls to one pins-boards instance, as the web app makes them: a read with `?data=`,
 * a write with `{ options }`. `target` is asked at each call: the service and the viewers exist
 * only once the test file's `beforeAll` has run.
 */
export function resourceCalls(target: () => { url: string; viewers: Viewers }) {
  const data = (options: unknown) => encodeURIComponent(JSON.stringify({ options }));
  return {
    get: (resource: string, options: unknown, who?: Person) => {
      const { url, viewers } = target();
      const req = request(url).get(`/resource/${resource}/get/?data=${data(options)}`);
      return who ? req.set(viewers.bearer(who)) : req;
    },
    write: (resource: string, action: string, options: unknown, who: Person) => {
      const { url, viewers } = target();
      return request(url).post(`/resource/${resource}/${action}/`).set(viewers.bearer(who)).send({ options });
    },
  };
}

/** The answer's `data` when its status is the one expected; else the answer, as the error. */
export function ok<T = Record<string, unknown>>(res: request.Response, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { resource_response: { data: T } }).resource_response.data;
}

/** A solid PNG (a test's own colour keeps its image, stored by content, apart from other tests'). */
export const png = (color: string, width = 300, height = 200): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

/** Waits until an instance answers its readiness probe (indexes made, Kafka joined). */
export const whenReady = (url: string): Promise<true> => untilReady(url, 'pins-boards ready', 60_000);

/** Profiles for the test's people, as auth's events would leave them (answers name them). */
export async function seedProfiles(conn: Connection, people: readonly (readonly [Person, string])[]): Promise<void> {
  const profiles = new ProfileRepository(conn);
  for (const [who, first] of people) {
    await profiles.setIfNewer(who.id, 'names', new Date(), { username: who.username, firstName: first, lastName: '', createdAt: new Date() }, { imageLargeUrl: null });
  }
}
