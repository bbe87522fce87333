import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import { EMPTY_PAGE_RETRY_LIMIT, fillEmptyPages, nextBookmark, pageOptions, resourceGetPath, resourcePageFilled, type Page } from './resource';

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

/** A paged list as a server answers it: `pages[i]` is read at bookmark `b<i>` (the first at null). */
function pagedServer(pages: number[][]) {
  const asked: (string | null)[] = [];
  const fetchPage = async (bookmark: string | null): Promise<Page<number>> => {
    asked.push(bookmark);
    const index = bookmark === null ? 0 : Number(bookmark.slice(1));
    return { items: pages[index] ?? [], next: index + 1 < pages.length ? `b${index + 1}` : null };
  };
  return { asked, fetchPage };
}

describe('filling empty pages (the resource fetch helper)', () => {
  it('reads one page when it has items, or when it is the last', async () => {
    const full = pagedServer([[1, 2], [3]]);
    expect(await fillEmptyPages(full.fetchPage, null)).toEqual({ items: [1, 2], next: 'b1' });
    expect(full.asked).toEqual([null]);
    const last = pagedServer([[]]);
    expect(await fillEmptyPages(last.fetchPage, null)).toEqual({ items: [], next: null });
    expect(last.asked).toEqual([null]);
  });

  it('reads on through empty pages that have a bookmark, from the bookmark it was given', async () => {
    const server = pagedServer([[1], [], [], [4, 5], [6]]);
    expect(await fillEmptyPages(server.fetchPage, 'b1')).toEqual({ items: [4, 5], next: 'b4' });
    expect(server.asked).toEqual(['b1', 'b2', 'b3']);
  });

  it('stops at the end of the list', async () => {
    const server = pagedServer([[], [], []]);
    expect(await fillEmptyPages(server.fetchPage, null)).toEqual({ items: [], next: null });
    expect(server.asked).toEqual([null, 'b1', 'b2']);
  });

  it(`retries at most ${EMPTY_PAGE_RETRY_LIMIT} times, then answers the empty page with its bookmark to go on from`, async () => {
    expect(EMPTY_PAGE_RETRY_LIMIT).toBe(3);
    const server = pagedServer([[], [], [], [], [], [9]]);
    expect(await fillEmptyPages(server.fetchPage, null)).toEqual({ items: [], next: 'b4' });
    expect(server.asked).toEqual([null, 'b1', 'b2', 'b3']);
    expect(await fillEmptyPages(server.fetchPage, 'b4')).toEqual({ items: [9], next: null });
    const once = pagedServer([[], [], [7]]);
    expect(await fillEmptyPages(once.fetchPage, null, 1)).toEqual({ items: [], next: 'b2' });
  });

  it('lets a failure through (no retry of errors)', async () => {
    let calls = 0;
    const failing = async (): Promise<Page<number>> => {
      calls += 1;
      if (calls === 2) throw new Error('down');
      return { items: [], next: 'b1' };
    };
    await expect(fillEmptyPages(failing, null)).rejects.toThrow('down');
    expect(calls).toBe(2);
  });
});

describe('resourcePageFilled', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends the bookmark of each empty page in the next read, until a page has items', async () => {
    const answers = [
      { data: [], bookmarks: ['b1'] },
      { data: [{ id: '1' }], bookmarks: ['-end-'] },
    ];
    const paths: string[] = [];
    const fetchMock = jest.fn(async (input: string | URL | Request) => {
      paths.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const answer = answers[paths.length - 1];
      return new Response(JSON.stringify({ resource_response: { status: 'success', ...answer } }), { status: 200 });
    });
    globalThis.fetch = fetchMock;

    const page = await resourcePageFilled('BaseSearchResource', { query: 'lamp', scope: 'pins' }, 25, null, z.array(z.object({ id: z.string() })));
    expect(page).toEqual({ items: [{ id: '1' }], next: null });
    const sent = paths.map((path) => JSON.parse(decodeURIComponent(path.split('data=')[1]!)).options);
    expect(sent).toEqual([
      { query: 'lamp', scope: 'pins', page_size: 25 },
      { query: 'lamp', scope: 'pins', page_size: 25, bookmarks: ['b1'] },
    ]);
  });
});
