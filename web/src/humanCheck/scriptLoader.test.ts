import { describe, expect, it } from '@jest/globals';
import { createScriptLoader, ScriptLoadError, type Timers } from './scriptLoader';

interface FakeApi {
  name: string;
}

/** A fake page: inserted tags to fire events on, a global the script defines, a manual clock. */
function fakePage() {
  const tags: Array<{ src: string; onLoad: () => void; onError: () => void; removed: boolean }> = [];
  const pending = new Map<number, () => void>();
  let nextTimer = 0;
  const page = {
    tags,
    api: undefined as FakeApi | undefined,
    readyCallbacks: [] as Array<() => void>,
    timers: {
      set: (callback: () => void) => {
        pending.set(++nextTimer, callback);
        return nextTimer;
      },
      clear: (handle: unknown) => pending.delete(handle as number),
    } satisfies Timers,
    /** Fires every pending timer (the timeout has passed). */
    elapse: () => {
      for (const [id, callback] of [...pending]) {
        pending.delete(id);
        callback();
      }
    },
    pendingTimers: () => pending.size,
  };
  const load = createScriptLoader<FakeApi>({
    src: 'https://example.test/api.js',
    insert: (src, events) => {
      const tag = { src, ...events, removed: false };
      tags.push(tag);
      return { remove: () => void (tag.removed = true) };
    },
    api: () => page.api,
    whenReady: (_api, done) => page.readyCallbacks.push(done),
    timeoutMs: 8000,
    timers: page.timers,
  });
  return { page, load };
}

const reasonOf = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ScriptLoadError);
  return (error as ScriptLoadError).reason;
};

describe('createScriptLoader', () => {
  it('inserts the script once and resolves every caller when the API is ready', async () => {
    const { page, load } = fakePage();
    const first = load();
    const second = load();
    expect(page.tags.map((t) => t.src)).toEqual(['https://example.test/api.js']);
    page.api = { name: 'recaptcha' };
    page.tags[0]!.onLoad();
    expect(page.readyCallbacks).toHaveLength(1);
    page.readyCallbacks[0]!();
    await expect(first).resolves.toEqual({ name: 'recaptcha' });
    await expect(second).resolves.toEqual({ name: 'recaptcha' });
    expect(page.pendingTimers()).toBe(0);
    // Loaded for good: no second tag.
    await expect(load()).resolves.toEqual({ name: 'recaptcha' });
    expect(page.tags).toHaveLength(1);
  });

  it('fails on the error event, removes the tag and tries again on the next call', async () => {
    const { page, load } = fakePage();
    const first = load();
    page.tags[0]!.onError();
    expect(await reasonOf(first)).toBe('error');
    expect(page.tags[0]!.removed).toBe(true);
    expect(page.pendingTimers()).toBe(0);

    const second = load();
    expect(page.tags).toHaveLength(2);
    page.api = { name: 'recaptcha' };
    page.tags[1]!.onLoad();
    page.readyCallbacks[0]!();
    await expect(second).resolves.toEqual({ name: 'recaptcha' });
  });

  it('fails after the timeout when the script never answers (an unreachable host)', async () => {
    const { page, load } = fakePage();
    const attempt = load();
    page.elapse();
    expect(await reasonOf(attempt)).toBe('timeout');
    expect(page.tags[0]!.removed).toBe(true);
    // A late load event changes nothing.
    page.tags[0]!.onLoad();
  });

  it('fails after the timeout when the API never says it is ready', async () => {
    const { page, load } = fakePage();
    const attempt = load();
    page.api = { name: 'recaptcha' };
    page.tags[0]!.onLoad();
    page.elapse();
    expect(await reasonOf(attempt)).toBe('timeout');
    page.readyCallbacks[0]!(); // too late: already failed
  });

  it('fails when the script loaded but defined no API (blocked or replaced)', async () => {
    const { page, load } = fakePage();
    const attempt = load();
    page.tags[0]!.onLoad();
    expect(await reasonOf(attempt)).toBe('no_api');
  });

  it('uses an API that is already there without inserting the script', async () => {
    const { page, load } = fakePage();
    page.api = { name: 'late' };
    const attempt = load();
    expect(page.tags).toHaveLength(0);
    page.readyCallbacks[0]!();
    await expect(attempt).resolves.toEqual({ name: 'late' });
  });

  it('copes with an inserter that reports the error at once', async () => {
    const load = createScriptLoader<FakeApi>({
      src: 'x.js',
      insert: (_src, { onError }) => {
        onError();
        return { remove: () => undefined };
      },
      api: () => undefined,
      whenReady: (_api, done) => done(),
      timeoutMs: 10,
    });
    expect(await reasonOf(load())).toBe('error');
    expect(await reasonOf(load())).toBe('error');
  });
});
