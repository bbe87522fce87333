import { skipIdleChecks } from './kafkajs-idle-loop';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (opts: Record<string, unknown>) => {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  scheduleCheckPendingRequests(): void;
  checkPendingRequests(): void;
  destroy(): void;
};

const queue = () => new RequestQueue({
  instrumentationEmitter: { emit: () => undefined },
  maxInFlightRequests: 1,
  requestTimeout: 1000,
  enforceRequestTimeout: false,
  clientId: 'test',
  broker: '127.0.0.1:1',
  logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, namespace: () => ({ debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }) },
  isConnected: () => true,
});

describe("kafkajs' request queue, with the kit's fix loaded", () => {
  it('schedules no check while nothing waits and no throttle runs: an idle connection has no timer', () => {
    const q = queue();
    q.checkPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
    q.destroy();
  });

  it('still schedules one for a waiting request, and for the end of a throttle', () => {
    const q = queue();
    q.pending.push({});
    q.scheduleCheckPendingRequests();
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(q.throttleCheckTimeoutId!);
    q.throttleCheckTimeoutId = null;
    q.pending.length = 0;
    q.throttledUntil = Date.now() + 500;
    q.scheduleCheckPendingRequests();
    expect(q.throttleCheckTimeoutId).not.toBeNull();
    q.destroy();
  });

  it('is applied once, and not to a kafkajs without the method', () => {
    const proto: Parameters<typeof skipIdleChecks>[0] = {};
    skipIdleChecks(proto);
    expect(proto.scheduleCheckPendingRequests).toBeUndefined();
  });
});
