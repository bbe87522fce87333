import { afterEach, describe, expect, it } from '@jest/globals';
import { clearPendingSaves, noteSave, PENDING_SAVE_MS, withPendingSaves } from './pendingSaves';

const pin = (url: string) => ({ images: { '236x': { url, width: 236, height: 300 }, orig: { url, width: 600, height: 760 } }, dominant_color: '#aabbcc' });
const board = (pinCount: number, extra: Partial<{ image_cover_url: string | null; cover_color: string | null; has_custom_cover: boolean }> = {}) => ({
  id: 'b1', pin_count: pinCount, image_cover_url: null as string | null, cover_color: null as string | null, has_custom_cover: false, ...extra,
});

afterEach(() => clearPendingSaves());

describe("a board just saved to, before the server counted the save", () => {
  it('shows the save in its count, with the saved image as its cover', () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/new.jpg'), 1_000);
    expect(withPendingSaves(board(2, { image_cover_url: '/i/old.jpg' }), 1_100)).toMatchObject({ pin_count: 3, image_cover_url: '/i/new.jpg', cover_color: '#aabbcc' });
  });

  it('keeps a cover the owner chose', () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/new.jpg'), 1_000);
    expect(withPendingSaves(board(2, { image_cover_url: '/i/chosen.jpg', has_custom_cover: true }), 1_100)).toMatchObject({ pin_count: 3, image_cover_url: '/i/chosen.jpg' });
  });

  it('counts a second save on top of the first when the picker had not read the board again', () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/a.jpg'), 1_000);
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/b.jpg'), 1_200);
    expect(withPendingSaves(board(2), 1_300)).toMatchObject({ pin_count: 4, image_cover_url: '/i/b.jpg' });
  });

  it("gives way to the server's answer once it counted the saves, and forgets them", () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/a.jpg'), 1_000);
    const counted = board(3, { image_cover_url: '/i/a.jpg' });
    expect(withPendingSaves(counted, 1_500)).toBe(counted);
    expect(withPendingSaves(board(2), 1_600)).toMatchObject({ pin_count: 2 });
  });

  it('shows the board as the server has it after PENDING_SAVE_MS (a save it never counted)', () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/a.jpg'), 1_000);
    expect(withPendingSaves(board(2), 1_000 + PENDING_SAVE_MS)).toMatchObject({ pin_count: 2, image_cover_url: null });
  });

  it('leaves other boards alone', () => {
    noteSave({ id: 'b1', pin_count: 2 }, pin('/i/a.jpg'), 1_000);
    const other = { ...board(5), id: 'b2' };
    expect(withPendingSaves(other, 1_100)).toBe(other);
  });
});
