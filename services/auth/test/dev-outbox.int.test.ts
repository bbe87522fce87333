import mongoose, { type Connection } from 'mongoose';
import { BOOKMARK_END, type DevMessage } from '@pinhive/contracts';
import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { DEV_MESSAGES_COLLECTION, DEV_OUTBOX_WINDOW, DevOutboxRepository } from '../src/messaging/dev-outbox.repository';
import { Browser } from '../../../test/support/browser';
import { servers, uniqueName } from '../../../test/support/servers';
import { startAuth } from './auth-helpers';

/**
 * The development outbox on the real store: the newest messages are read by page key (two pages
 * of 50), never by sorting the whole collection, and older pages are deleted as messages come.
 */
const mail = (n: number) => ({ channel: 'email' as const, to: `user${n}@example.com`, subject: `Message ${n}`, text: `Hello ${n}` });

describe('the repository', () => {
  let conn: Connection;
  let outbox: DevOutboxRepository;
  beforeEach(async () => {
    conn = await mongoose.createConnection(servers.mongoUrl(uniqueName('outbox')), { retryWrites: false }).asPromise();
    outbox = new DevOutboxRepository(conn);
  });
  afterEach(async () => {
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
  });

  it('answers nothing before the first message, then the newest 50, newest first; it keeps at most three pages', async () => {
    expect(await outbox.latest()).toEqual([]);
    for (let n = 1; n <= 3; n++) await outbox.add(mail(n));
    expect((await outbox.latest()).map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);

    for (let n = 4; n <= 170; n++) await outbox.add(mail(n));
    const latest = await outbox.latest();
    expect(latest).toHaveLength(DEV_OUTBOX_WINDOW);
    expect(latest.map((m) => m.subject)).toEqual(Array.from({ length: 50 }, (_, k) => `Message ${170 - k}`));
    expect(latest[0]).toEqual({ id: expect.any(String), channel: 'email', to: 'user170@example.com', subject: 'Message 170', text: 'Hello 170', sent_at: expect.any(String) });
    // Pages 0 and 1 (messages 1-99) are gone: 100-149 and 150-170 remain.
    expect(await conn.collection(DEV_MESSAGES_COLLECTION).countDocuments({})).toBe(71);
  });

  it('numbers messages sent at once without a gap or a repeat', async () => {
    await Promise.all(Array.from({ length: 60 }, (_, k) => outbox.add(mail(k))));
    const seqs = (await conn.collection(DEV_MESSAGES_COLLECTION).find({}).toArray()).map((d) => d.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, k) => k + 1));
    expect(await outbox.latest()).toHaveLength(50);
  });

  it('deletes messages stored before pages, once', async () => {
    await conn.collection(DEV_MESSAGES_COLLECTION).insertOne({ _id: 'old' as never, channel: 'sms', to: '+447700900000', subject: null, text: 'old', sentAt: new Date() });
    await outbox.add(mail(1));
    expect((await outbox.latest()).map((m) => m.text)).toEqual(['Hello 1']);
    expect(await outbox.purge()).toBe(1);
    expect(await conn.collection(DEV_MESSAGES_COLLECTION).countDocuments({})).toBe(1);
  });
});

describe('GET /v3/dev/outbox/', () => {
  let auth: RunningService<AuthConfig>;
  beforeAll(async () => { auth = await startAuth(); });
  afterAll(async () => { await auth?.close(); });

  const get = async (query = '') => {
    const res = await new Browser(auth.url).get(`/v3/dev/outbox/${query}`);
    const body = res.body.resource_response as unknown as { data: DevMessage[]; bookmarks: string[] };
    return { status: res.status, data: body.data, bookmarks: body.bookmarks };
  };

  it('answers the newest 50 in one page by default, and the same messages page by page', async () => {
    const outbox = new DevOutboxRepository(auth.ctx.mongo);
    for (let n = 1; n <= 60; n++) await outbox.add(mail(n));
    const all = await get();
    expect(all.status).toBe(200);
    expect(all.data).toHaveLength(50);
    expect(all.bookmarks).toEqual([BOOKMARK_END]);
    const sentAt = all.data.map((m) => m.sent_at);
    expect(sentAt).toEqual([...sentAt].sort().reverse());
    expect(new Set(all.data.map((m) => m.subject))).toEqual(new Set(Array.from({ length: 50 }, (_, k) => `Message ${60 - k}`)));

    const paged: DevMessage[] = [];
    let bookmark: string | undefined;
    do {
      const p = await get(`?limit=20${bookmark ? `&bookmark=${bookmark}` : ''}`);
      paged.push(...p.data);
      bookmark = p.bookmarks[0] === BOOKMARK_END ? undefined : p.bookmarks[0];
    } while (bookmark);
    expect(paged).toEqual(all.data);
  });
});
