import { AD_EVENTS_MAX, type AdEventsBody } from '@pinhive/contracts';

export type AdEvent = AdEventsBody['events'][number];

/** How long events wait to be sent together: a page's impressions of a scroll go as one request. */
export const AD_EVENTS_FLUSH_MS = 2000;
/** Tries of one batch, the first included: then it is dropped (an impression is not worth more). */
export const AD_EVENTS_ATTEMPTS = 4;
/** The wait before the first retry, doubled before each next one (1 s, 2 s, 4 s). */
export const AD_EVENTS_BACKOFF_MS = 1000;

export interface AdEventQueueOptions {
  send: (body: AdEventsBody) => Promise<void>;
  /** Whether a failed send may pass on another try (no answer, a 5xx, a 429), not a refusal. */
  retryable: (error: unknown) => boolean;
  /** Told of each batch given up on (its events are lost). */
  onDrop?: (events: AdEvent[], error: unknown) => void;
  flushMs?: number;
  attempts?: number;
  backoffMs?: number;
}

interface Retry {
  events: AdEvent[];
  attempt: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Impressions and clicks on their way to the ads service: gathered, then sent in batches of at
 * most AD_EVENTS_MAX every AD_EVENTS_FLUSH_MS (at once when a batch is full); a batch that fails
 * in a way that may pass is tried again after 1, 2 and 4 seconds, then dropped. `flushAll` (the
 * page hidden or left) sends everything at once, the batches waiting for a retry included.
 */
export class AdEventQueue {
  private pending: AdEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly retries = new Set<Retry>();
  private readonly flushMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(private readonly options: AdEventQueueOptions) {
    this.flushMs = options.flushMs ?? AD_EVENTS_FLUSH_MS;
    this.attempts = options.attempts ?? AD_EVENTS_ATTEMPTS;
    this.backoffMs = options.backoffMs ?? AD_EVENTS_BACKOFF_MS;
  }

  /** Events gathered and not yet sent (for tests and the page-hidden flush). */
  get size(): number {
    return this.pending.length;
  }

  add(event: AdEvent): void {
    this.pending.push(event);
    if (this.pending.length >= AD_EVENTS_MAX) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Sends what is gathered now, in batches of at most AD_EVENTS_MAX. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.pending.length > 0) this.sendBatch(this.pending.splice(0, AD_EVENTS_MAX), 1);
  }

  /** As `flush`, and the batches waiting for a retry go now too (the page may not live to retry them). */
  flushAll(): void {
    for (const retry of [...this.retries]) {
      clearTimeout(retry.timer);
      this.retries.delete(retry);
      this.sendBatch(retry.events, retry.attempt);
    }
    this.flush();
  }

  /** Forgets everything, sent or not (tests; an account switch needs nothing of it). */
  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    for (const retry of this.retries) clearTimeout(retry.timer);
    this.retries.clear();
  }

  private sendBatch(events: AdEvent[], attempt: number): void {
    this.options.send({ events }).catch((error: unknown) => {
      if (attempt >= this.attempts || !this.options.retryable(error)) {
        this.options.onDrop?.(events, error);
        return;
      }
      const retry: Retry = {
        events,
        attempt: attempt + 1,
        timer: setTimeout(() => {
          this.retries.delete(retry);
          this.sendBatch(events, attempt + 1);
        }, this.backoffMs * 2 ** (attempt - 1)),
      };
      this.retries.add(retry);
    });
  }
}
