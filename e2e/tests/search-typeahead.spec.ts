import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, createPin } from './support/boards';
import { startPageServer, type PageServer } from './support/page-server';
import { searchIds, uniqueWord } from './support/search';

/**
 * The search field's flyout (saving-boards-ads.md sections 2, 5, 7, 8 and 9) in Chromium: query,
 * board and people suggestions from the search-typeahead resource as one types, the typed part
 * highlighted (accents and case folded), chosen with the keyboard or the pointer; hashtag
 * suggestions with their pin counts for a term starting with `#`; a failed request hides the
 * flyout and a cancelled one is never shown; the phone's field over the bar.
 */
let site: PageServer;
test.beforeAll(async () => {
  site = await startPageServer();
});
test.afterAll(async () => {
  await site?.close();
});

/** The hashtags the autocomplete answers for `q`, as `#tag:count`. */
async function hashtagCounts(request: APIRequestContext, q: string): Promise<string[]> {
  const answer = await request.get(`/v3/search/autocomplete/?${new URLSearchParams({ q, show_pin_count: 'true' }).toString()}`);
  const data = (await answer.json()).resource_response?.data as { query: string; pin_count?: number }[] | undefined;
  return (data ?? []).map((h) => `${h.query}:${h.pin_count}`);
}

const searchField = (page: Page) => page.getByRole('search').getByRole('combobox', { name: 'Search' });
const flyout = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
const typeaheadCalls = '**/resource/SearchTypeaheadResource/get/**';

/** The `term` of a typeahead request. */
const termOf = (url: string): string => (JSON.parse(new URL(url).searchParams.get('data') ?? '{}') as { options?: { term?: string } }).options?.term ?? '';

/** Answers a typeahead request with `items` in the success envelope. */
const answer = (route: Route, items: unknown[]) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ resource_response: { status: 'success', data: items } }) });

test('a member types part of a title, sees it highlighted, and chooses suggestions with the keyboard: a query, a board, a hashtag, a person', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createAccount(page.request);
  const word = uniqueWord('quill');
  const tag = uniqueWord('ember');
  const board = await createBoard(page.request, `Desk ${word}`);
  const title = `Crème ${word} notebook`;
  const pin = await createPin(page.request, board.id, site.imageUrls[0]!, { title, description: `Paper for letters. #${tag}` });
  await createPin(page.request, board.id, site.imageUrls[1]!, { title: `Ink ${word}`, description: `Blue-black. #${tag}` });
  // A save reaches the search index through its event: wait until the search and the hashtags find both.
  await expect.poll(() => searchIds(page.request, { query: word, scope: 'pins' }), { timeout: 30_000 }).toContain(pin.id);
  await expect.poll(() => hashtagCounts(page.request, `#${tag}`), { timeout: 30_000 }).toEqual([`#${tag}:2`]);

  await page.goto('/');
  const field = searchField(page);
  const list = flyout(page);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();

  // Typed without its accent and in part: the query suggested is the title (lowercased by the
  // index), with the typed part highlighted as written.
  const typed = `creme ${word.slice(0, 7)}`;
  await field.pressSequentially(typed, { delay: 20 });
  const query = `crème ${word} notebook`;
  const suggestion = list.getByRole('option', { name: query });
  await expect(suggestion).toBeVisible();
  await expect(suggestion.locator('mark')).toHaveText(`crème ${word.slice(0, 7)}`);
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  await expectAccessible(page, 'typeahead flyout at 1280');

  // Down makes it the active option (the focus stays in the field); Enter searches it.
  await field.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id'))!);
  await expect(field).toBeFocused();
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/resource/BaseSearchResource/get/')), field.press('Enter')]);
  expect(JSON.parse(new URL(request.url()).searchParams.get('data') ?? '{}').options).toMatchObject({ query, scope: 'pins', rs: 'typeahead' });
  await expect(page).toHaveURL(`/search/pins/?${new URLSearchParams({ q: query, rs: 'typeahead' }).toString()}`);
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/pin/${pin.id}/`);
  await expect(field).toHaveValue(query);
  await expect(field).toHaveAttribute('aria-expanded', 'false');

  // The board, in its group, highlighted; Escape closes the flyout first, then clears the field.
  await field.fill(word);
  const boards = list.getByRole('group', { name: 'Boards' });
  const boardOption = boards.getByRole('option', { name: `Desk ${word}` });
  await expect(boardOption).toBeVisible();
  await expect(boardOption.locator('mark')).toHaveText(word);
  await field.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue(word);
  // Down opens it again; Up from nothing active goes to the last option, Down wraps to the first.
  await field.press('ArrowDown');
  await expect(boardOption).toBeVisible();
  const options = list.getByRole('option');
  const count = await options.count();
  await field.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  while ((await boardOption.getAttribute('aria-selected')) !== 'true') await field.press('ArrowDown');
  await field.press('Enter');
  await expect(page).toHaveURL(board.url);
  await expect(page.getByRole('heading', { level: 1, name: `Desk ${word}` })).toBeVisible();
  await expect(field).toHaveValue('');

  // A term starting with # asks for hashtags: each with its pin count.
  await field.fill(`#${tag.slice(0, 7)}`);
  const hashtag = list.getByRole('option', { name: new RegExp(`^#${tag}\\s*2 Pins$`) });
  await expect(hashtag).toBeVisible();
  await expect(hashtag.locator('mark')).toHaveText(`#${tag.slice(0, 7)}`);
  await expectAccessible(page, 'hashtag flyout at 1280');
  await field.press('ArrowDown');
  await expect(hashtag).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page).toHaveURL(`/search/pins/?q=%23${tag}&rs=hashtag`);
  await expect(field).toHaveValue(`#${tag}`);
  await expect(page.getByRole('status').filter({ hasText: /^2 results$/ })).toBeVisible();

  // A person, chosen with the pointer.
  await field.fill(member.username);
  const person = list.getByRole('group', { name: 'People' }).getByRole('option', { name: new RegExp(`^${member.firstName}\\s*@${member.username}$`) });
  await person.click();
  await expect(page).toHaveURL(`/${member.username}/`);
  await expect(list).toBeHidden();
});

test('a failed request hides the flyout, and a request a newer keystroke cancelled is never shown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const field = searchField(page);
  const list = flyout(page);

  // The typeahead fails: no flyout, no error; typing on asks again.
  await page.route(typeaheadCalls, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ resource_response: { status: 'failure', error: { code: 'service_unavailable', message: 'Sorry! Something went wrong on our end.', message_detail: null, http_status: 503 } } }) }),
  );
  const failed = page.waitForResponse((r) => r.url().includes('/resource/SearchTypeaheadResource/get/') && r.status() === 503);
  await field.fill('velvet');
  await failed;
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.unroute(typeaheadCalls);

  // "velv" is answered late (after "velvet" was typed): only "velvet"'s answer shows, and stays.
  let slowAnswered = false;
  await page.route(typeaheadCalls, async (route) => {
    if (termOf(route.request().url()) === 'velv') {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The page aborted it: fulfilling it may fail, which is the point.
      await answer(route, [{ type: 'query', query: 'velv stale answer' }]).catch(() => undefined);
      slowAnswered = true;
      return;
    }
    await answer(route, [
      { type: 'query', query: 'velvet armchair' },
      { type: 'board', id: 'b1', name: 'Velvet rooms', url: '/someone/velvet-rooms/', image_cover_url: null },
    ]);
  });
  await field.fill('');
  const slow = page.waitForRequest((r) => r.url().includes('/resource/SearchTypeaheadResource/get/') && termOf(r.url()) === 'velv');
  await field.fill('velv');
  await slow;
  await field.pressSequentially('et');
  await expect(list.getByRole('option', { name: 'velvet armchair' })).toBeVisible();
  await expect.poll(() => slowAnswered, { timeout: 5_000 }).toBe(true);
  await page.waitForTimeout(300);
  await expect(list.getByRole('option', { name: 'velv stale answer' })).toHaveCount(0);
  await expect(list.getByRole('option', { name: 'velvet armchair' })).toBeVisible();

  // One character: suggestions, but nothing highlighted (section 5).
  await field.fill('v');
  await expect(list.getByRole('option', { name: 'velvet armchair' })).toBeVisible();
  await expect(list.locator('mark')).toHaveCount(0);
  // Enter with no option active searches the text as typed.
  await field.fill('velvet');
  await expect(list.getByRole('option', { name: 'velvet armchair' }).locator('mark')).toHaveText('velvet');
  await field.press('Enter');
  await expect(page).toHaveURL('/search/pins/?q=velvet&rs=typed');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the field over the bar suggests under it; the keyboard chooses', async ({ page }) => {
    await page.route(typeaheadCalls, (route) =>
      answer(route, [
        { type: 'query', query: 'velvet armchair' },
        { type: 'query', query: 'velvet curtains for a long living room window' },
        { type: 'board', id: 'b1', name: 'Velvet rooms', url: '/someone/velvet-rooms/', image_cover_url: null },
        { type: 'user', id: 'u1', username: 'velvetta', full_name: 'Velvetta Moss' },
      ]),
    );
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    const field = searchField(page);
    const list = flyout(page);
    await field.pressSequentially('velv');
    await expect(list.getByRole('option')).toHaveCount(4);
    // Under the bar, across the whole screen.
    const box = await list.locator('xpath=..').boundingBox();
    expect(box).toMatchObject({ x: 0, width: 375 });
    await expectAccessible(page, 'typeahead flyout at 375');
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'velvet curtains for a long living room window' })).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(page).toHaveURL('/search/pins/?q=velvet+curtains+for+a+long+living+room+window&rs=typeahead');
    await expect(page.getByRole('search')).toBeHidden();
  });
});
