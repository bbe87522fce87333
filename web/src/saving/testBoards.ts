import type { PickerBoard } from '@pinhive/contracts';

/** A board for the pure tests (not shipped: only the tests import it). */
export function aBoard(id: string, name: string, extra: Partial<PickerBoard> = {}): PickerBoard {
  return {
    id,
    type: 'board',
    name,
    url: `/ana/${name.toLowerCase().replace(/\s+/g, '-')}/`,
    privacy: 'public',
    is_collaborative: false,
    image_cover_url: null,
    cover_color: null,
    pin_count: 0,
    section_count: 0,
    board_order_modified_at: '2024-01-01T00:00:00.000Z',
    access: ['read', 'write', 'delete'],
    ...extra,
  };
}
