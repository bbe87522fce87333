import type { EventBus } from '@pinhive/kit';
import { waitFor } from './servers';

/**
 * Publishes as a service's outbox does: a send Kafka refuses is tried again. On a busy machine a
 * topic made moments before can answer "This server is not the leader for that topic-partition"
 * for longer than the bus's own few retries wait (CI, 2026-11-29): the broker has not yet taken up
 * the partition its controller gave it. In a service the outbox's next pass covers that; this
 * covers a test that publishes by itself. A send tried twice is harmless: consumers skip an event
 * id they have handled.
 */
export const publishEvents = (bus: Pick<EventBus, 'publish'>, events: Parameters<EventBus['publish']>[0]): Promise<true> =>
  waitFor(async () => {
    await bus.publish(events);
    return true as const;
  }, `Kafka to take ${events.length} event(s)`);
