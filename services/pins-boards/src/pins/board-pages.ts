import type { Pin } from '@pinhive/contracts';
import { appError, authorize, JsonText, type ReadCache, type Viewer } from '@pinhive/kit';
import type { BoardRepository } from '../boards/board.repository';
import { boardPolicy, type BoardSubject } from '../boards/board.policy';
import type { SectionDoc } from '../sections/section.model';
import type { SectionRepository } from '../sections/section.repository';
import type { People } from '../shared/people';
import { PIN_BUCKET_SIZE } from './pin.model';
import { pinPolicy } from './pin.policy';
import { presentPin } from './pin.presenter';
import type { PinPageKey, PinRepository } from './pin.repository';

/** A board page's options (BoardFeedResource), after validation. */
export interface BoardPageOptions {
  board_id: string;
  section_id?: string;
  page_size: number;
  bookmarks?: PinPageKey;
}

/**
 * One page as every viewer shares it: what the policy reads of its board, the pins presented
 * for nobody in particular (`is_removable` is the viewer's, set per request from `pinners`),
 * and where the next page starts.
 */
export interface SharedPage {
  board: BoardSubject;
  /** The section asked for is not on this board (answered 404 after the board's own check). */
  sectionMissing: boolean;
  items: Pin[];
  pinners: string[];
  next: PinPageKey | undefined;
  /** The JSON size of `items`, measured once (the cache's memory bound). */
  bytes: number;
  /** `items` as JSON for a viewer who may remove none of them, and for one who may remove all (the board's owner), made once. */
  removableByNone?: JsonText;
  removableByAll?: JsonText;
}

/** How long a page may name a pinner by an old name: as long as People keeps names (shared/people.ts). */
export const BOARD_PAGE_TTL_MS = 30_000;

/**
 * BoardFeedResource: a board's (or one of its sections') pins, newest first, a page at a time.
 * A page is computed once and kept (kit ReadCache) until a write changes the board's pages
 * (a pin saved, deleted or placed in a section; the board or a section renamed, made secret,
 * deleted: the repositories say so); each request then costs a stamp read in Redis, the
 * board's policy and the viewer's `is_removable`, not four store reads.
 */
export class BoardPages {
  constructor(
    private readonly deps: {
      boards: BoardRepository;
      sections: SectionRepository;
      pins: PinRepository;
      people: People;
      cache: ReadCache<SharedPage>;
    },
  ) {}

  async page(viewer: Viewer | undefined, options: BoardPageOptions): Promise<{ items: JsonText; next: PinPageKey | undefined }> {
    const variant = `${options.section_id ?? ''}|${options.page_size}|${options.bookmarks ? `${options.bookmarks.bucket}.${options.bookmarks.before}` : ''}`;
    const shared = await this.deps.cache.read(options.board_id, variant, () => this.compute(options));
    authorize(viewer, 'read', shared.board, boardPolicy);
    if (shared.sectionMissing) throw appError('not_found', { message: 'Section not found.' });
    const board = shared.board;
    const removable = shared.pinners.map((pinnerId) => pinPolicy.rules.delete(viewer, { pinnerId, board }));
    return { items: this.asJson(shared, removable), next: shared.next };
  }

  /** The page's pins as JSON with the viewer's `is_removable`: most viewers get one of two kept answers. */
  private asJson(shared: SharedPage, removable: boolean[]): JsonText {
    if (removable.every((r) => !r)) return (shared.removableByNone ??= new JsonText(JSON.stringify(shared.items)));
    if (removable.every((r) => r)) return (shared.removableByAll ??= new JsonText(JSON.stringify(shared.items.map((pin) => ({ ...pin, is_removable: true })))));
    return new JsonText(JSON.stringify(shared.items.map((pin, i) => ({ ...pin, is_removable: removable[i] ?? false }))));
  }

  /** The page from the store; a missing board is a 404 (not kept). */
  private async compute(options: BoardPageOptions): Promise<SharedPage> {
    const board = await this.deps.boards.findById(options.board_id);
    if (!board) throw appError('not_found', { message: 'Board not found.' });
    const subject: BoardSubject = { ownerId: board.ownerId, privacy: board.privacy, collaboratorIds: board.collaboratorIds, deletedAt: board.deletedAt };
    // A section's pins are numbered on the section; a board's by its counter (BoardRepository.topPinNumber).
    const [section, boardTop] = await Promise.all([
      options.section_id ? this.deps.sections.findById(options.section_id) : null,
      options.section_id || options.bookmarks ? 0 : this.deps.boards.topPinNumber(board),
    ]);
    if (options.section_id && (!section || section.boardId !== board._id)) {
      return { board: subject, sectionMissing: true, items: [], pinners: [], next: undefined, bytes: 0 };
    }
    const top = section ? section.pinSeq : boardTop;
    const start = options.bookmarks ?? { bucket: Math.floor(top / PIN_BUCKET_SIZE), before: Number.MAX_SAFE_INTEGER };
    const { pins, next } = await this.deps.pins.page(section ? 'sectionBucket' : 'boardBucket', section ? section._id : board._id, start, options.page_size);
    const sections = new Map<string, Promise<SectionDoc | null>>();
    const sectionOf = (id: string | null): Promise<SectionDoc | null> => {
      if (!id) return Promise.resolve(null);
      let found = sections.get(id);
      if (!found) {
        found = this.deps.sections.findById(id);
        sections.set(id, found);
      }
      return found;
    };
    const shown = pins.slice(0, options.page_size);
    const items = await Promise.all(shown.map(async (p) => presentPin(p, board, await sectionOf(p.sectionId), this.deps.people, undefined)));
    return { board: subject, sectionMissing: false, items, pinners: shown.map((p) => p.pinnerId), next, bytes: JSON.stringify(items).length };
  }
}
