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
