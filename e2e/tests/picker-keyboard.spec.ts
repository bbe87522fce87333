import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectFieldError } from './support/auth';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Issue 23's rough edges of saving: the picker's keyboard path (Save -> search -> boards, or the
 * first board when there is no search, never "Create board"); a board's count and cover on the
 * profile right after a save, before the server counted it; renaming a board in its settings, by
 * the same unique-name rule as creating one.
 */

/** Someone else's pin (made through `pinner`, a request context of its own), for the page's viewer to save. */
async function pinOfSomeoneElse(pinner: APIRequestContext, description: string): Promise<string> {
  const board = await createBoard(pinner, uniqueName('Pim finds'));
  return (await uploadPin(pinner, board.id, await uniqueImage(300, 380), { description })).id;
}
const newPinner = async (request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> }, baseURL: string | undefined) => {
  const pinner = await request.newContext({ baseURL });
  await createAccount(pinner, uniqueEmail('pim'), 'correct-horse-42', 'Pim');
  return pinner;
};

/** What has the keyboard focus: its accessible text, enough to tell a board row from Create board. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

for (const [width, height] of [[375, 812], [1280, 800]] as const) {
  test(`at ${width} px the picker opens on the first board without a search, on the search with one, and Tab goes on to the boards`, async ({ page, playwright, baseURL }) => {
    const pinner = await newPinner(playwright.request, baseURL);
    await page.setViewportSize({ width, height });
    await createAccount(page.request, uniqueEmail('kai'), 'correct-horse-42', 'Kai');
    const baskets = await createBoard(page.request, uniqueName('Baskets'));
    const weaving = await createBoard(page.request, uniqueName('Weaving'));
    const pinId = await pinOfSomeoneElse(pinner, 'A woven basket');

    await page.goto(`/pin/${pinId}/`);
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Repin modal' });
    await expect(picker.getByRole('button', { name: new RegExp(weaving.name) })).toBeVisible();
    // Two boards, no search: the focus is on a board, and Enter saves to it.
    await expect(picker.getByRole('button', { name: 'Create board' })).not.toBeFocused();
    const first = await focusedText(page);
    expect([baskets.name, weaving.name].some((name) => first.includes(name))).toBe(true);
    await expectAccessible(page, `picker of two boards at ${width} px`);
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();

    // Past three boards the picker has a search: the focus starts there, Tab goes to the boards.
    for (const name of ['Rattan', 'Wicker']) await createBoard(page.request, uniqueName(name));
    await page.goto(`/pin/${await pinOfSomeoneElse(pinner, 'A wicker chair')}/`);
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    const search = picker.getByRole('searchbox', { name: 'Search your boards' });
    await expect(search).toBeFocused();
    await page.keyboard.press('Tab');
    const next = await focusedText(page);
    expect(next).not.toContain('Create board');
    expect(next).toMatch(/Baskets|Weaving|Rattan|Wicker/);
    await expectAccessible(page, `picker with a search at ${width} px`);
  });
}

test("a board's count and cover on the profile show a save at once, before the server has counted it", async ({ page, playwright, baseURL }) => {
  const pinner = await newPinner(playwright.request, baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await createAccount(page.request, uniqueEmail('lio'), 'correct-horse-42', 'Lio');
  const board = await createBoard(page.request, uniqueName('Chairs'));
  const pinId = await pinOfSomeoneElse(pinner, 'A bentwood chair');
  // The profile's boards as the server answers them before the save's event counted it: no pins, no cover.
  await page.route('**/resource/BoardsResource/get/**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const b of body.resource_response.data) if (b.id === board.id) Object.assign(b, { pin_count: 0, image_cover_url: null, cover_pin: null });
    await route.fulfill({ response, json: body });
  });

  await page.goto(`/pin/${pinId}/`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Repin modal' }).getByRole('button', { name: new RegExp(board.name) }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  // To the profile within the app (a reload would forget the save).
  await page.getByRole('banner').getByRole('button', { name: 'Lio' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/${me.username}/?$`));
  const card = page.getByRole('main').getByRole('link', { name: new RegExp(board.name) });
  await expect(card).toContainText('1 Pin');
  await expect(card.locator('img')).toHaveAttribute('src', /.+/);
});

test('a board is renamed in its settings; a name its owner already gave another board is refused at the field', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await createAccount(page.request, uniqueEmail('ren'), 'correct-horse-42', 'Ren');
  const board = await createBoard(page.request, uniqueName('Lamps'));
  const other = await createBoard(page.request, uniqueName('Rugs'));
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Board settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Board settings' });
  const field = settings.getByRole('textbox', { name: 'Board name' });
  await expect(field).toHaveValue(board.name);
  const save = settings.getByRole('button', { name: 'Save name' });
  await expect(save).toBeDisabled();

  await field.fill(other.name.toLowerCase());
  await save.click();
  await expectFieldError(field, 'You already have a board with that name.');
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'board settings with a refused name');

  const renamed = uniqueName('Reading lamps');
  await field.fill(renamed);
  await save.click();
  await expect(page.locator('.toast').filter({ hasText: `Renamed to ${renamed}` })).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  // Its address stays: the page read again is the same board, by its new name.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
});
