import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdEventsBody } from '@pinhive/contracts';
import { AdEventQueue, type AdEvent } from './eventQueue';

const impression = (n: number): AdEvent => ({ kind: 'impression', token: `token-${String(n).padStart(4, '0')}` });
const transient = new Error('no answer');
const refused = new Error('refused');

let sent: AdEventsBody[];
let answers: Array<'ok' | Error>;
let dropped: AdEvent[][];
let queue: AdEventQueue;

/** Lets the sends' promise callbacks run (fake timers do not run microtasks by themselves). */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  sent = [];
  answers = [];
  dropped = [];
  queue = new AdEventQueue({
    send: async (body) => {
      sent.push(body);
      const answer = answers.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
    },
    retryable: (error) => error === transient,
    onDrop: (events) => dropped.push(events),
  });
});

afterEach(() => {
  queue.clear();
  jest.useRealTimers();
});

describe('the ad events queue', () => {
  it('sends what gathered in two seconds as one batch', () => {
    queue.add(impression(1));
    jest.advanceTimersByTime(1000);
    queue.add(impression(2));
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(1000);
    expect(sent).toEqual([{ events: [impression(1), impression(2)] }]);
    expect(queue.size).toBe(0);
  });

  it('sends a full batch of 50 at once, and no batch over 50', () => {
    for (let n = 0; n < 120; n += 1) queue.add(impression(n));
    expect(sent.map((body) => body.events.length)).toEqual([50, 50]);
    jest.advanceTimersByTime(2000);
    expect(sent.map((body) => body.events.length)).toEqual([50, 50, 20]);
  });

  it('retries a failed batch after 1, 2 and 4 seconds, then drops it', async () => {
    answers = [transient, transient, transient, transient];
    queue.add(impression(1));
    queue.flush();
    await settle();
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await settle();
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(2000);
    await settle();
    expect(sent).toHaveLength(3);
    jest.advanceTimersByTime(4000);
    await settle();
    expect(sent).toHaveLength(4);
    expect(dropped).toEqual([[impression(1)]]);
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toHaveLength(4);
  });

  it('stops retrying once a retry gets through', async () => {
    answers = [transient, 'ok'];
    queue.add(impression(1));
    queue.flush();
    await settle();
    jest.advanceTimersByTime(1000);
    await settle();
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toHaveLength(2);
    expect(dropped).toHaveLength(0);
  });

  it('drops at once what the server refused (not worth another try)', async () => {
    answers = [refused];
    queue.add(impression(1));
    queue.flush();
    await settle();
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toHaveLength(1);
    expect(dropped).toEqual([[impression(1)]]);
  });

  it('sends everything at once when the page is hidden, the batches waiting to be retried too', async () => {
    answers = [transient];
    queue.add(impression(1));
    queue.flush();
    await settle();
    queue.add(impression(2));
    queue.flushAll();
    expect(sent.map((body) => body.events)).toEqual([[impression(1)], [impression(1)], [impression(2)]]);
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(sent).toHaveLength(3);
  });
});
