import { defineHandler, newEvent, type Logger, type OutboxTarget } from '@pinhive/kit';
import type { ListCounts } from '../boards/list-counts';
import type { BoardRepository } from '../boards/board.repository';
import type { ImageService } from '../images/image.service';
import type { SectionRepository } from '../sections/section.repository';
import { PIN_BUCKET_SIZE, PINS_COLLECTION } from './pin.model';
import type { PinRepository } from './pin.repository';
import { PerKey } from '../shared/per-key';

export interface PinHandlerDeps {
  pins: PinRepository;
  boards: BoardRepository;
  /** The owners' lists get the counts written behind (boards/list-counts.ts). */
  listCounts: Pick<ListCounts, 'schedule'>;
  sections: SectionRepository;
  images: Pick<ImageService, 'remove'>;
  kick: (target: OutboxTarget) => void;
  logger: Logger;
  /** Whether the dispatcher recorded an event handled by a handler (ProcessedEvents.has). */
  handled: (eventId: string, handler: string) => Promise<boolean>;
}

/** The handler that writes each kind of ledger key: a key is settled once *its* event is recorded handled by it. */
const LEDGER_WRITERS: Record<string, string> = { saved: 'count-saved-pin', deleted: 'count-deleted-pin' };

/**
 * Ledger keys carry their event's id (`saved:<pinId>@<eventId>`): settled once that event is
 * recorded handled by the handler that wrote the key. A ledger holds both kinds, so the trimming
 * handler asks about each key's own writer, never about itself (a save's trim would otherwise
 * keep every `deleted:` key for good). Keys of other writers (moves) say themselves how they settle.
 */
export const settledKeys = (deps: Pick<PinHandlerDeps, 'handled'>) => async (key: string) => {
  const at = key.lastIndexOf('@');
  const writer = LEDGER_WRITERS[key.slice(0, key.indexOf(':'))];
  if (at < 0 || writer === undefined) return true;
  return deps.handled(key.slice(at + 1), writer);
};

/**
 * Counters, covers and recency follow from the pins' own events. Each change is applied once
 * per pin and direction (`saved:<id>`, `deleted:<id>` recorded on the board or section in the
 * same write as the change), so redelivery after a crash, Kafka's at-least-once delivery or a
 * replay counts nothing twice; the kit's dispatcher also skips events it already handled.
 */
export function pinHandlers(deps: PinHandlerDeps) {
  const settled = settledKeys(deps);
  // Counts of one board one at a time in this process: a deletion's cover clearing follows its own count, never another's.
  const perBoard = new PerKey();
  return [
    defineHandler({
      name: 'count-saved-pin',
      type: 'pins.pin.saved.v1',
      handle: ({ id, data, occurredAt }) => perBoard.run(data.boardId, async () => {
        const savedAt = new Date(occurredAt);
        const key = `saved:${data.pinId}@${id}`;
        const board = await deps.boards.applyCount(data.boardId, key, 1, { savedAt, cover: { pinId: data.pinId, imageUrl: data.coverImageUrl, color: data.dominantColor }, settled, listPending: true });
        if (board) deps.listCounts.schedule(board.ownerId, board._id);
        if (data.sectionId) {
          const pin = await deps.pins.findById(data.pinId);
          const preview = pin ? { id: pin._id, imageUrl: pin.image['236x'].url, width: pin.image['236x'].width, height: pin.image['236x'].height } : undefined;
          await deps.sections.applyCount(data.sectionId, key, 1, preview, settled);
        }
      }),
    }),
    defineHandler({
      name: 'count-deleted-pin',
      type: 'pins.pin.deleted.v1',
      handle: ({ id, data }) => perBoard.run(data.boardId, async () => {
        const key = `deleted:${data.pinId}@${id}`;
        const board = await deps.boards.applyCount(data.boardId, key, -1, { settled, listPending: true });
        if (board) {
          await deps.boards.clearCoverIf(board._id, data.pinId);
          deps.listCounts.schedule(board.ownerId, board._id);
        }
        if (data.sectionId) await deps.sections.applyCount(data.sectionId, key, -1, undefined, settled);
      }),
    }),
    defineHandler({
      name: 'delete-board-pins',
      type: 'pins.board.deleted.v1',
      handle: async ({ data }) => {
        // Bucket by bucket, newest first: each pin is deleted with its own event (counts, image),
        // and one already deleted is passed over, so a handler stopped half way resumes.
        const board = await deps.boards.findById(data.boardId);
        if (!board) return;
        for (let bucket = Math.floor(board.pinSeq / PIN_BUCKET_SIZE); bucket >= 0; bucket--) {
          for (const pin of await deps.pins.inBoardBucket(board._id, bucket)) {
            const at = new Date();
            const event = newEvent('pins-boards', 'pins.pin.deleted.v1', pin._id, { pinId: pin._id, boardId: pin.boardId, sectionId: pin.sectionId, pinnerId: pin.pinnerId, imageId: pin.image.id }, at);
            if (await deps.pins.markDeleted(pin, at, [event])) deps.kick({ collection: PINS_COLLECTION, id: pin._id });
          }
        }
        for (const section of await deps.sections.ofBoard(board._id)) await deps.sections.remove(section._id, board._id);
      },
    }),
    defineHandler({
      name: 'release-image',
      type: 'pins.pin.deleted.v1',
      handle: async ({ data }) => {
        // The image is shared by every pin made from the same bytes: removed with the last one.
        if (await deps.pins.imageInUse(data.imageId)) return;
        await deps.images.remove(data.imageId);
        deps.logger.info({ imageId: data.imageId }, 'image removed: no pin uses it');
      },
    }),
  ];
}
