import type { Connection } from 'mongoose';
import { runPeriodically, type Logger, type OutboxTarget } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardRepository } from '../boards/board.repository';
import type { BoardService } from '../boards/board.service';
import type { PinRepository } from '../pins/pin.repository';
import type { SectionRepository } from '../sections/section.repository';
import type { Changed } from '../shared/changes';
import { BoardLeaseRepository } from './board-lease.repository';
import { MoveRunner } from './move-runner';
import { moveRoutes } from './move.routes';
import { MoveService } from './move.service';
import { MovedPinsRepository } from './moved-pins.repository';
import { MoveRepository } from './move.repository';
import { MOVE_SWEEP_MS } from './move.model';

export interface MovesDeps {
  mongo: Connection;
  logger: Logger;
  kick: (target: OutboxTarget) => void;
  boards: BoardRepository;
  lists: BoardListRepository;
  sections: SectionRepository;
  pins: PinRepository;
  boardService: BoardService;
  /** As the pins repository's: a board's pages changed, a pin changed. */
  changed: Changed;
  pinChanged: Changed;
  /** Config's MOVE_ANSWER_WITHIN_MS and MOVE_SWEEP_MS (0: no sweep on this instance). */
  answerWithinMs?: number;
  sweepEveryMs?: number;
}

/**
 * Moves of pins and the boards' leases: the service, its routes, and the sweep that finishes
 * moves whose process died (each instance runs it; a lease decides who resumes a move). The
 * sweep and new batches stop with the service's store connection.
 */
export function movesModule(deps: MovesDeps) {
  const moves = new MoveRepository(deps.mongo);
  const leases = new BoardLeaseRepository(deps.mongo, (id) => moves.unfinished(id));
  const movedPins = new MovedPinsRepository(deps.mongo, deps.changed, deps.pinChanged);
  let closing = false;
  const runner = new MoveRunner({
    moves, leases, movedPins, pages: deps.pins, boards: deps.boards, sections: deps.sections, lists: deps.lists, kick: deps.kick, logger: deps.logger,
    stopping: () => closing,
  });
  const service = new MoveService({
    moves, leases, runner, movedPins, boards: deps.boards, sections: deps.sections, boardService: deps.boardService, logger: deps.logger,
    ...(deps.answerWithinMs !== undefined ? { answerWithinMs: deps.answerWithinMs } : {}),
  });
  deps.mongo.once('close', () => {
    closing = true;
    service.close();
  });
  const sweepEveryMs = deps.sweepEveryMs ?? MOVE_SWEEP_MS;
  if (sweepEveryMs > 0) runPeriodically(deps.mongo, deps.logger, 'resuming unfinished moves', { everyMs: sweepEveryMs }, () => service.sweep());
  return { service, routes: moveRoutes(service) };
}
