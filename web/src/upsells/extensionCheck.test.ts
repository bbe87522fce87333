import { describe, expect, it } from '@jest/globals';
import { checkExtensionInstalled, EXTENSION_ATTRIBUTE, EXTENSION_READY_MESSAGE } from './extensionCheck';
import { EXTENSION_READY_TIMEOUT_MS } from './rules';

/** A window with a hand-driven clock and message queue (the unit tests run in Node). */
function fakeWindow(attribute = false) {
  const attributes = new Set(attribute ? [EXTENSION_ATTRIBUTE] : []);
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers = new Map<number, { at: number; run: () => void }>();
  const posted: unknown[] = [];
  let now = 0;
  let nextId = 1;
  const win = {
    document: { documentElement: { hasAttribute: (name: string) => attributes.has(name) } },
    location: { origin: 'http://localhost' },
    setTimeout: (run: () => void, ms: number) => {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (id: number) => void timers.delete(id),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => void listeners.delete(listener),
    postMessage: (data: unknown) => void posted.push(data),
  };
  return {
    win: win as unknown as Window,
    posted,
    listeners,
    setAttribute: () => attributes.add(EXTENSION_ATTRIBUTE),
    message: (data: unknown, source: unknown = win) => listeners.forEach((l) => l({ data, source } as MessageEvent)),
    advance: (ms: number) => {
      now += ms;
      for (const [id, timer] of timers) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
}

describe('the extension-ready check', () => {
  it('answers installed at once when the page is marked', async () => {
    expect(await checkExtensionInstalled(fakeWindow(true).win)).toBe(true);
  });

  it("asks, and answers installed on the extension's ready message, then stops listening", async () => {
    const w = fakeWindow();
    const answer = checkExtensionInstalled(w.win);
    expect(w.posted).toEqual([{ type: 'pinhive-extension-check' }]);
    w.message({ type: EXTENSION_READY_MESSAGE });
    expect(await answer).toBe(true);
    expect(w.listeners.size).toBe(0);
  });

  it('ignores other messages and other windows, and answers not installed after 500 ms', async () => {
    const w = fakeWindow();
    let settled: boolean | undefined;
    void checkExtensionInstalled(w.win).then((installed) => (settled = installed));
    w.message({ type: 'something-else' });
    w.message({ type: EXTENSION_READY_MESSAGE }, { another: 'frame' });
    w.advance(EXTENSION_READY_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).toBeUndefined();
    w.advance(1);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(w.listeners.size).toBe(0);
  });

  it('takes a mark set while it waited', async () => {
    const w = fakeWindow();
    const answer = checkExtensionInstalled(w.win);
    w.setAttribute();
    w.advance(EXTENSION_READY_TIMEOUT_MS);
    expect(await answer).toBe(true);
  });
});
