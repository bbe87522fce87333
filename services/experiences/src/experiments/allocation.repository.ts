import { createHash, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { allocationsSnapshotSchema, isDuplicateKey, normalise, type Allocations, type AllocationsSnapshot } from '@pinhive/kit';

export const ALLOCATIONS_COLLECTION = 'experiment_allocations';
/** The one document: every experiment's allocation and the stamp of the last edit. */
const CURRENT = 'current';

interface AllocationsDoc {
  _id: string;
  /** New on every edit (a random id, so that a dropped and remade document never repeats one). */
  stamp: string;
  /** Edits so far, for people. */
  version: number;
  experiments: AllocationsSnapshot['experiments'];
  updatedAt: Date;
}

/** The allocations as a stamped whole: stored ones, or the starting values while nothing is stored. */
export interface StampedAllocations {
  stamp: string;
  version: number;
  allocations: Allocations;
  /** Whether an operator stored them (else they are EXPERIMENT_ALLOCATIONS). */
  stored: boolean;
  updatedAt: Date | null;
}

/** Tries of an edit that met another one at the same moment (each re-reads and re-checks). */
const EDIT_TRIES = 5;

/**
 * The allocations experiences stores, edited at run time by the operator commands. One
 * document, so that an edit is one atomic write (FerretDB has no multi-document transactions)
 * and every instance notices it by one read of `stamp` by `_id`. An edit is a compare-and-set on
 * the stamp it read: two operators at once never lose one's change.
 */
export class AllocationRepository {
  constructor(private readonly conn: Connection, private readonly starting: Allocations) {}

  private col() {
    return this.conn.collection<AllocationsDoc>(ALLOCATIONS_COLLECTION);
  }

  /** The stamp of what is stored now (the instances' half-second check): one read by `_id`. */
  async stamp(): Promise<string> {
    const doc = await this.col().findOne({ _id: CURRENT }, { projection: { stamp: 1 } });
    return doc?.stamp ?? this.startingStamp();
  }

  async load(): Promise<StampedAllocations> {
    const doc = await this.col().findOne({ _id: CURRENT });
    if (!doc) return { stamp: this.startingStamp(), version: 0, allocations: structuredClone(this.starting), stored: false, updatedAt: null };
    // Checked as any answer would be; experiments this build does not know are dropped, new ones start from the configured values.
    const experiments = allocationsSnapshotSchema.shape.experiments.parse(doc.experiments);
    return { stamp: doc.stamp, version: doc.version, allocations: normalise(experiments, this.starting), stored: true, updatedAt: doc.updatedAt };
  }

  /** Applies `edit` (which checks and may throw) to the current allocations and stores the result with a new stamp. */
  async change(edit: (current: Allocations) => Allocations): Promise<StampedAllocations> {
    for (let attempt = 1; attempt <= EDIT_TRIES; attempt++) {
      const current = await this.load();
      const next: AllocationsDoc = { _id: CURRENT, stamp: randomUUID(), version: current.version + 1, experiments: edit(current.allocations) as AllocationsDoc['experiments'], updatedAt: new Date() };
      if (current.stored) {
        const { _id, ...fields } = next;
        const res = await this.col().updateOne({ _id, stamp: current.stamp }, { $set: fields });
        if (res.matchedCount === 1) return { ...next, allocations: next.experiments as Allocations, stored: true };
      } else {
        try {
          await this.col().insertOne(next);
          return { ...next, allocations: next.experiments as Allocations, stored: true };
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    }
    throw new Error('the allocations kept changing under this edit (another operator?): try again');
  }

  /** While nothing is stored: a stamp of the configured values, so that a changed configuration is a new stamp. */
  private startingStamp(): string {
    return `config-${createHash('sha256').update(JSON.stringify(this.starting)).digest('hex').slice(0, 16)}`;
  }
}
