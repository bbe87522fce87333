import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * The success dialog's suggested related board (saving-boards-ads.md sections 2, 4 and 7): after
 * a save, another person's public board holding the same image takes the pin preview's place.
 * The image is drawn here, in a colour of this run's own: the suggestion is a random pick among
 * every board holding the image, and other tests (or runs) save the page server's images too.
 */

const RELATED = '/resource/RelatedBoardForPinRandomFeedResource/get/';

test("saving a pin someone else saved suggests their board, which replaces the pin's preview", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Grace saves an image onto her public board (her own API session: the page stays hers to log into).
  const grace = await createAccount(request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
  const lamps = await createBoard(request, uniqueName('Grace lamps'));
  const pin = await uploadPin(request, lamps.id, await uniqueImage(), { description: 'A brass desk lamp' });
  // Her board's cover follows her save's event: wait for it, so that the card has one to show.
  let cover = '';
  await expect.poll(async () => {
    const answer = await request.get(`/resource/BoardResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { board_id: lamps.id } }))}`);
    cover = ((await answer.json()).resource_response.data?.image_cover_url as string | null) ?? '';
    return cover;
  }).not.toBe('');

  // Ada saves Grace's pin onto a board of her own, from the repin page.
  await createAccount(page.request);
  const mine = await createBoard(page.request, uniqueName('Ada desk'));
  // The lookup is held until the dialog has been seen waiting for it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(`**${RELATED}**`, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(`/pin/${pin.id}/repin/x/`);
  const picker = page.getByRole('dialog', { name: 'Repin modal' });
  await picker.getByRole('button', { name: new RegExp(`^${mine.name}`) }).click();

  const success = page.getByRole('dialog', { name: `Saved to ${mine.name}` });
  await expect(success.getByRole('link', { name: 'See it now' })).toBeVisible();
  // Loading: the preview shows, and the suggestion's area is busy.
  await expect(success.locator('img.success-dialog__image')).toBeVisible();
  await expect(success.locator('[aria-busy="true"]').getByRole('status', { name: 'Looking for a board with more ideas like this…' })).toBeVisible();
  await expect.poll(() => asked.length).toBe(1);
  // Asked about the pin just saved (Ada's, not Grace's), for one board.
  const options = JSON.parse(new URL(asked[0]!).searchParams.get('data') ?? '{}').options;
  expect(options).toEqual({ pin: expect.stringMatching(/^\d+$/), page_size: 1 });
  expect(options.pin).not.toBe(pin.id);

  // The suggestion: Grace's board, its cover and owner; the preview is gone.
  release();
  const related = success.getByRole('region', { name: 'More ideas on this board' });
  const card = related.getByRole('link', { name: new RegExp(`^${lamps.name}`) });
  await expect(card).toHaveAttribute('href', lamps.url);
  await expect(card.locator('img')).toHaveAttribute('src', cover);
  await expect(related.getByRole('link', { name: 'Grace', exact: true })).toHaveAttribute('href', `/${grace.username}`);
  await expect(success.locator('img.success-dialog__image')).toHaveCount(0);
  await expect(success.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, 'success dialog with a suggested board');

  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: lamps.name })).toBeVisible();
});
