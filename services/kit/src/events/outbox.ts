import mongoose, { type Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { EventBus } from './bus';

/**
 * The field that carries an aggregate's not-yet-published events. A change and its events are
 * written in ONE single-document write (FerretDB v1 has no multi-document transactions), so an
 * event exists exactly when its change does.
 */
export const PENDING_EVENTS = 'pendingEvents';

type OutboxDoc = { _id: unknown; pendingEvents?: EventEnvelope[] };

const BATCH = 100;

/**
 * Publishes the pending events of the given collections and removes each one once Kafka has
 * acknowledged it. Runs right after a write (`kick`) and on a timer, so events written while
 * Kafka was down go out when it returns. Delivery is at least once: a crash between publish
 * and removal republishes, and consumers are idempotent by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly opts: { conn: Connection; collections: readonly string[]; bus: Pick<EventBus, 'publish'>; logger: Logger; pollMs: number; metrics?: Metrics },
  ) {}

  start(): void {
    if (!this.stopped || this.opts.collections.length === 0) return;
    this.stopped = false;
    const tick = () => {
      this.kick();
      this.timer = setTimeout(tick, this.opts.pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Asks for a pass now; passes never overlap, a kick during a pass runs one more after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.opts.logger.warn({ err: err instanceof Error ? err.message : err }, 'outbox pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Runs passes until nothing is pending (tests and shutdown use it). */
  async drain(): Promise<void> {
    await this.running;
    await this.pass();
  }

  private async pass(): Promise<void> {
    if (this.opts.conn.readyState !== mongoose.ConnectionStates.connected) return;
    let pending = 0;
    for (const name of this.opts.collections) {
      const col = this.opts.conn.collection<OutboxDoc>(name);
      const docs = await col.find({ [`${PENDING_EVENTS}.0`]: { $exists: true } }, { projection: { [PENDING_EVENTS]: 1 }, limit: BATCH }).toArray();
      for (const doc of docs) {
        const events = doc.pendingEvents ?? [];
        pending += events.length;
        for (const event of events) {
          await this.opts.bus.publish([event]);
          // Events go out in array order, so the published one is the first: pop it, guarded by
          // its id. ($pull with a condition would be the obvious call, but FerretDB v1 matches
          // only exact values in $pull and would silently remove nothing.)
          await col.updateOne({ _id: doc._id, [`${PENDING_EVENTS}.0.id`]: event.id }, { $pop: { [PENDING_EVENTS]: -1 } });
          pending -= 1;
        }
      }
    }
    this.opts.metrics?.outboxPending.set(pending);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
