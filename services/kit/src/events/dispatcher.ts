import { setTimeout as sleep } from 'node:timers/promises';
import { deadLetterTopic, eventEnvelopeSchema, eventSchemas, type EventEnvelope, type EventType } from '@pinhive/contracts';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { EventHandler } from './bus';
import type { ProcessedEvents } from './processed-events';

export interface DispatcherOptions {
  handlers: readonly EventHandler[];
  processed: Pick<ProcessedEvents, 'has' | 'mark'>;
  /** Publishes to the dead-letter topic; if it throws, the message is not acknowledged. */
  deadLetter: (topic: string, key: string, value: string, headers: Record<string, string>) => Promise<void>;
  maxAttempts: number;
  retryBaseMs: number;
  logger: Logger;
  metrics?: Metrics;
}

/**
 * Runs every handler of a message's event type exactly once per event id: parse, skip what was
 * already processed (except handlers that declare themselves `idempotent`: they run again), retry failures with exponential backoff, then park the event on
 * `<type>.dlq`. It never acknowledges a message it could neither handle nor park: if
 * parking fails the error propagates and Kafka redelivers.
 */
export class Dispatcher {
  constructor(private readonly opts: DispatcherOptions) {}

  types(): EventType[] {
    return [...new Set(this.opts.handlers.map((h) => h.type))];
  }

  async dispatch(type: string, key: string, value: string): Promise<void> {
    const event = this.parse(type, value);
    if (!event) {
      this.opts.metrics?.eventsHandled.inc({ type, handler: '-', result: 'invalid' });
      await this.opts.deadLetter(deadLetterTopic(type), key, value, { 'x-error': 'invalid event envelope or data' });
      return;
    }
    // The handlers of one event side by side: each keeps its own record, retries and dead
    // letter, and none waits on another's work (a save's fan-out never waits for its count).
    await Promise.all(this.opts.handlers.filter((h) => h.type === event.type).map((handler) => this.runHandler(handler, event, value)));
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

  private async runHandler(handler: EventHandler, event: EventEnvelope, raw: string): Promise<void> {
    const labels = { type: event.type, handler: handler.name };
    if (!handler.idempotent && (await this.opts.processed.has(event.id, handler.name))) {
      this.opts.metrics?.eventsHandled.inc({ ...labels, result: 'duplicate' });
      return;
    }
    let lastError: unknown;
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
