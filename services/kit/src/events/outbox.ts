import mongoose, { type Connection, type mongo } from 'mongoose';
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

// Aggregates with an outbox have string ids (UUIDs).
type OutboxDoc = { _id: string; pendingEvents?: EventEnvelope[] };

const BATCH = 100;

/** A document that was just written with pending events. */
export interface OutboxTarget {
  collection: string;
  id: string;
}

/**
 * Publishes the pending events of the given collections and removes each one once Kafka has
 * acknowledged it. A write names its document (`kick(target)`), which is published at once by
 * `_id`; a sweep of whole collections every `pollMs` catches what a targeted publish missed
 * (Kafka was down, the process died). Sweeps are the expensive part on FerretDB (it cannot push
 * the "has pending events" filter down to SQLite and decodes every document), so writes never
 * trigger them. Delivery is at least once: a crash between publish and removal republishes,
 * and consumers are idempotent by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private targets: OutboxTarget[] = [];
  private sweepDue = false;
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

  /**
   * Asks for a pass: of one document when a target is given, else a sweep. Passes never
   * overlap; a kick during a pass runs one more after it.
   */
  kick(target?: OutboxTarget): void {
    if (this.stopped) return;
    if (target) this.targets.push(target);
    else this.sweepDue = true;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.opts.logger.warn({ err: err instanceof Error ? err.message : err }, 'outbox pass failed; the next sweep retries'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          if (this.targets.length > 0 || this.sweepDue) this.kick(this.targets.pop());
        }
      });
  }

  /** Sweeps until nothing is pending (tests and shutdown use it). */
  async drain(): Promise<void> {
    await this.running;
    this.sweepDue = true;
    await this.pass();
  }

  private async pass(): Promise<void> {
    if (this.opts.conn.readyState !== mongoose.ConnectionStates.connected) return;
    const targets = this.targets.splice(0);
    const sweep = this.sweepDue;
    this.sweepDue = false;
    for (const t of targets) {
      const col = this.opts.conn.collection<OutboxDoc>(t.collection);
      await this.publishDocs(col, await col.find({ _id: t.id }, { projection: { [PENDING_EVENTS]: 1 } }).toArray());
    }
    if (!sweep) return;
    let pending = 0;
    for (const name of this.opts.collections) {
      const col = this.opts.conn.collection<OutboxDoc>(name);
      const docs = await col.find({ [`${PENDING_EVENTS}.0`]: { $exists: true } }, { projection: { [PENDING_EVENTS]: 1 }, limit: BATCH }).toArray();
      pending += docs.reduce((n, d) => n + (d.pendingEvents?.length ?? 0), 0);
      pending -= await this.publishDocs(col, docs);
    }
    this.opts.metrics?.outboxPending.set(pending);
  }

  /** Publishes each document's events in order; returns how many went out. */
  private async publishDocs(col: mongo.Collection<OutboxDoc>, docs: OutboxDoc[]): Promise<number> {
    let published = 0;
    for (const doc of docs) {
      for (const event of doc.pendingEvents ?? []) {
        await this.opts.bus.publish([event]);
        // Events go out in array order, so the published one is the first: pop it, guarded by
        // its id. ($pull with a condition would be the obvious call, but FerretDB v1 matches
        // only exact values in $pull and would silently remove nothing.)
        await col.updateOne({ _id: doc._id, [`${PENDING_EVENTS}.0.id`]: event.id }, { $pop: { [PENDING_EVENTS]: -1 } });
        published += 1;
      }
    }
    return published;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
