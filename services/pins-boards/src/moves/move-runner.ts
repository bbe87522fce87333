import type { EventEnvelope } from '@pinhive/contracts';
import { newEvent, type Logger, type OutboxTarget } from '@pinhive/kit';
import type { BoardListRepository } from '../boards/board-list.repository';
import type { BoardRepository, CoverChange } from '../boards/board.repository';
import { PIN_BUCKET_SIZE, type PinDoc } from '../pins/pin.model';
import type { PinRepository } from '../pins/pin.repository';
import { SECTION_PREVIEW_PINS } from '../sections/section.model';
import type { SectionRepository } from '../sections/section.repository';
import type { BoardLeaseRepository, Lease } from './board-lease.repository';
import { batchDeltas, newestArrival, planBucket, planListChunk } from './move-plan';
import type { MovedPinsRepository } from './moved-pins.repository';
import type { MoveRepository } from './move.repository';
import { LEASE_RENEW_MS, moveBatchStamp, moveLedgerKey, MOVES_COLLECTION, type BatchIntent, type MoveDoc, type MoveItem } from './move.model';

export interface MoveRunnerDeps {
  moves: MoveRepository;
  leases: BoardLeaseRepository;
  movedPins: MovedPinsRepository;
  /** Section previews are a page of the section's pins (PinRepository.page). */
  pages: Pick<PinRepository, 'page'>;
  boards: BoardRepository;
  sections: SectionRepository;
  lists: BoardListRepository;
  kick: (target: OutboxTarget) => void;
  logger: Logger;
  /** True once the service is closing: a move stops between batches and is resumed later. */
  stopping: () => boolean;
  renewEveryMs?: number;
}

const previewOf = (pin: PinDoc) => ({ id: pin._id, imageUrl: pin.image['236x'].url, width: pin.image['236x'].width, height: pin.image['236x'].height });
const coverOf = (pin: PinDoc): CoverChange => ({ pinId: pin._id, imageUrl: pin.image['236x'].url, color: pin.image.dominantColor });

/**
 * Runs a move to its end, a batch at a time, from wherever its document says it is: a new move,
 * or one whose process died (its recorded batch is written again first). Per batch:
 *
 * 1. the intent (pins, where each was, their new numbers) is recorded in the move;
 * 2. each pin is written, filtered on where it was and stamped with the batch;
 * 3. the pins carrying the stamp are what the batch moved: one counter change per board and
 *    section, under the batch's ledger key (applied once however often this runs), covers,
 *    previews and the owners' board lists;
 * 4. the progress and the batch's `pins.pin.moved.v1` events, in one write; the outbox is kicked.
 *
 * Any step may be cut short and run again. The boards stay held (leases renewed) until the end.
 */
export class MoveRunner {
  constructor(private readonly deps: MoveRunnerDeps) {}

  /** Runs the move holding `leases`; answers it finished, or null when it stopped (closing, leases lost) for a resumer to finish. */
  async run(moveId: string, leases: Lease[]): Promise<MoveDoc | null> {
    let lost = false;
    const renew = async () => {
      for (const lease of leases) if (!(await this.deps.leases.renew(lease))) lost = true;
    };
    const heartbeat = setInterval(() => {
      renew().catch((err: unknown) => this.deps.logger.warn({ err, moveId }, 'renewing a move\'s leases failed'));
    }, this.deps.renewEveryMs ?? LEASE_RENEW_MS);
    heartbeat.unref();
    try {
      for (;;) {
        if (lost || this.deps.stopping()) return null;
        const move = await this.deps.moves.findById(moveId);
        if (!move || !move.running) break;
        if (move.batch) {
          await this.writeBatch(move, move.batch);
          continue;
        }
        const intent = await this.plan(move);
        if (!intent) {
          await this.deps.moves.finish(moveId, new Date());
          continue;
        }
        // Another runner of this move (a resumer that found the leases expired) may be a step ahead: read again.
        if (await this.deps.moves.recordIntent(moveId, intent)) await this.writeBatch(move, intent);
      }
    } finally {
      clearInterval(heartbeat);
    }
    if (lost) return null;
    await this.deps.leases.releaseAll(leases);
    return this.deps.moves.findById(moveId);
  }

  /** The next batch: the next list chunk or source bucket with pins to move; null when none is left. */
  private async plan(move: MoveDoc): Promise<BatchIntent | null> {
    const source = move.source;
    if (source.kind === 'list') {
      for (let start = move.cursor; start < source.pinIds.length; start += PIN_BUCKET_SIZE) {
        const pins = await this.deps.movedPins.byIds(source.pinIds.slice(start, start + PIN_BUCKET_SIZE));
        const items = planListChunk(move, start, pins);
        if (items.length > 0) return { n: move.next, items, after: start + PIN_BUCKET_SIZE };
      }
      return null;
    }
    const field = source.sectionId ? 'sectionBucket' : 'boardBucket';
    const owner = source.sectionId ?? source.boardId;
    for (let bucket = move.cursor; bucket >= 0; bucket--) {
      const items = planBucket(move, await this.deps.movedPins.bucket(field, owner, bucket));
      if (items.length > 0) return { n: move.next, items, after: bucket - 1 };
    }
    return null;
  }

  private async writeBatch(move: MoveDoc, intent: BatchIntent): Promise<void> {
    const { to } = move;
    const stamp = moveBatchStamp(move._id, intent.n);
    const key = moveLedgerKey(move._id, intent.n);
    await this.deps.movedPins.writeBatch(intent.items, to, stamp);
    // What the batch moved, whether this run or an earlier one wrote the pins.
    const stamped = new Map((await this.deps.movedPins.stampedWith(stamp)).map((p) => [p._id, p]));
    const moved = intent.items.filter((i) => stamped.has(i.pinId));
    const { boards, sections } = batchDeltas(moved, to);
    const arrival = move.coverSet ? undefined : newestArrival(moved);
    const coverPin = arrival ? stamped.get(arrival.pinId) : undefined;

    for (const [boardId, delta] of boards) {
      const cover = boardId === to.boardId && coverPin ? coverOf(coverPin) : undefined;
      await this.countBoard(boardId, key, delta, cover, moved);
    }
    for (const [sectionId, delta] of sections) {
      await this.deps.sections.applyCount(sectionId, key, delta);
      await this.refreshPreviews(sectionId);
    }
    const events = this.eventsOf(move, intent.n, moved);
    if (await this.deps.moves.recordProgress(move._id, intent, moved.length, move.coverSet || coverPin !== undefined, events)) {
      if (events.length > 0) this.deps.kick({ collection: MOVES_COLLECTION, id: move._id });
    }
  }

  /**
   * A board's count change for the batch, once; then what follows from the board as it is now
   * (also when the change was applied by an earlier run): its cover goes if it left, and its
   * owner's list shows its count and cover.
   */
  private async countBoard(boardId: string, key: string, delta: number, cover: CoverChange | undefined, moved: readonly MoveItem[]): Promise<void> {
    const board = (await this.deps.boards.applyCount(boardId, key, delta, cover ? { cover } : {})) ?? (await this.deps.boards.findById(boardId));
    if (!board) return;
    let { coverImageUrl, coverColor } = board;
    const left = board.coverPinId !== null && moved.some((i) => i.pinId === board.coverPinId && i.boardId === boardId && i.seq !== null);
    if (left && board.coverPinId) {
      await this.deps.boards.clearCoverIf(boardId, board.coverPinId);
      coverImageUrl = null;
      coverColor = null;
    }
    await this.deps.lists.patch(board.ownerId, boardId, { pinCount: Math.max(0, board.pinCount), coverImageUrl, coverColor });
  }

  /** A section's previews from its newest pins (its first page): right whatever came and went. */
  private async refreshPreviews(sectionId: string): Promise<void> {
    const section = await this.deps.sections.findById(sectionId);
    if (!section) return;
    const start = { bucket: Math.floor(section.pinSeq / PIN_BUCKET_SIZE), before: Number.MAX_SAFE_INTEGER };
    const { pins } = await this.deps.pages.page('sectionBucket', sectionId, start, SECTION_PREVIEW_PINS);
    await this.deps.sections.setPreviews(sectionId, section.boardId, pins.slice(0, SECTION_PREVIEW_PINS).map(previewOf));
  }

  /** One `pins.pin.moved.v1` per source board of the batch's moved pins. */
  private eventsOf(move: MoveDoc, batch: number, moved: readonly MoveItem[]): EventEnvelope[] {
    const byBoard = new Map<string, string[]>();
    for (const item of moved) byBoard.set(item.boardId, [...(byBoard.get(item.boardId) ?? []), item.pinId]);
    return [...byBoard].map(([fromBoardId, pinIds]) =>
      newEvent('pins-boards', 'pins.pin.moved.v1', move._id, {
        moveId: move._id, batch, fromBoardId, toBoardId: move.to.boardId, toSectionId: move.to.sectionId, toPrivacy: move.toPrivacy, pinIds,
      }),
    );
  }
}
