import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { BoardActionKind } from '@pinhive/contracts';
import { isDuplicateKey } from '@pinhive/kit';
import { leaseVerdict } from './lease-rules';
import { BOARD_ACTIONS_COLLECTION, LEASE_MS, type BoardActionDoc } from './move.model';

/** A board held: renewed and released by its token. */
export interface Lease {
  boardId: string;
  token: string;
}

/** Why a board could not be taken: the lease there, and whether it names a move that must be finished first. */
export interface Refusal {
  holder: BoardActionDoc;
  finishFirst: boolean;
}

export type TakeResult = { leases: Lease[] } | { refused: Refusal };

/**
 * Leases on boards in the store (`board_actions`): Redis is optional for pins-boards, and a lease
 * must hold whether or not it is there. Every query is by `_id` (the board), with the token as an
 * extra condition on the one document read.
 */
export class BoardLeaseRepository {
  /** `unfinished(moveId)`: whether that move still runs or was left half done (its lease may only go to its resumer). */
  constructor(
    private readonly conn: Connection,
    private readonly unfinished: (moveId: string) => Promise<boolean>,
    private readonly leaseMs = LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private actions() {
    return this.conn.collection<BoardActionDoc>(BOARD_ACTIONS_COLLECTION);
  }

  /**
   * Takes every board of `boardIds` for one action, in id order (two actions wanting the same two
   * boards cannot each hold one and wait for the other); when one is refused, the ones taken are
   * released and the refusal answered.
   */
  async takeAll(boardIds: readonly string[], kind: BoardActionKind, moveId: string | null): Promise<TakeResult> {
    const leases: Lease[] = [];
    for (const boardId of [...new Set(boardIds)].sort()) {
      const got = await this.take(boardId, kind, moveId);
      if ('refused' in got) {
        await this.releaseAll(leases);
        return got;
      }
      leases.push(got.lease);
    }
    return { leases };
  }

  private async take(boardId: string, kind: BoardActionKind, moveId: string | null): Promise<{ lease: Lease } | { refused: Refusal }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.now();
      const doc: BoardActionDoc = { _id: boardId, kind, token: randomUUID(), expiresAt: new Date(now + this.leaseMs), moveId, takenAt: new Date(now) };
      try {
        await this.actions().insertOne(doc);
        return { lease: { boardId, token: doc.token } };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const current = await this.actions().findOne({ _id: boardId });
      if (!current) continue; // released in between: insert again
      const unfinished = current.expiresAt.getTime() <= now && current.moveId !== null && current.moveId !== moveId ? await this.unfinished(current.moveId) : false;
      const verdict = leaseVerdict(current, now, moveId, unfinished);
      if (verdict !== 'takeOver') return { refused: { holder: current, finishFirst: verdict === 'finishFirst' } };
      const res = await this.actions().updateOne({ _id: boardId, token: current.token }, { $set: { kind, token: doc.token, expiresAt: doc.expiresAt, moveId, takenAt: doc.takenAt } });
      if (res.matchedCount === 1) return { lease: { boardId, token: doc.token } };
      // Another taker won the expired lease: look again.
    }
    throw new Error(`board ${boardId}: its lease kept changing hands`);
  }

  /** Pushes the expiry on; false when the lease is no longer this holder's (it expired and was taken over). */
  async renew(lease: Lease): Promise<boolean> {
    const res = await this.actions().updateOne({ _id: lease.boardId, token: lease.token }, { $set: { expiresAt: new Date(this.now() + this.leaseMs) } });
    return res.matchedCount === 1;
  }

  async releaseAll(leases: readonly Lease[]): Promise<void> {
    for (const lease of leases) await this.actions().deleteOne({ _id: lease.boardId, token: lease.token });
  }

  /** The lease on a board, if any (the sweep: is a move's board still held by a live runner?). */
  async find(boardId: string): Promise<BoardActionDoc | null> {
    return this.actions().findOne({ _id: boardId });
  }
}
