import { busyCodeOf } from '@pinhive/contracts';
import { appError, type AppError } from '@pinhive/kit';
import type { BoardActionDoc } from './move.model';

/**
 * What a would-be holder of a board may do with the lease it found there:
 * - `busy`: another action holds it and renews it; answer `board_busy` with its code;
 * - `finishFirst`: it expired, but names a move that is unfinished: only that move's resumer may
 *   take it (another action moving the same pins meanwhile would make the crashed batch's count
 *   wrong), so the move is finished first;
 * - `takeOver`: it expired (its process died or gave up): take it with a write conditional on
 *   its token, so of two takers one wins.
 */
export type LeaseVerdict = 'busy' | 'finishFirst' | 'takeOver';

export function leaseVerdict(lease: Pick<BoardActionDoc, 'expiresAt' | 'moveId'>, now: number, forMoveId: string | null, unfinishedMove: boolean): LeaseVerdict {
  if (lease.expiresAt.getTime() > now) return 'busy';
  if (lease.moveId !== null && lease.moveId !== forMoveId && unfinishedMove) return 'finishFirst';
  return 'takeOver';
}

/** The 409 an action gets while another holds the board: `data.api_error_code` names what is running (2171-2173). */
export function boardBusy(holder: Pick<BoardActionDoc, 'kind'>): AppError {
  return appError('board_busy', { data: { api_error_code: busyCodeOf(holder.kind) } });
}
