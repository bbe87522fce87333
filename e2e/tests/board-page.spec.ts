import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * A board page's first screen (issue 23, "the board header fills the first screen"): under the
 * title and the owner, the owner's actions (Board settings, followers, Add section) share one
 * row (two at most on a phone), Organise under it, and the first pin starts within the first screen, on a phone and on a
 * desktop.
 */
for (const [width, height] of [[375, 812], [1280, 800]] as const) {
  test(`at ${width} px the first pin of a board starts in the first screen, under one row of actions`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await createAccount(page.request, uniqueEmail('bo'), 'correct-horse-42', 'Bo');
    const board = await createBoard(page.request, uniqueName('Shelves'));
    for (let i = 0; i < 3; i++) await uploadPin(page.request, board.id, await uniqueImage(), { description: `Shelf ${i}` });
    await page.goto(board.url);
    const main = page.getByRole('main');
    const settings = main.getByRole('button', { name: 'Board settings' });
    const addSection = main.getByRole('button', { name: 'Add section' });
    await expect(settings).toBeVisible();
    await expect(addSection).toBeVisible();
    await expect(main.getByRole('button', { name: 'Organise' })).toBeVisible();
    // One row: the actions are level (on a phone they may wrap to a second row, no more).
    const [a, b] = [await settings.boundingBox(), await addSection.boundingBox()];
    const apart = Math.abs((a?.y ?? 0) - (b?.y ?? 0));
    expect(apart).toBeLessThan(width >= 600 ? 4 : 60);
    const firstPin = main.getByRole('region', { name: 'Pins', exact: true }).getByRole('link').first();
    await expect(firstPin).toBeVisible();
    const top = (await firstPin.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top).toBeLessThan(height - 100);
    await expectAccessible(page, `board page at ${width} px`);
  });
}

test("a board's pins filtered by colour: the chips of the search page, the newest of that colour, and back to all", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createAccount(page.request, uniqueEmail('cora'), 'correct-horse-42', 'Cora');
  const board = await createBoard(page.request, uniqueName('Doors'));
  await uploadPin(page.request, board.id, await uniqueImage(320, 400, { r: 198, g: 40, b: 40 }), { description: 'A red door' });
  await uploadPin(page.request, board.id, await uniqueImage(320, 400, { r: 21, g: 101, b: 192 }), { description: 'A blue door' });
  await page.goto(board.url);
  const grid = page.getByRole('main').getByRole('region', { name: 'Pins', exact: true });
  await expect(grid.getByRole('img', { name: 'A blue door' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Colour' });
  // The filter reads the search index, which follows the saves by their events: ask again until both are in.
  await expect(async () => {
    await page.goto(`${board.url}?colors=red`);
    await expect(grid.getByRole('img', { name: 'A red door' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(grid.getByRole('img', { name: 'A blue door' })).toHaveCount(0);
  await expect(chips.getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'a board filtered by colour');
  await chips.getByRole('button', { name: 'Blue' }).click();
  await expect(grid.getByRole('img', { name: 'A blue door' })).toBeVisible();
  await expect(grid.getByRole('img', { name: 'A red door' })).toBeVisible();
  await chips.getByRole('button', { name: 'Red' }).click();
  await chips.getByRole('button', { name: 'Blue' }).click();
  // No colour chosen: the board's own pages again.
  await expect(page).toHaveURL(new RegExp(`${board.url.replace(/[/]/g, '\\/')}$`));
  await expect(grid.getByRole('img', { name: 'A red door' })).toBeVisible();
  await expect(grid.getByRole('img', { name: 'A blue door' })).toBeVisible();
});

test('the home feed filtered by colour keeps to the pins of the colours chosen', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const pinner = await playwright.request.newContext({ baseURL });
  await createAccount(pinner, uniqueEmail('dov'), 'correct-horse-42', 'Dov');
  const board = await createBoard(pinner, uniqueName('Dov doors'));
  await createAccount(page.request, uniqueEmail('esi'), 'correct-horse-42', 'Esi');
  // Following first: the saves after it reach the feed by their events.
  await page.goto(board.url);
  await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await uploadPin(pinner, board.id, await uniqueImage(320, 400, { r: 198, g: 40, b: 40 }), { description: 'A red door to follow' });
  await uploadPin(pinner, board.id, await uniqueImage(320, 400, { r: 21, g: 101, b: 192 }), { description: 'A blue door to follow' });
  const feed = page.getByRole('region', { name: 'Pins from boards you follow' });
  await expect(async () => {
    await page.goto('/');
    await expect(feed.getByRole('img', { name: 'A blue door to follow' })).toBeVisible({ timeout: 2_000 });
    await expect(feed.getByRole('img', { name: 'A red door to follow' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await page.getByRole('group', { name: 'Colour' }).getByRole('button', { name: 'Red' }).click();
  await expect(page).toHaveURL(/\?colors=red$/);
  await expect(feed.getByRole('img', { name: 'A red door to follow' })).toBeVisible();
  await expect(feed.getByRole('img', { name: 'A blue door to follow' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Colour' }).getByRole('button', { name: 'Teal' }).click();
  await page.getByRole('group', { name: 'Colour' }).getByRole('button', { name: 'Red' }).click();
  await expect(page.getByText('No Pins of those colours in your home feed.')).toBeVisible();
  await expectAccessible(page, 'a home feed filtered by a colour it has none of');
  await pinner.dispose();
});
