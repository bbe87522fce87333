import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, createSection, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Moving pins in Organise mode (saving-boards-ads.md sections 4, 5 and 8): two pins of a board
 * into one of its sections, then from the section page to another board, the counts shown
 * afterwards; and a move refused because another board action runs, undone with the spec's
 * toast. The server's side of that refusal (409, codes 2171-2173) is proven by pins-boards'
 * integration test; here its answer is given to the page as the server gives it.
 */

const resourceGet = async <T>(request: APIRequestContext, name: string, options: Record<string, unknown>): Promise<T> => {
  const answer = await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`);
  return (await answer.json()).resource_response.data as T;
};

/** Waits until the board counted its pins (the counts follow the saves' events). */
const boardCounted = (request: APIRequestContext, boardId: string, count: number) =>
  expect.poll(async () => (await resourceGet<{ pin_count: number }>(request, 'BoardResource', { board_id: boardId })).pin_count).toBe(count);

const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const organise = (page: Page) => page.getByRole('toolbar', { name: 'Organise Pins' });

test('pins move into a section, then to another board, and the counts follow', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Living room'));
  const other = await createBoard(page.request, uniqueName('Archive'));
  await createSection(page.request, board.id, 'Shelf');
  for (const description of ['Pin one', 'Pin two', 'Pin three']) await uploadPin(page.request, board.id, await uniqueImage(300, 360), { description });
  await boardCounted(page.request, board.id, 3);

  // 1. On the board page: Organise, tick two pins, Move them into the section.
  await page.goto(board.url);
  await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
  const toggle = organise(page).getByRole('button', { name: 'Organise', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(organise(page).getByText('Choose Pins to move them to another board or section')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Pin one' }).check();
  // The keyboard ticks them too.
  await page.getByRole('checkbox', { name: 'Select Pin two' }).focus();
  await page.keyboard.press('Space');
  await expect(organise(page).getByText('2 Pins selected')).toBeVisible();
  await expectAccessible(page, 'board page in Organise mode');

  await organise(page).getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Pins' });
  await dialog.getByRole('button', { name: new RegExp(`^${board.name}`) }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose section' })).toBeVisible();
  await dialog.getByRole('button', { name: /^Shelf/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page)).toHaveText(`Moved to Shelf in ${board.name}`);
  // Organise mode ends; the section's card counts them; the board keeps all three.
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const shelfCard = page.getByRole('link', { name: /^Shelf/ });
  await expect(shelfCard).toContainText('2 Pins');
  await expect(page.getByText('3 Pins')).toBeVisible();

  // 2. On the section page: Select all, Move to the other board. The pins leave the page at once.
  await shelfCard.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shelf' })).toBeVisible();
  await organise(page).getByRole('button', { name: 'Organise', exact: true }).click();
  await organise(page).getByRole('button', { name: 'Select all' }).click();
  await expect(organise(page).getByText('2 Pins selected')).toBeVisible();
  await organise(page).getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move Pins' }).getByRole('button', { name: new RegExp(`^${other.name}`) }).click();
  await expect(page.getByText('Nothing saved here yet.')).toBeVisible();
  await expect(toast(page)).toHaveText(`Moved to ${other.name}`);

  await page.goto(other.url);
  await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await expect(page.getByText('2 Pins')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pin one' })).toBeVisible();
  await page.goto(board.url);
  await expect(page.getByText('1 Pin', { exact: true })).toBeVisible();
});

test('a move refused while another board action runs is undone, with the spec\'s message', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Busy board'));
  const other = await createBoard(page.request, uniqueName('Elsewhere'));
  await uploadPin(page.request, board.id, await uniqueImage(300, 360), { description: 'Pin that waits' });
  await boardCounted(page.request, board.id, 1);
  await page.route('**/resource/BulkEditResource/update/', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        resource_response: {
          status: 'failure',
          error: { code: 'board_busy', message: 'Please wait until the previous board action finishes.', message_detail: null, http_status: 409, data: { api_error_code: 2172 } },
        },
      }),
    }),
  );

  await page.goto(board.url);
  await organise(page).getByRole('button', { name: 'Organise', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select Pin that waits' }).check();
  await organise(page).getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move Pins' }).getByRole('button', { name: new RegExp(`^${other.name}`) }).click();
  await expect(toast(page)).toHaveText('Please wait until the previous board action finishes.');
  // Put back where it was, still ticked, so it can be moved again.
  await expect(page.getByRole('checkbox', { name: 'Select Pin that waits' })).toBeChecked();
  await expect(organise(page).getByText('1 Pin selected')).toBeVisible();
});
