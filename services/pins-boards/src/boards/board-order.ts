import { compareBoardNames } from '@pinhive/contracts';
import type { BoardListEntry } from './board-list.repository';

/** The picker's All boards: by name, names beginning with a digit after the others (spec section 5). */
export function byPickerOrder(entries: readonly BoardListEntry[]): BoardListEntry[] {
  return [...entries].sort((a, b) => compareBoardNames(a.name, b.name) || a.id.localeCompare(b.id));
}

/** Most recently saved to first (Top choices, the profile grid); a board never saved to counts from its creation. */
export function byLastSaved(entries: readonly BoardListEntry[]): BoardListEntry[] {
  return [...entries].sort((a, b) => b.lastSavedAt.getTime() - a.lastSavedAt.getTime() || b.id.localeCompare(a.id));
}

/** The picker's Top choices: the `size` boards saved to (or created) most recently. */
export function shortlist(entries: readonly BoardListEntry[], size: number): BoardListEntry[] {
  return byLastSaved(entries).slice(0, size);
}
