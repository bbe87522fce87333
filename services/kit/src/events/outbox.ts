import { LRUCache } from 'lru-cache';
import mongoose, { type Connection, type mongo } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { IndexSpec } from '../store/indexes';
import { onceEver } from '../store/once';
import type { EventBus } from './bus';

/**
 * The field that carries an aggregate's not-yet-published events. A change and its events are
 * written in ONE single-document write (FerretDB v1 has no multi-document transactions), so an
 * event exists exactly when its change does.
 */
export const PENDING_EVENTS = 'pendingEvents';

/**
 * `true` on a document that may have pending events, absent otherwise: what the sweep looks up.
 * "Has pending events" cannot be asked cheaply (FerretDB evaluates `$exists` and dotted paths
 * itself, after reading every document), but equality on a top-level indexed field is pushed
 * down. Absent rather than false: FerretDB's companion GIN index on PostgreSQL then holds only
 * pending documents, and MongoDB's index scan reads only the `true` keys.
 */
export const OUTBOX_PENDING = 'outboxPending';

/**
 * A filter for documents with nothing left to publish (a purge must not delete an unpublished
 * event). The flag, not the array: a new document's events published from memory leave no
 * `pendingEvents` field at all, a document emptied event by event leaves `[]`, and either way the
 * relay drops the flag once nothing is left. Not pushed down by FerretDB: put it beside an
 * indexed equality (a purge's day).
 */
export const NOTHING_PENDING = { [OUTBOX_PENDING]: { $exists: false } } as const;

/** The outbox fields of an aggregate; write them only through the two helpers below. */
export interface OutboxFields {
  pendingEvents: EventEnvelope[];
  outboxPending?: true;
}

/** A new document stored together with its events: insert what this returns, in one write. */
export function docWithEvents<D extends object>(doc: D, events: EventEnvelope[]): D & Required<OutboxFields> {
  return { ...doc, pendingEvents: events, outboxPending: true };
}

type Update = { $set?: Record<string, unknown>; $push?: Record<string, unknown> } & Record<string, unknown>;

/** An update of an existing document that also adds events: send what this returns, in one write. */
export function updateWithEvents(update: Update, events: EventEnvelope[]): Update {
  return {
    ...update,
    $set: { ...update.$set, [OUTBOX_PENDING]: true },
    $push: { ...update.$push, [PENDING_EVENTS]: { $each: events } },
  };
}

// Aggregates with an outbox have string ids (UUIDs).
type OutboxDoc = { _id: string } & Partial<OutboxFields>;

const BATCH = 100;

/** A new document whose pending events are still exactly the ones of its insert (`created`). */
const wholeCreated = (t: OutboxTarget) => {
  const events = t.created ?? [];
  return { _id: t.id, [`${PENDING_EVENTS}.0.id`]: (events[0] as EventEnvelope).id, [PENDING_EVENTS]: { $size: events.length } };
};

/** A document that was just written with pending events. */
export interface OutboxTarget {
  collection: string;
  id: string;
  /**
   * The events of the document's first write (its insert, docWithEvents), which are then the
   * first pending ones: they are published from memory and removed in one write, instead of a
   * read, a write per event and one more for the flag. Leave out for any other write.
   */
  created?: EventEnvelope[];
}

/**
 * Publishes the pending events of the given collections and removes each one once Kafka has
 * acknowledged it. A write names its document (`kick(target)`), which is published at once by
 * `_id`; a sweep every `pollMs` catches what a targeted publish missed (Kafka was down, the
 * process died) by equality on the indexed `outboxPending` flag, so it reads only pending
 * documents. The relay removes the flag once a document has no event left. Delivery is at least
 * once: a crash between publish and removal republishes, and consumers are idempotent by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private targets: OutboxTarget[] = [];
  /** Events a sweep or a targeted pass published lately: a new document's kick that comes after it has nothing left to do. */
  private readonly published = new LRUCache<string, true>({ max: 10_000 });
  private sweepDue = false;
  /**
   * Collections whose last sweep found a full batch pending (a backlog: Kafka was away): their
   * new documents are cleared one write each, since clearing them together reads every pending one.
   */
  private readonly backlogged = new Set<string>();
  private again = false;
  private stopped = true;

  constructor(
    private readonly opts: { conn: Connection; collections: readonly string[]; bus: Pick<EventBus, 'publish'>; logger: Logger; pollMs: number; metrics?: Metrics },
  ) {}

  /** The index the sweep's `{ outboxPending: true }` is served from, on each outbox collection (created at start). */
  get indexes(): IndexSpec[] {
    return this.opts.collections.map((collection) => ({ collection, key: { [OUTBOX_PENDING]: 1 } }));
  }

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
    void this.runPass();
  }

  /** Runs a pass as *the* running one: a kick meanwhile asks for one more after it. */
  private runPass(): Promise<void> {
    const done = this.pass()
      .catch((err: unknown) => this.opts.logger.warn({ err: err instanceof Error ? err.message : err }, 'outbox pass failed; the next sweep retries'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          if (this.targets.length > 0 || this.sweepDue) this.kick(this.targets.pop());
        }
      });
    this.running = done;
    return done;
  }

  /**
   * Sweeps until nothing is pending (tests use it). Its sweep is a pass like any other, after
   * the running one and whatever that one chained: a sweep beside a new document's publish from
   * memory would read the document before its write and publish its events a second time.
   */
  async drain(): Promise<void> {
    await this.settled();
    this.sweepDue = true;
    await this.runPass();
    await this.settled();
  }

  /** Waits until no pass runs, the ones chained by kicks meanwhile included. */
  private async settled(): Promise<void> {
    for (let pass = this.running; pass; pass = this.running) await pass;
  }

  private async pass(): Promise<void> {
    if (this.opts.conn.readyState !== mongoose.ConnectionStates.connected) return;
    const targets = this.targets.splice(0);
    const sweep = this.sweepDue;
    this.sweepDue = false;
    const created = targets.filter((t) => t.created && t.created.length > 0);
    if (created.length > 0) await this.publishCreated(created);
    for (const t of targets.filter((x) => !created.includes(x))) {
      const col = this.opts.conn.collection<OutboxDoc>(t.collection);
      await this.publishDocs(col, await col.find({ _id: t.id }, { projection: { [PENDING_EVENTS]: 1 } }).toArray());
    }
    if (!sweep) return;
    let pending = 0;
    for (const name of this.opts.collections) {
      const col = this.opts.conn.collection<OutboxDoc>(name);
      const docs = await col.find({ [OUTBOX_PENDING]: true }, { projection: { [PENDING_EVENTS]: 1 }, limit: BATCH }).toArray();
      if (docs.length >= BATCH) this.backlogged.add(name);
      else this.backlogged.delete(name);
      pending += docs.reduce((n, d) => n + (d.pendingEvents?.length ?? 0), 0);
      pending -= await this.publishDocs(col, docs);
    }
    this.opts.metrics?.outboxPending.set(pending);
  }

  /**
   * New documents' events, known from their insert: all published in one Kafka request, then
   * removed, each document's guarded by its first event's id and the array's size: the pass's
   * documents of one collection in one write (`removeTogether`), or one write each. When a later
   * write added events meanwhile, those are left for their own pass: ours are popped one by one
   * as publishDocs does (they are the first ones). A failed publish leaves everything to the next sweep.
   */
  private async publishCreated(all: OutboxTarget[]): Promise<void> {
    // A sweep that read the document before its kick came published it already (and removed it).
    const targets = all.filter((t) => (t.created ?? []).some((e) => !this.published.has(e.id)));
    if (targets.length === 0) return;
    await this.opts.bus.publish(targets.flatMap((t) => t.created ?? []));
    const byCollection = new Map<string, OutboxTarget[]>();
    for (const t of targets) byCollection.set(t.collection, [...(byCollection.get(t.collection) ?? []), t]);
    for (const [name, group] of byCollection) {
      const col = this.opts.conn.collection<OutboxDoc>(name);
      const left = group.length > 1 && !this.backlogged.has(name) ? await this.removeTogether(col, group) : group;
      for (const t of left) {
        const events = t.created ?? [];
        const whole = await col.updateOne(wholeCreated(t), { $unset: { [PENDING_EVENTS]: '', [OUTBOX_PENDING]: '' } });
        if (whole.matchedCount > 0) continue;
        for (const event of events) await this.popPublished(col, t.id, event.id);
        await this.dropFlagIfEmpty(col, t.id);
      }
    }
  }

  /**
   * Removes the published events of several new documents in one write (one store command for a
   * pass's saves, not one each). The flag's equality is the condition FerretDB pushes down: the
   * store reads the pending documents (this pass's, and few others unless there is a backlog,
   * when this is not used), and checks each one's guard under `$or` itself. Answers the targets
   * still flagged when not all were removed (a later write added events): they go one at a time.
   */
  private async removeTogether(col: mongo.Collection<OutboxDoc>, targets: OutboxTarget[]): Promise<OutboxTarget[]> {
    const res = await col.updateMany(
      { [OUTBOX_PENDING]: true, $or: targets.map(wholeCreated) },
      { $unset: { [PENDING_EVENTS]: '', [OUTBOX_PENDING]: '' } },
    );
    if (res.modifiedCount >= targets.length) return [];
    const still = await col.find({ [OUTBOX_PENDING]: true, $or: targets.map((t) => ({ _id: t.id })) } as mongo.Filter<OutboxDoc>, { projection: { _id: 1 } }).toArray();
    const flagged = new Set(still.map((d) => d._id));
    return targets.filter((t) => flagged.has(t.id));
  }

  /** Publishes each document's events in order; returns how many went out. */
  private async publishDocs(col: mongo.Collection<OutboxDoc>, docs: OutboxDoc[]): Promise<number> {
    let published = 0;
    for (const doc of docs) {
      for (const event of doc.pendingEvents ?? []) {
        await this.opts.bus.publish([event]);
        this.published.set(event.id, true);
        await this.popPublished(col, doc._id, event.id);
        published += 1;
      }
      await this.dropFlagIfEmpty(col, doc._id);
    }
    return published;
  }

  /**
   * Events go out in array order, so the published one is the first: pop it, guarded by its id.
   * ($pull with a condition would be the obvious call, but FerretDB v1 matches only exact values
   * in $pull and would silently remove nothing.)
   */
  private async popPublished(col: mongo.Collection<OutboxDoc>, id: string, eventId: string): Promise<void> {
    await col.updateOne({ _id: id, [`${PENDING_EVENTS}.0.id`]: eventId }, { $pop: { [PENDING_EVENTS]: -1 } });
  }

  /**
   * All it had is out: drop the flag, unless a writer added an event since it was read. The size
   * guard and the unset are one single-document write, so that event either is in the array here
   * (the flag stays for the next pass) or is added after, setting the flag again.
   */
  private async dropFlagIfEmpty(col: mongo.Collection<OutboxDoc>, id: string): Promise<void> {
    await col.updateOne({ _id: id, [PENDING_EVENTS]: { $size: 0 } }, { $unset: { [OUTBOX_PENDING]: '' } });
  }

  /**
   * Flags documents written before `outboxPending` existed (pending events, no flag), once ever
   * per collection. A document emptied meanwhile keeps a stray flag until the next sweep drops it.
   */
  async carryOver(): Promise<void> {
    for (const name of this.opts.collections) {
      await onceEver(this.opts.conn, `outbox-flag:${name}`, async () => {
        await this.opts.conn.collection(name).updateMany({ [`${PENDING_EVENTS}.0`]: { $exists: true } }, { $set: { [OUTBOX_PENDING]: true } });
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
