import { randomUUID } from 'node:crypto';
import { eventSchemas, eventVersion, type EventEnvelope, type EventMap, type EventType } from '@pinhive/contracts';

/**
 * The event bus seen by services. kafkajs sits behind it (kafka-bus.ts) so that a maintained
 * client can replace it in one place.
 */
export interface EventBus {
  /** Publishes envelopes in order; resolves once the broker acknowledged all of them. */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  /** Publishes a raw message to a topic (used for dead letters). */
  publishRaw(topic: string, key: string, value: string, headers?: Record<string, string>): Promise<void>;
  /** Registers handlers; must be called before start(). */
  subscribe(handlers: readonly EventHandler[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  ready(): Promise<boolean>;
}

/** A consumer of one event type (Outline's BaseProcessor): `name` keys its idempotency records. */
export interface EventHandler<T extends EventType = EventType> {
  readonly name: string;
  readonly type: T;
  handle(event: EventEnvelope<EventMap[T]>): Promise<void>;
  /** Called once when the event is parked on the dead-letter topic. */
  onFailed?(event: EventEnvelope<EventMap[T]>, error: unknown): Promise<void>;
  /**
   * The handler makes a second run of the same event change nothing by itself (an insert keyed
   * by the event's subject, an equality delete), so the dispatcher neither checks nor records it
   * in `processed_events`: two store commands fewer per event, on paths such as every save.
   */
  readonly idempotent?: true;
  /**
   * The handler's own write tells a new event from one it handled (a guard in that very write),
   * and it asks `processed_events` itself only where its guard cannot tell (ProcessedEvents.has):
   * the dispatcher records its events as handled but does not read the record before each one
   * (a store command fewer per event). Ignored with `idempotent`.
   */
  readonly guardsItself?: true;
  /**
   * Optional: several events of this type at once, from one partition and in its order (the
   * consumer hands over what one fetch brought, at most `MAX_EVENT_BATCH`). A handler whose
   * store work can be shared across events (one read per board, one reservation per reader, one
   * insert for all) implements it next to `handle`. It must leave the store as handling the
   * events one by one in this order would, and be as safe to run again over any part of them:
   * when it throws, the dispatcher handles the same events one at a time with `handle` (each with
   * its own retries and dead letter), so a failing event holds up none of the others. The
   * dispatcher skips events already processed before the call (unless `idempotent`), records
   * them after it, and measures each event (its share of the batch's time, its own lag).
   */
  handleBatch?(events: EventEnvelope<EventMap[T]>[]): Promise<void>;
}

/** Helper that keeps a handler's event type and payload type together. */
export function defineHandler<T extends EventType>(h: EventHandler<T>): EventHandler {
  return h;
}

/**
 * Builds a validated envelope. Store it with the change it describes (outbox) rather than
 * publishing it directly, so nothing is published before it is stored.
 */
export function newEvent<T extends EventType>(producer: string, type: T, key: string, data: EventMap[T], now = new Date()): EventEnvelope<EventMap[T]> {
  // The schema of `type` parses a value of EventMap[T]; TypeScript cannot follow the index.
  const parsed = eventSchemas[type].parse(data) as EventMap[T];
  return { id: randomUUID(), type, version: eventVersion(type), occurredAt: now.toISOString(), producer, key, data: parsed };
}
