import type { Board, PickerBoard, SavedPin } from '@pinhive/contracts';

/**
 * Saves this page made that the server may not have counted yet (section 4's optimistic rules).
 * A board's count and cover are written behind a save, by its event (about a second later), so a
 * board read right after a save still has the count from before it. Until the server's count
 * reaches what the saves made it, or PENDING_SAVE_MS passed (a save the server then refused to
 * count is not shown for ever), boards are shown with the saves in.
 */
export const PENDING_SAVE_MS = 30_000;

interface PendingSave {
  /** The count the board has once the server counted this page's saves. */
  pinCount: number;
  /** The newest save's image: the board's cover, unless the owner chose one. */
  cover: { url: string; color: string };
  until: number;
}

const pending = new Map<string, PendingSave>();

type BoardFigures = Pick<Board, 'id' | 'pin_count' | 'image_cover_url' | 'cover_color'> & { has_custom_cover?: boolean };

/** Notes a save's answer: the board as the picker knew it (its count before the save) and the saved pin. */
export function noteSave(board: Pick<PickerBoard, 'id' | 'pin_count'>, pin: Pick<SavedPin, 'images' | 'dominant_color'>, now = Date.now()): void {
  const before = pending.get(board.id);
  // Two saves before the picker read the board again: the second counts on top of the first.
  const counted = Math.max(board.pin_count, before && before.until > now ? before.pinCount : 0);
  pending.set(board.id, { pinCount: counted + 1, cover: { url: pin.images['236x'].url, color: pin.dominant_color }, until: now + PENDING_SAVE_MS });
}

/** The board with this page's saves in, while the server has not counted them; else the board as it is. */
export function withPendingSaves<T extends BoardFigures>(board: T, now = Date.now()): T {
  const save = pending.get(board.id);
  if (!save) return board;
  if (save.until <= now || board.pin_count >= save.pinCount) {
    pending.delete(board.id);
    return board;
  }
  const cover = board.has_custom_cover ? {} : { image_cover_url: save.cover.url, cover_color: save.cover.color };
  return { ...board, pin_count: save.pinCount, ...cover };
}

/** For tests: forget every noted save. */
export function clearPendingSaves(): void {
  pending.clear();
}
