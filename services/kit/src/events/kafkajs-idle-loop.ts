/**
 * kafkajs 2.2.4 spins on a 1 ms timer for every broker connection while nothing is waiting to be
 * sent: `scheduleCheckPendingRequests` schedules a check even with no pending request and no
 * throttle, with a negative delay (node makes it 1 ms), and each check schedules the next
 * (tulios/kafkajs#1556, #1704; the fix proposed in #1667 and #1768 is not released). An idle
 * service burned about 5 % of a core on it: with four services, two instances each in the browser
 * tests, close to half a core doing nothing.
 *
 * The check is needed only when a request waits (it was queued past the in-flight limit or a
 * throttle) or a throttle ends later: a request that arrives afterwards, or a response that frees
 * a slot, calls it again. So the kit skips the schedule when neither holds, and leaves everything
 * else to kafkajs. Applied once, when the bus is loaded.
 */
interface RequestQueueLike {
  pending: unknown[];
  throttledUntil: number;
}

type Schedule = (this: RequestQueueLike) => void;

export function skipIdleChecks(proto: { scheduleCheckPendingRequests?: Schedule; idleChecksSkipped?: boolean }): void {
  const original = proto.scheduleCheckPendingRequests;
  // Another kafkajs (its internals moved, or the fix released): leave it as it is.
  if (typeof original !== 'function' || proto.idleChecksSkipped) return;
  proto.scheduleCheckPendingRequests = function (this: RequestQueueLike) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    original.call(this);
  };
  proto.idleChecksSkipped = true;
}

// Not in kafkajs' typings; the bundles leave kafkajs external, so this is the module kafkajs uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
skipIdleChecks((require('kafkajs/src/network/requestQueue') as { prototype: Parameters<typeof skipIdleChecks>[0] }).prototype);
