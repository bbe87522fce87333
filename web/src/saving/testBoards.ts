import type { Board } from '@pinhive/contracts';

/** A board for the pure tests (not shipped: only the tests import it). */
export function aBoard(id: string, name: string, extra: Partial<Board> = {}): Board {
  return {
    id,
    type: 'board',
    name,
    description: '',
    url: `/ana/${name.toLowerCase().replace(/\s+/g, '-')}/`,
    layout: 'default',
    privacy: 'public',
    owner: { id: '1', username: 'ana' },
    collaborating_users: [],
    is_collaborative: false,
    collaborated_by_me: false,
    has_custom_cover: false,
    cover_pin: null,
    image_cover_url: null,
    cover_color: null,
    pin_count: 0,
    section_count: 0,
    followed_by_me: false,
    archived_by_me_at: null,
    board_order_modified_at: '2024-01-01T00:00:00.000Z',
    created_at: '2024-01-01T00:00:00.000Z',
    access: ['read', 'write', 'delete'],
    is_temporarily_disabled: false,
    ...extra,
  };
}
