import type { EventEnvelope, PinSavedV1 } from '@pinhive/contracts';
import { defineHandler, type Logger, mapLimit, newEvent, type OutboxTarget } from '@pinhive/kit';
import type { ListCounts } from '../boards/list-counts';
import type { BoardRepository, ListMark } from '../boards/board.repository';
import { ledgerKeyEvent, legacySavedLedgerKey, savedLedgerKey } from '../boards/board.model';
import type { ImageService } from '../images/image.service';
import type { SectionRepository } from '../sections/section.repository';
import { PIN_BUCKET_SIZE, PINS_COLLECTION } from './pin.model';
import type { PinRepository } from './pin.repository';
import { PerKey } from '../shared/per-key';

type SavedEvent = EventEnvelope<PinSavedV1>;
/** Boards a batch of saves counts at once (each one guarded write; the store's pool is small). */
const BOARDS_AT_ONCE = 16;

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
  /** A board's owner, from its facts in the read cache (BoardService.factsOf): the count's list mark names them. */
  ownerOf: (boardId: string) => Promise<string | undefined>;
}

/** The handler that writes each kind of ledger key: a key is settled once *its* event is recorded handled by it. */
const LEDGER_WRITERS: Record<string, string> = { saved: 'count-saved-pin', deleted: 'count-deleted-pin' };

/**
 * Ledger keys carry their event's id (`saved:<pinId>@<eventId>~<ms>`): settled once that event is
 * recorded handled by the handler that wrote the key. A ledger holds both kinds, so the trimming
 * handler asks about each key's own writer, never about itself (a save's trim would otherwise
 * keep every `deleted:` key for good). Keys of other writers (moves) say themselves how they settle.
 */
export const settledKeys = (deps: Pick<PinHandlerDeps, 'handled'>) => async (key: string) => {
  const eventId = ledgerKeyEvent(key);
  const writer = LEDGER_WRITERS[key.slice(0, key.indexOf(':'))];
  if (eventId === undefined || writer === undefined) return true;
  return deps.handled(eventId, writer);
};

const COUNT_SAVED = 'count-saved-pin';

/**
 * Counters, covers and recency follow from the pins' own events. Each change is applied once
 * per pin and direction (`saved:<id>`, `deleted:<id>` recorded on the board or section in the
 * same write as the change), so redelivery after a crash, Kafka's at-least-once delivery or a
 * replay counts nothing twice.
 *
 * A deletion's event is skipped by the kit's dispatcher once recorded handled. A save's is not
 * read for (`guardsItself`; the dispatcher still records it): its count is one write guarded by
 * its key and by the board's `savedKeysTo` (board.model.ts), which together say the save was
 * never counted there. Only when that write matches nothing (the save counted already, or older
 * than what left the ledger) is `processed_events` asked, and then the save is counted guarded
 * by its key alone: a key leaves the ledger only once its event is recorded, so an unrecorded
 * save whose key is not there was never counted.
 */
export function pinHandlers(deps: PinHandlerDeps) {
  const settled = settledKeys(deps);
  // Counts of one board one at a time in this process: a deletion's cover clearing follows its own count, never another's.
  const perBoard = new PerKey();
  const savedKey = (e: SavedEvent) => savedLedgerKey(e.data.pinId, e.id, e.occurredAt);
  /** The key a save had before keys carried their time: a save counted then and delivered again must find it. */
  const oldKey = (e: SavedEvent) => legacySavedLedgerKey(e.data.pinId, e.id);
  const cover = ({ data }: SavedEvent) => ({ pinId: data.pinId, imageUrl: data.coverImageUrl, color: data.dominantColor });
  /** The list mark of a count on this board: it names the board's owner (one cached read per board of a batch). */
  const markOf = async (boardId: string): Promise<ListMark> => ({ ownerId: await deps.ownerOf(boardId) });
  /**
   * One save the board's guard could not tell apart: skipped when recorded handled, else counted
   * on its board guarded by its ledger key alone (see above); then its section.
   */
  const countSave = async (e: SavedEvent, listPending: ListMark): Promise<void> => {
    if (await deps.handled(e.id, COUNT_SAVED)) return;
    const board = await deps.boards.applyCount(e.data.boardId, savedKey(e), 1, { savedAt: new Date(e.occurredAt), cover: cover(e), settled, listPending, alsoKeys: [oldKey(e)] });
    if (board) deps.listCounts.schedule(board.ownerId);
    await countInSection(e);
  };
  const countInSection = async (e: SavedEvent): Promise<void> => {
    if (!e.data.sectionId) return;
    const pin = await deps.pins.findById(e.data.pinId);
    const preview = pin ? { id: pin._id, imageUrl: pin.image['236x'].url, width: pin.image['236x'].width, height: pin.image['236x'].height } : undefined;
    await deps.sections.applyCount(e.data.sectionId, savedKey(e), 1, preview, settled, [oldKey(e)]);
  };
  /**
   * Saves onto one board, in their order: all of them in one write guarded by all their keys and
   * the board's `savedKeysTo` (the last save's time and cover, as one at a time would leave
   * them), or, when that matches nothing (one of them counted already: a batch redelivered in
   * part; or older than `savedKeysTo`), each on its own (`countSave`).
   */
  const countSaves = async (saves: readonly SavedEvent[]): Promise<void> => {
    const last = saves[saves.length - 1];
    if (!last) return;
    const listPending = await markOf(last.data.boardId);
    const savedAfter = Math.min(...saves.map((e) => Date.parse(e.occurredAt)));
    const board = await deps.boards.applyCounts(last.data.boardId, saves.map(savedKey), 1, {
      savedAt: new Date(last.occurredAt), cover: cover(last), settled, listPending, savedAfter, alsoKeys: saves.map(oldKey),
    });
    if (board === undefined) {
      for (const e of saves) await countSave(e, listPending);
      return;
    }
    deps.listCounts.schedule(board.ownerId);
    for (const e of saves) await countInSection(e);
  };
  return [
    defineHandler({
      name: COUNT_SAVED,
      type: 'pins.pin.saved.v1',
      guardsItself: true,
      handle: (event) => perBoard.run(event.data.boardId, () => countSaves([event])),
      // A fetch's saves, a board at a time (boards side by side): one guarded write per board for all its saves.
      handleBatch: async (events) => {
        const byBoard = new Map<string, SavedEvent[]>();
        const seen = new Set<string>();
        // One event twice in a batch (the outbox published it twice in a row) is counted once: the guard is the keys already in the ledger.
        for (const e of events) if (!seen.has(e.id) && seen.add(e.id)) byBoard.set(e.data.boardId, [...(byBoard.get(e.data.boardId) ?? []), e]);
        await mapLimit([...byBoard], BOARDS_AT_ONCE, ([boardId, saves]) => perBoard.run(boardId, () => countSaves(saves)));
      },
    }),
    defineHandler({
      name: 'count-deleted-pin',
      type: 'pins.pin.deleted.v1',
      handle: ({ id, data }) => perBoard.run(data.boardId, async () => {
        const key = `deleted:${data.pinId}@${id}`;
        const board = await deps.boards.applyCount(data.boardId, key, -1, { settled, listPending: await markOf(data.boardId) });
        if (board) {
          await deps.boards.clearCoverIf(board._id, data.pinId);
          deps.listCounts.schedule(board.ownerId);
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
        for (let bucket = Math.floor((await deps.boards.topPinNumber(board)) / PIN_BUCKET_SIZE); bucket >= 0; bucket--) {
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
