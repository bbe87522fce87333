import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per service instance (not prom-client's global one), so several services can
 * run in one test process without clashing metric names.
 */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const eventsPublished = new Counter({ name: 'events_published_total', help: 'Events published to Kafka', labelNames: ['type'] as const, registers: [registry] });
  const eventsHandled = new Counter({
    name: 'events_handled_total',
    help: 'Events handled, by result (ok, duplicate, retried, dead_lettered, invalid)',
    labelNames: ['type', 'handler', 'result'] as const,
    registers: [registry],
  });
  // Where a consumer's time goes, and how far behind the events it is: a handler slower than
  // its events arrive shows as a growing lag long before anyone notices stale pages.
  const handlerDuration = new Histogram({
    name: 'event_handler_duration_seconds',
    help: 'Time one handler took for one event (every attempt that succeeded), by handler',
    labelNames: ['type', 'handler'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventLag = new Histogram({
    name: 'event_handled_lag_seconds',
    help: 'From the event occurring to a handler finishing it, by handler',
    labelNames: ['type', 'handler'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const outboxPending = new Gauge({ name: 'outbox_pending_events', help: 'Events stored but not yet published, seen by the last relay pass', registers: [registry] });
  const readCache = new Counter({
    name: 'read_cache_total',
    help: 'Cached reads (cache/read-cache.ts) by cache and outcome: hit, miss, or bypass (Redis unreachable: read from the store)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
  });
  // Fed only when MONGO_COMMAND_METRICS=true (infra/mongo.ts): what a request or an event costs in store commands.
  const mongoCommands = new Counter({
    name: 'mongo_commands_total',
    help: 'Commands sent to the store, by command and collection (only with MONGO_COMMAND_METRICS=true)',
    labelNames: ['command', 'collection'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, eventsPublished, eventsHandled, handlerDuration, eventLag, outboxPending, readCache, mongoCommands };
}
export type Metrics = ReturnType<typeof createMetrics>;
