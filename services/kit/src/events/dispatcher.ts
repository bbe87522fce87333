import { setTimeout as sleep } from 'node:timers/promises';
import { deadLetterTopic, eventEnvelopeSchema, eventSchemas, type EventEnvelope, type EventType } from '@pinhive/contracts';
import { isDependencyDown } from '../errors';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { EventHandler } from './bus';
import type { ProcessedEvents } from './processed-events';

export interface DispatcherOptions {
  handlers: readonly EventHandler[];
  /** `markMany` (one store command for a batch's records) is used when there. */
  processed: Pick<ProcessedEvents, 'has' | 'mark'> & Partial<Pick<ProcessedEvents, 'markMany'>>;
  /** Publishes to the dead-letter topic; if it throws, the message is not acknowledged. */
  deadLetter: (topic: string, key: string, value: string, headers: Record<string, string>) => Promise<void>;
  maxAttempts: number;
  retryBaseMs: number;
  logger: Logger;
  metrics?: Metrics;
}

/** The longest wait between two tries of a handler whose store or Redis is away. */
export const DEPENDENCY_WAIT_MAX_MS = 2_000;

/** The most events one `handleBatch` call gets (the consumer cuts a larger fetch into such batches). */
export const MAX_EVENT_BATCH = 100;

/** One message of a partition, as the consumer hands it over. */
export interface RawEvent {
  key: string;
  value: string;
}

/**
 * Runs every handler of a message's event type exactly once per event id: parse, skip what was
 * already processed (except handlers that declare themselves `idempotent`: they run again, and
 * those that are `guardsItself`: they read the record themselves where they need it), retry failures with exponential backoff, then park the event on
 * `<type>.dlq`. It never acknowledges a message it could neither handle nor park: if
 * parking fails the error propagates and Kafka redelivers.
 */
export class Dispatcher {
  private stopped = false;

  constructor(private readonly opts: DispatcherOptions) {}

  /** The consumer is stopping: a handler waiting for a server gives up (its event is not acknowledged, so Kafka delivers it again). */
  stop(): void {
    this.stopped = true;
  }

  types(): EventType[] {
    return [...new Set(this.opts.handlers.map((h) => h.type))];
  }

  /**
   * Several messages of one topic partition, in their order (what one fetch brought). Handlers
   * with `handleBatch` get the events together; the others get them one at a time, each event's
   * handlers side by side as `dispatch` runs them. Each handler sees the events in their order.
   * `between` is called between events handled one at a time (the consumer's heartbeat).
   */
  async dispatchBatch(type: string, messages: readonly RawEvent[], between: () => Promise<void> = async () => undefined): Promise<void> {
    if (messages.length === 1) return this.dispatch(type, messages[0]!.key, messages[0]!.value, between);
    const events: { event: EventEnvelope; raw: string }[] = [];
    for (const m of messages) {
      const event = this.parse(type, m.value);
      if (event) {
        events.push({ event, raw: m.value });
      } else {
        this.opts.metrics?.eventsHandled.inc({ type, handler: '-', result: 'invalid' });
        await this.opts.deadLetter(deadLetterTopic(type), m.key, m.value, { 'x-error': 'invalid event envelope or data' });
      }
    }
    if (events.length === 0) return;
    const handlers = this.opts.handlers.filter((h) => h.type === type);
    const single = handlers.filter((h) => h.handleBatch === undefined);
    const oneByOne = async (): Promise<void> => {
      for (const { event, raw } of events) {
        await Promise.all(single.map((handler) => this.runHandler(handler, event, raw, between)));
        await between();
      }
    };
    await Promise.all([
      ...(single.length > 0 ? [oneByOne()] : []),
      ...handlers.filter((h) => h.handleBatch !== undefined).map((handler) => this.runBatch(handler, events, between)),
    ]);
  }

  /**
   * One handler over a batch: the events not yet processed in one `handleBatch` call, recorded
   * and measured each; when the call fails, each of them one at a time (retries, dead letter).
   */
  private async runBatch(handler: EventHandler, delivered: readonly { event: EventEnvelope; raw: string }[], between: () => Promise<void>): Promise<void> {
    // An event delivered twice in one batch (the outbox publishes at least once: twice in a row
    // after a retried send) is handed over once: neither copy is recorded yet, so neither would be skipped.
    const ids = new Set<string>();
    const events = delivered.filter(({ event }) => !ids.has(event.id) && ids.add(event.id));
    for (let i = events.length; i < delivered.length; i++) this.opts.metrics?.eventsHandled.inc({ type: delivered[0]!.event.type, handler: handler.name, result: 'duplicate' });
    let pending = events;
    if (!handler.idempotent && !handler.guardsItself) {
      const done = await Promise.all(events.map(({ event }) => this.opts.processed.has(event.id, handler.name)));
      for (const { event } of events.filter((_, i) => done[i])) this.opts.metrics?.eventsHandled.inc({ type: event.type, handler: handler.name, result: 'duplicate' });
      pending = events.filter((_, i) => !done[i]);
    }
    if (pending.length === 0) return;
    if (pending.length > 1 && handler.handleBatch) {
      try {
        const started = performance.now();
        await handler.handleBatch(pending.map((e) => e.event) as never);
        if (!handler.idempotent) await this.markAll(pending.map((e) => e.event.id), handler.name);
        // Each event's share of the batch's time: summed, the metric is still the handler's busy time.
        const share = (performance.now() - started) / 1000 / pending.length;
        for (const { event } of pending) {
          const labels = { type: event.type, handler: handler.name };
          this.opts.metrics?.eventsHandled.inc({ ...labels, result: 'ok' });
          this.opts.metrics?.handlerDuration.observe(labels, share);
          this.opts.metrics?.eventLag.observe(labels, Math.max(0, Date.now() - Date.parse(event.occurredAt)) / 1000);
        }
        return;
      } catch (err) {
        this.opts.logger.warn({ err, handler: handler.name, events: pending.length }, 'event batch failed; handling its events one at a time');
      }
    }
    for (const { event, raw } of pending) {
      await this.runHandler(handler, event, raw, between);
      await between();
    }
  }

  private async markAll(eventIds: string[], handler: string): Promise<void> {
    if (this.opts.processed.markMany) await this.opts.processed.markMany(eventIds, handler);
    else for (const id of eventIds) await this.opts.processed.mark(id, handler);
  }

  /** One message; `heartbeat` keeps the consumer's session while a handler waits for a server. */
  async dispatch(type: string, key: string, value: string, heartbeat: () => Promise<void> = async () => undefined): Promise<void> {
    const event = this.parse(type, value);
    if (!event) {
      this.opts.metrics?.eventsHandled.inc({ type, handler: '-', result: 'invalid' });
      await this.opts.deadLetter(deadLetterTopic(type), key, value, { 'x-error': 'invalid event envelope or data' });
      return;
    }
    // The handlers of one event side by side: each keeps its own record, retries and dead
    // letter, and none waits on another's work (a save's fan-out never waits for its count).
    await Promise.all(this.opts.handlers.filter((h) => h.type === event.type).map((handler) => this.runHandler(handler, event, value, heartbeat)));
  }

  private parse(type: string, value: string): EventEnvelope | undefined {
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(value));
      if (envelope.type !== type || !(type in eventSchemas)) return undefined;
      const data: unknown = eventSchemas[type as EventType].parse(envelope.data);
      return { ...envelope, data };
    } catch (err) {
      this.opts.logger.warn({ err, type }, 'invalid event; parking it on the dead-letter topic');
      return undefined;
    }
  }

  private async runHandler(handler: EventHandler, event: EventEnvelope, raw: string, heartbeat: () => Promise<void>): Promise<void> {
    const labels = { type: event.type, handler: handler.name };
    if (!handler.idempotent && !handler.guardsItself && (await this.opts.processed.has(event.id, handler.name))) {
      this.opts.metrics?.eventsHandled.inc({ ...labels, result: 'duplicate' });
      return;
    }
    let lastError: unknown;
    let waits = 0;
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      try {
        const started = performance.now();
        await handler.handle(event as never);
        if (!handler.idempotent) await this.opts.processed.mark(event.id, handler.name);
        this.opts.metrics?.eventsHandled.inc({ ...labels, result: attempt === 1 ? 'ok' : 'retried' });
        this.opts.metrics?.handlerDuration.observe(labels, (performance.now() - started) / 1000);
        this.opts.metrics?.eventLag.observe(labels, Math.max(0, Date.now() - Date.parse(event.occurredAt)) / 1000);
        return;
      } catch (err) {
        lastError = err;
        if (isDependencyDown(err)) {
          // A server the handler needs (the store, Redis) is away: not this event's fault, and
          // parking it would lose what it does for good (a count, a feed's entries) after a few
          // seconds of outage. Wait for the server without spending an attempt, keeping the
          // consumer's session; the rest of the partition waits behind this event. A stopping
          // consumer gives up instead: unacknowledged, the event is delivered again.
          if (this.stopped) throw err;
          waits += 1;
          if (waits === 1 || waits % 30 === 0) this.opts.logger.warn({ err, eventId: event.id, handler: handler.name, waits }, 'a server the event handler needs is away; waiting for it');
          await sleep(Math.min(this.opts.retryBaseMs * 2 ** Math.min(waits - 1, 10), DEPENDENCY_WAIT_MAX_MS));
          await heartbeat();
          attempt -= 1;
          continue;
        }
        this.opts.logger.warn({ err, eventId: event.id, handler: handler.name, attempt }, 'event handler failed');
        if (attempt < this.opts.maxAttempts) await sleep(this.opts.retryBaseMs * 2 ** (attempt - 1));
      }
    }
    this.opts.logger.error({ err: lastError, eventId: event.id, handler: handler.name }, 'event parked on the dead-letter topic');
    await this.opts.deadLetter(deadLetterTopic(event.type), event.key, raw, {
      'x-handler': handler.name,
      'x-attempts': String(this.opts.maxAttempts),
      'x-error': lastError instanceof Error ? lastError.message.slice(0, 500) : String(lastError).slice(0, 500),
    });
    this.opts.metrics?.eventsHandled.inc({ ...labels, result: 'dead_lettered' });
    await handler.onFailed?.(event as never, lastError);
  }
}
