import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Safe outbound links (issue 22): a pin's link is checked before it is followed. One to follow
 * opens in a new tab through the signed /offsite/ redirect; one the check finds unsafe is not
 * opened, and a dialog says why.
 */
test("a pin's link opens through the signed redirect; an unsafe one is not opened and says why", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createAccount(page.request, uniqueEmail('olu'), 'correct-horse-42', 'Olu');
  const board = await createBoard(page.request, uniqueName('Outbound'));
  const safe = await uploadPin(page.request, board.id, await uniqueImage(), { description: 'A lamp shop', link: 'https://shop.example.com/lamp' });
  const unsafe = await uploadPin(page.request, board.id, await uniqueImage(), { description: 'A bank, they say', link: 'https://bank.example@phish.example/login' });
  // The outside site, as this machine has no way out: a page of its own.
  await context.route('https://shop.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Lamp shop</title><h1>Lamp shop</h1>' }));
  const redirects: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/offsite/') redirects.push(request.url());
  });

  await page.goto(`/pin/${safe.id}/`);
  const [shop] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /shop\.example\.com/ }).click()]);
  await expect(shop.getByRole('heading', { name: 'Lamp shop' })).toBeVisible();
  expect(shop.url()).toBe('https://shop.example.com/lamp');
  expect(redirects).toHaveLength(1);
  expect(new URL(redirects[0]!).searchParams.get('pin')).toBe(safe.id);
  await shop.close();

  await page.goto(`/pin/${unsafe.id}/`);
  const opened = context.pages().length;
  await page.getByRole('link', { name: /phish\.example/ }).click();
  const dialog = page.getByRole('dialog', { name: "This link isn't opened" });
  await expect(dialog).toHaveAccessibleDescription("The link to phish.example looks unsafe, so we don't open it.");
  await expectAccessible(page, 'an unsafe link refused');
  // The tab opened at the click was closed again: nothing of the link was loaded.
  await expect.poll(() => context.pages().length).toBe(opened);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
});
