import { moveResultSchema, type MoveResult } from '@pinhive/contracts';
import { resourceWrite } from '../api/resource';
import type { MoveCall } from './rules';

/** One of the move calls (BoardSectionEdit, BoardSectionPins, BulkEdit, BulkEditSelectAll): `done`, or `running` on a big move (202). */
export function sendMove(call: MoveCall): Promise<MoveResult> {
  return resourceWrite(call.resource, call.action, call.options, moveResultSchema);
}
