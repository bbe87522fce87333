import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectFieldError } from './support/auth';
import { expectAccessible } from './support/axe';
import { createBoard, repinPin, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * A new person's empty home (issue 23, "Nothing to do after sign-up"): `/` shows popular pins of
 * public boards with their boards to follow; following one brings its pins into the home feed
 * at once, without waiting for a new save. On a phone's width, where the first minutes happen, and a desktop's.
 */

for (const [width, height] of [[375, 812], [1280, 800]] as const) {
  test(`at ${width} px a newcomer sees popular pins on an empty home, follows a board from there, and gets its pins in the feed`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    // A pinner whose pin is saved again and again (the popular list counts every save of it, repins included).
    const pinner = await playwright.request.newContext({ baseURL });
    await createAccount(pinner, uniqueEmail('pia'), 'correct-horse-42', 'Pia');
    const board = await createBoard(pinner, uniqueName('Pia ceramics'));
    const pin = await uploadPin(pinner, board.id, await uniqueImage(300, 360), { description: 'A bowl everyone keeps' });
    const again = await createBoard(pinner, uniqueName('Pia favourites'));
    for (let i = 0; i < 6; i++) await repinPin(pinner, pin.id, again.id, `again ${i}`);

    await createAccount(page.request, uniqueEmail('noor'), 'correct-horse-42', 'Noor');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Follow boards to fill your home feed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular on Pinhive' })).toBeVisible();
    const boards = page.getByRole('list', { name: 'Boards to follow' });
    // The counting goes through the save events: read again until the pin has made it.
    await expect(async () => {
      await page.reload();
      await expect(boards.getByRole('listitem').filter({ hasText: board.name })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Popular on Pinhive' }).getByRole('img', { name: 'A bowl everyone keeps' }).first()).toBeVisible();
    await expectAccessible(page, `empty home with popular pins at ${width} px`);

    const entry = boards.getByRole('listitem').filter({ hasText: board.name });
    await entry.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(entry.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // The board's newest pins come with the follow: the feed fills without a reload.
    const feed = page.getByRole('region', { name: 'Pins from boards you follow' });
    await expect(feed.getByRole('img', { name: 'A bowl everyone keeps' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, `home feed after a follow from the popular pins at ${width} px`);
  });
}

test('a newcomer makes a first board from their own profile and lands on it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const me = await createAccount(page.request, uniqueEmail('ines'), 'correct-horse-42', 'Ines');
  await page.goto(`/${me.username}/`);
  await expect(page.getByText("You haven't made any boards yet. Create one, or save a Pin to start one.")).toBeVisible();
  await page.getByRole('button', { name: 'Create board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create board' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'create board from the profile');
  const name = uniqueName('First finds');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // The same name again, in other letters: refused at the name field, and nothing is made.
  await page.getByRole('button', { name: 'Create board' }).click();
  const again = page.getByRole('dialog', { name: 'Create board' });
  const field = again.getByRole('textbox', { name: 'Name' });
  await field.fill(name.toUpperCase());
  await again.getByRole('button', { name: 'Create', exact: true }).click();
  await expectFieldError(field, 'You already have a board with that name.');
  await expect(again.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await field.fill(`${name} too`);
  await expect(again.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
});
