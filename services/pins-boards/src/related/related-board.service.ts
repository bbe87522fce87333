import type { Board } from '@pinhive/contracts';
import { authorize, type Viewer } from '@pinhive/kit';
import type { BoardDoc } from '../boards/board.model';
import { presentBoard } from '../boards/board.presenter';
import type { BoardRepository } from '../boards/board.repository';
import type { PinRepository } from '../pins/pin.repository';
import { pinPolicy } from '../pins/pin.policy';
import type { People } from '../shared/people';
import { candidateBoardIds, shuffled, suggestable } from './related-board.rules';
import type { RelatedPinRepository } from './related-pins.repository';

/** Boards read at once while looking for a suggestable one (in the random order). */
const BOARDS_READ_TOGETHER = 5;

export interface RelatedBoardServiceDeps {
  pins: Pick<PinRepository, 'findById'>;
  boards: Pick<BoardRepository, 'findById'>;
  related: Pick<RelatedPinRepository, 'ofImage'>;
  people: Pick<People, 'get'>;
  random?: () => number;
}

/**
 * The success dialog's suggested board (RelatedBoardForPinRandomFeedResource): another public
 * board someone else saved the same image onto, chosen at random; none is a normal answer.
 */
export class RelatedBoardService {
  constructor(private readonly deps: RelatedBoardServiceDeps) {}

  async forPin(viewer: Viewer, pinId: string): Promise<Board[]> {
    const pin = await this.deps.pins.findById(pinId);
    const board = pin ? await this.deps.boards.findById(pin.boardId) : null;
    // The same 404 as GET /v3/pins/{id}/: a missing pin and one of a secret board answer alike.
    authorize(viewer, 'read', pin && board ? { pinnerId: pin.pinnerId, board } : null, pinPolicy);
    if (!pin?.imageId) return [];
    const ids = shuffled(candidateBoardIds(await this.deps.related.ofImage(pin.imageId), pin.boardId), this.deps.random);
    for (let from = 0; from < ids.length; from += BOARDS_READ_TOGETHER) {
      const boards = await Promise.all(ids.slice(from, from + BOARDS_READ_TOGETHER).map((id) => this.deps.boards.findById(id)));
      for (const candidate of boards) {
        const shown = candidate && suggestable(viewer, candidate) ? await this.present(candidate, viewer) : null;
        if (shown) return [shown];
      }
    }
    return [];
  }

  /** The board as its page shows it; null when its owner has no profile to link to (deactivated, or not arrived yet). */
  private async present(board: BoardDoc, viewer: Viewer): Promise<Board | null> {
    const owner = await this.deps.people.get(board.ownerId);
    return owner.username ? presentBoard(board, { id: owner.id, username: owner.username, full_name: owner.full_name }, viewer) : null;
  }
}
