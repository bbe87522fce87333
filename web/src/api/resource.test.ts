import { describe, expect, it } from '@jest/globals';
import { nextBookmark, pageOptions, resourceGetPath } from './resource';

describe('resource calls', () => {
  it('puts the options in the data parameter', () => {
    const path = resourceGetPath('BoardResource', { board_id: '1' });
    expect(path.startsWith('/resource/BoardResource/get/?data=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(path.split('data=')[1]!))).toEqual({ options: { board_id: '1' } });
  });
  it('pages with bookmarks until -end-', () => {
    expect(pageOptions({ username: 'a' }, 25, null)).toEqual({ username: 'a', page_size: 25 });
    expect(pageOptions({ username: 'a' }, 25, 'b1')).toEqual({ username: 'a', page_size: 25, bookmarks: ['b1'] });
    expect(nextBookmark(['b2'])).toBe('b2');
    expect(nextBookmark(['-end-'])).toBeNull();
    expect(nextBookmark(undefined)).toBeNull();
  });
});
