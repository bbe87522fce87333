import { can, type Viewer } from '@pinhive/kit';
import type { BoardDoc } from '../boards/board.model';
import { boardPolicy } from '../boards/board.policy';
import type { RelatedPin } from './related-pins.repository';

/**
 * Whether a board may be suggested to the viewer. The board policy decides what the viewer may
 * see (a secret board of someone else, or a deleted one, never shows) and what is theirs (a board
 * they may save into, their own or one they collaborate on, is no suggestion); beyond that only
 * boards everyone may see are suggested: public and not archived (an archived board has left its
 * owner's profile grid, and a protected one is an advertiser's working board).
 */
export function suggestable(viewer: Viewer, board: BoardDoc): boolean {
  return can(viewer, 'read', board, boardPolicy) && !can(viewer, 'write', board, boardPolicy) && board.privacy === 'public' && !board.archivedAt;
}

/** The boards other live pins of the image were saved onto, each once, the pin's own board left out. */
export function candidateBoardIds(pins: readonly RelatedPin[], pinBoardId: string): string[] {
  return [...new Set(pins.filter((p) => !p.deletedAt && p.boardId !== pinBoardId).map((p) => p.boardId))];
}

/** A copy in random order (Fisher-Yates): the first suggestable board of it is a fair pick. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
