import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Following a board and the home feed (saving-boards-ads.md sections 4, 7 and 8): a member
 * follows another's board, its new pin comes first in their home feed at `/`, and the Follow
 * button's state is the server's after a reload. Images are drawn here, each of its own.
 */

/** The first pin of the viewer's home feed, as the service answers it (saves reach feeds through their events). */
async function firstFeedPin(request: APIRequestContext): Promise<string | undefined> {
  const answer = await request.get(`/resource/HomeFeedResource/get/?data=${encodeURIComponent(JSON.stringify({ options: {} }))}`);
  return ((await answer.json()).resource_response.data as { id: string }[] | undefined)?.[0]?.id;
}

test('a follower sees the new pin of a board they follow first in their home feed; Follow stays as the server has it', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The board's owner works through the API in a cookie jar of her own; the page is the follower's.
  const owner = await playwright.request.newContext({ baseURL });
  const olga = await createAccount(owner, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const board = await createBoard(owner, uniqueName('Olga lamps'));
  await createAccount(page.request, uniqueEmail('finn'), 'correct-horse-42', 'Finn');

  // Following nothing yet: the home feed says how to fill it.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Follow boards to fill your home feed' })).toBeVisible();
  await expectAccessible(page, 'empty home feed');

  await page.goto(board.url);
  const main = page.getByRole('main');
  // Names follow one rule (as the close-up's 'Saved by'): the display name, linking to the profile.
  await expect(main.getByText('By Olga', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Olga', exact: true })).toHaveAttribute('href', `/${olga.username}`);
  const follow = main.getByRole('button', { name: 'Follow', exact: true });
  const following = main.getByRole('button', { name: 'Following', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByRole('button', { name: '1 follower', exact: true })).toBeVisible();
  await page.reload();
  await expect(following).toHaveAttribute('aria-pressed', 'true');

  // The owner saves a new pin onto it: it reaches the follower's feed through its event.
  const pin = await uploadPin(owner, board.id, await uniqueImage(300, 420), { description: 'A lamp worth following' });
  await expect.poll(() => firstFeedPin(page.request), { timeout: 30_000 }).toBe(pin.id);
  await page.goto('/');
  const feed = page.getByRole('region', { name: 'Pins from boards you follow' });
  await expect(feed.getByRole('link').first()).toHaveAttribute('href', `/pin/${pin.id}/`);
  await expect(feed.getByRole('img', { name: 'A lamp worth following' })).toBeVisible();
  await expectAccessible(page, 'home feed');

  // The board's followers, in a dialog: the follower is there; Escape closes it.
  await page.goto(board.url);
  await expect.poll(async () => {
    await page.reload();
    return main.getByRole('button', { name: '1 follower', exact: true }).isVisible();
  }, { timeout: 15_000 }).toBe(true);
  await main.getByRole('button', { name: '1 follower', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Followers' });
  await expect(list.getByRole('link', { name: /Finn/ })).toBeVisible();
  await expectAccessible(page, 'followers dialog');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // Unfollowed, and after a reload still so.
  await following.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await owner.dispose();
});
