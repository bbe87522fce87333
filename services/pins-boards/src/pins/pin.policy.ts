import { definePolicy } from '@pinhive/kit';
import { boardPolicy, type BoardSubject } from '../boards/board.policy';

/** What the pin policy reads: the pin's pinner and its board. */
export interface PinSubject {
  pinnerId: string;
  board: BoardSubject;
}

/**
 * A pin is seen by whoever sees its board (a secret board's pins are 404 to everyone else);
 * it is deleted by its pinner or the board's owner.
 */
export const pinPolicy = definePolicy<PinSubject, 'read' | 'delete'>({
  resource: 'pin',
  hideAs: 'not_found',
  notFoundMessage: 'Pin not found.',
  rules: {
    read: (viewer, pin) => boardPolicy.rules.read(viewer, pin.board),
    delete: (viewer, pin) => boardPolicy.rules.read(viewer, pin.board) && viewer !== undefined && (viewer.userId === pin.pinnerId || viewer.userId === pin.board.ownerId),
  },
});
