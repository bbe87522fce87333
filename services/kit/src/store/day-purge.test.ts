import { EventEmitter } from 'node:events';
import type { Connection } from 'mongoose';
import { createLogger } from '../logger';
import { dayAfter, dayOf, runPeriodically } from './day-purge';

const logger = createLogger('day-purge-test', 'silent');

/** Enough of a connection for `runPeriodically`: it answers, and says when it closes. */
function fakeConnection() {
  const conn = new EventEmitter() as EventEmitter & { asPromise: () => Promise<unknown> };
  conn.asPromise = () => Promise.resolve(conn);
  return conn as unknown as Connection & EventEmitter;
}

/** Lets the promise chain of a run settle (fake timers do not run microtasks by themselves). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('day keys', () => {
  it('are UTC calendar days, and a retention later', () => {
    expect(dayOf(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayAfter(new Date('2026-02-28T12:00:00Z'), 1)).toBe('2026-03-01');
    expect(dayAfter(new Date('2026-12-31T00:00:00Z'), 7)).toBe('2027-01-07');
  });
});

describe('runPeriodically', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once, then every period; a failure is retried after the shorter wait', async () => {
    const conn = fakeConnection();
    let runs = 0;
    const task = runPeriodically(conn, logger, 'test task', { everyMs: 1000, retryMs: 100 }, async () => {
      runs += 1;
      if (runs === 2) throw new Error('store away');
    });
    await settle();
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2); // failed
    await jest.advanceTimersByTimeAsync(100);
    expect(runs).toBe(3); // retried soon, then back to the period
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(4);
    task.stop();
  });

  it('without a period, runs until its first success (start-up work)', async () => {
    const conn = fakeConnection();
    let runs = 0;
    runPeriodically(conn, logger, 'test task', { retryMs: 100 }, async () => {
      runs += 1;
      if (runs < 3) throw new Error('store away');
    });
    await settle();
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(runs).toBe(3);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
  });

  it('stops when its connection closes (the service stopped)', async () => {
    const conn = fakeConnection();
    let runs = 0;
    runPeriodically(conn, logger, 'test task', { everyMs: 1000 }, async () => { runs += 1; });
    await settle();
    conn.emit('close');
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
  });
});
