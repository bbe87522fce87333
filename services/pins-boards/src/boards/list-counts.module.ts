import type { Connection } from 'mongoose';
import { runPeriodically, type Logger } from '@pinhive/kit';
import type { BoardListRepository } from './board-list.repository';
import type { BoardRepository } from './board.repository';
import { ListCounts } from './list-counts';

/** How often boards still marked `listPending` are looked for (and once at start). */
export const LIST_COUNTS_SWEEP_MS = 30_000;

/** The owners' lists written behind the counts, with the sweep that finishes what a dead process left. */
export function listCountsBehind(mongo: Connection, logger: Logger, boards: BoardRepository, lists: BoardListRepository): ListCounts {
  const listCounts = new ListCounts({ boards, lists, logger });
  mongo.once('close', () => listCounts.close());
  runPeriodically(mongo, logger, 'writing board counts still missing from their lists', { everyMs: LIST_COUNTS_SWEEP_MS }, () => listCounts.sweep());
  return listCounts;
}
