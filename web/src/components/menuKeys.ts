/**
 * Keyboard moves in a menu (WAI-ARIA menu button pattern): the index of the item that gets the
 * focus for `key`, with `current` the focused item (-1: none) among `count` items; null when the
 * key is not a move. Up and Down wrap around.
 */
export function menuFocusTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Type-ahead: the next item after `current` whose label starts with the typed character
 * (case-insensitive), wrapping around; null when none does.
 */
export function menuTypeaheadTarget(char: string, current: number, labels: readonly string[]): number | null {
  if (char.length !== 1 || char.trim() === '') return null;
  const wanted = char.toLocaleLowerCase();
  for (let step = 1; step <= labels.length; step++) {
    const index = (current + step + labels.length) % labels.length;
    if (labels[index]?.trim().toLocaleLowerCase().startsWith(wanted)) return index;
  }
  return null;
}
