import type { Connection } from 'mongoose';
import { trimmable } from '../boards/board.repository';
import { COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER } from '../boards/board.model';
import { moveLedgerKey } from './move.model';
import { settledWithMoves } from './move.repository';

/**
 * A move batch's counter key stays in a board's ledger while that batch is in flight (a crash
 * and a resume would apply it again), however many saves push keys after it.
 */
function storeWithMoves(moves: Record<string, { inFlight: number | null }>): Connection {
  const collection = { findOne: async (filter: { _id: string }) => moves[filter._id] ?? null };
  return { collection: () => collection } as unknown as Connection;
}

const saves = (n: number) => Array.from({ length: n }, (_, i) => `saved:p${i}@e${i}`);

it("keeps the key of a batch in flight, lets settled batches' keys go, and asks the caller about the others", async () => {
  const inFlight = moveLedgerKey('m1', 3);
  const recorded = moveLedgerKey('m1', 2);
  const gone = moveLedgerKey('m0', 0);
  const ledger = [inFlight, recorded, gone, ...saves(COUNTED_KEYS_KEPT + COUNTED_KEYS_TRIMMED_TOGETHER)];
  const unsettledSave = ledger[5] as string;
  const conn = storeWithMoves({ m1: { inFlight: 3 } });
  const trim = await trimmable(ledger, settledWithMoves(conn, async (k) => k !== unsettledSave));
  expect(trim).not.toContain(inFlight);
  expect(trim).toEqual(expect.arrayContaining([recorded, gone]));
  expect(trim).not.toContain(unsettledSave);
});
