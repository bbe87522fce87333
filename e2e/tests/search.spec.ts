import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, createPin } from './support/boards';
import { startPageServer, type PageServer } from './support/page-server';
import { searchIds, uniqueWord } from './support/search';

/**
 * Search (saving-boards-ads.md sections 2, 3, 5, 7 and 9) in Chromium: the top bar's field, the
 * results page and its tabs, the empty state, the colour chips, hashtags in a pin's description,
 * and the phone's search button. The pin's image comes from the tests' own page server, the one
 * outside site the test stack's pins-boards may fetch from.
 */
let site: PageServer;
test.beforeAll(async () => {
  site = await startPageServer();
});
test.afterAll(async () => {
  await site?.close();
});

/** The options of the next BaseSearchResource read the page makes. */
async function nextSearchOptions(page: Page, act: () => Promise<void>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/resource/BaseSearchResource/get/')), act()]);
  const data = new URL(request.url()).searchParams.get('data') ?? '{}';
  return (JSON.parse(data) as { options: Record<string, unknown> }).options;
}

const searchField = (page: Page) => page.getByRole('search').getByRole('combobox', { name: 'Search' });

test('a member finds a saved pin from the top bar, opens it, follows its hashtag, and finds the board and themself', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createAccount(page.request);
  const word = uniqueWord('lumen');
  const tag = uniqueWord('glow');
  const board = await createBoard(page.request, `Lamps ${word}`);
  const title = `Brass ${word} lantern`;
  const pin = await createPin(page.request, board.id, site.imageUrls[0]!, { title, description: `A lantern for the hall. #${tag}` });
  // A save reaches the search index through its event: wait until the search finds it.
  await expect.poll(() => searchIds(page.request, { query: word, scope: 'pins' }), { timeout: 30_000 }).toContain(pin.id);

  // The top bar's field: Enter searches pins, as typed.
  await page.goto('/');
  const field = searchField(page);
  await field.fill(`  ${word} `);
  const sent = await nextSearchOptions(page, () => field.press('Enter'));
  expect(sent).toMatchObject({ query: word, scope: 'pins', rs: 'typed', page_size: 25 });
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed`);
  await expect(page).toHaveTitle(`${word} | Search | Pinhive`);
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^1 result$/ })).toBeVisible();
  const result = page.getByRole('link', { name: title });
  await expect(result).toHaveAttribute('href', `/pin/${pin.id}/`);
  // On a search page the field keeps its query; the tabs for a member include Your Pins.
  await expect(field).toHaveValue(word);
  const tabs = page.getByRole('navigation', { name: 'Search in' });
  await expect(tabs.getByRole('link')).toHaveText(['Pins', 'Boards', 'People', 'Your Pins']);
  await expect(tabs.getByRole('link', { name: 'Pins', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'pin results at 1280');

  // The result opens the pin; its hashtag is a link to the search for it.
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/pin/${pin.id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(field).toHaveValue('');
  const hashtag = page.getByRole('link', { name: `#${tag}`, exact: true });
  await expect(hashtag).toHaveAttribute('href', `/search/pins/?q=%23${tag}&rs=hashtag`);
  const byTag = await nextSearchOptions(page, () => hashtag.click());
  expect(byTag).toMatchObject({ query: `#${tag}`, scope: 'pins', rs: 'hashtag' });
  await expect(field).toHaveValue(`#${tag}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The Boards tab: the board, as a card linking to its page.
  await field.fill(word);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed`);
  await tabs.getByRole('link', { name: 'Boards' }).click();
  await expect(page).toHaveURL(`/search/boards/?q=${word}&rs=typed`);
  await expect(page.getByRole('link', { name: new RegExp(`Lamps ${word}`) })).toHaveAttribute('href', board.url);
  await expectAccessible(page, 'board results at 1280');

  // Typed on a search page, a new query stays on its tab: People finds the member by username.
  await field.fill(member.username);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search/boards/?q=${member.username}&rs=typed`);
  await tabs.getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveURL(`/search/users/?q=${member.username}&rs=typed`);
  await expect(page.getByRole('link', { name: `${member.firstName} @${member.username}`, exact: true })).toHaveAttribute('href', `/${member.username}/`);
});

test('a search that finds nothing says so; Escape clears the field, then leaves it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const nothing = uniqueWord('nothing');
  await page.goto('/');
  const field = searchField(page);
  await field.fill(nothing);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search/pins/?q=${nothing}&rs=typed`);
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${nothing}”` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^0 results$/ })).toBeVisible();
  // A visitor has no Your Pins tab.
  await expect(page.getByRole('navigation', { name: 'Search in' }).getByRole('link')).toHaveText(['Pins', 'Boards', 'People']);
  await expectAccessible(page, 'empty search at 1280');

  await field.focus();
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field).not.toBeFocused();
  // An empty field searches nothing.
  await field.press('Enter');
  await expect(page).toHaveURL(`/search/pins/?q=${nothing}&rs=typed`);

  // A scope the product has nothing of says so plainly, without asking the server.
  await page.goto(`/search/videos/?q=${nothing}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Pinhive has no videos, so there are no video results.' })).toBeVisible();
  await page.getByRole('link', { name: 'Search Pins instead' }).click();
  await expect(page).toHaveURL(`/search/pins/?q=${nothing}`);
});

test('a typo finds the pins of the word it is most like, says so, and searches as typed on request', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request);
  const word = uniqueWord('velvet');
  const board = await createBoard(page.request, `Cushions ${word}`);
  const title = `Soft ${word} cushion`;
  const pin = await createPin(page.request, board.id, site.imageUrls[0]!, { title });
  await expect.poll(() => searchIds(page.request, { query: word, scope: 'pins' }), { timeout: 30_000 }).toContain(pin.id);

  // Two letters of the unique word swapped: no pin has it, so the results are those of the
  // word most like it, and the page says which.
  const at = [...word].findIndex((letter, i) => i >= 'velvet'.length && i + 1 < word.length && letter !== word[i + 1]);
  const typo = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
  await page.goto(`/search/pins/?q=${typo}&rs=typed`);
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${typo}”` })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/pin/${pin.id}/`);
  await expect(page.getByText(`Showing results for “${word}”.`)).toBeVisible();
  await expectAccessible(page, 'corrected search at 1280');

  // As typed: the correction turned off, nothing found, and nothing to say about a correction.
  const asTyped = page.getByRole('link', { name: `Search instead for “${typo}”` });
  const sent = await nextSearchOptions(page, () => asTyped.click());
  expect(sent).toMatchObject({ query: typo, auto_correction_disabled: 'true' });
  await expect(page).toHaveURL(`/search/pins/?q=${typo}&rs=typed&auto_correction_disabled=true`);
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${typo}”` })).toBeVisible();
  await expect(page.getByText(/Showing results for/)).toHaveCount(0);
});

test('the colour chips add their colours to colors= and take them out again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const word = uniqueWord('hue');
  await page.goto(`/search/pins/?q=${word}&rs=typed`);
  const chips = page.getByRole('group', { name: 'Colour' });
  const red = chips.getByRole('button', { name: 'Red' });
  const blue = chips.getByRole('button', { name: 'Blue' });
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  // The first search (no colours) answered before the chips are pressed: each press is one more.
  const empty = page.getByRole('heading', { level: 2, name: `No results for “${word}”` });
  await expect(empty).toBeVisible();

  let sent = await nextSearchOptions(page, () => red.click());
  expect(sent).toMatchObject({ query: word, colors: 'red' });
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed&colors=red`);
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await expect(empty).toBeVisible();

  sent = await nextSearchOptions(page, () => blue.click());
  expect(sent).toMatchObject({ colors: 'red,blue' });
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed&colors=red,blue`);
  await expect(blue).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'colour chips at 1280');

  await red.click();
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed&colors=blue`);
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  await blue.click();
  await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed`);
  await expect(blue).toHaveAttribute('aria-pressed', 'false');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the search button opens the field over the bar; Enter searches, Escape closes it', async ({ page }) => {
    const word = uniqueWord('phone');
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('search')).toBeHidden();
    await opener.click();
    const field = searchField(page);
    await expect(field).toBeFocused();
    await expectAccessible(page, 'open search field at 375');
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    await expect(page.getByRole('search')).toBeHidden();

    await opener.click();
    await field.fill(word);
    await field.press('Enter');
    await expect(page).toHaveURL(`/search/pins/?q=${word}&rs=typed`);
    await expect(opener).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: `No results for “${word}”` })).toBeVisible();
    await expectAccessible(page, 'empty search at 375');
  });
});
