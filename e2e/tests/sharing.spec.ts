import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { openAccountMenu } from './support/auth';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { followPerson, userIdOf } from './support/people';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Sharing a pin (issue 23): `/pin/{id}/?share=true` opens the share sheet over the pin page:
 * Copy link (and the link to copy by hand when the clipboard is refused), the system share sheet
 * only where the browser has one, and Send to someone the viewer follows, who then finds the pin
 * in "Sent to you" (`/inbox/`). At a desktop's and a phone's width, with axe on each screen.
 */

/** A member with a pin of their own who follows another member: the page is the sender's. */
async function senderAndRecipient(page: Page, recipientRequest: APIRequestContext, tag: string) {
  const recipient = await createAccount(recipientRequest, uniqueEmail(`rita${tag}`), 'correct-horse-42', `Rita${tag}`);
  await createAccount(page.request, uniqueEmail(`sam${tag}`), 'correct-horse-42', `Sam${tag}`);
  await followPerson(page.request, await userIdOf(page.request, recipient.username));
  const board = await createBoard(page.request, uniqueName('Things to send'));
  const pin = await uploadPin(page.request, board.id, await uniqueImage(300, 400), { description: `A lamp to send ${tag}` });
  return { recipient, pin };
}

/** Tab and Shift+Tab, many times over, never leave the dialog. */
async function expectFocusTrapped(page: Page, dialogName: string) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.querySelector('h2')?.textContent ?? null), `after ${key} x${i + 1}`).toBe(dialogName);
    }
  }
}

test('desktop: the share sheet copies the link, sends the pin to a followed person, who finds it in Sent to you', async ({ page, playwright, baseURL, browser, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const recipientRequest = await playwright.request.newContext({ baseURL });
  const { pin } = await senderAndRecipient(page, recipientRequest, 'd');

  await page.goto(`/pin/${pin.id}/?share=true`);
  const sheet = page.getByRole('dialog', { name: 'Share this Pin' });
  await expect(sheet).toBeVisible();
  // Only where the browser has a system share sheet.
  const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(sheet.getByRole('button', { name: 'More ways to share' })).toHaveCount(hasShare ? 1 : 0);
  const people = sheet.getByRole('list', { name: 'People you follow' });
  await expect(people.getByText('Ritad', { exact: true })).toBeVisible();
  await expectAccessible(page, 'share sheet');
  await expectFocusTrapped(page, 'Share this Pin');

  // Copy link: the clipboard holds the pin's address, and the sheet says so.
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/pin/${pin.id}/`, page.url()).href);

  // Search, then Send: progress, then Sent, announced.
  const search = sheet.getByRole('searchbox', { name: 'Search people you follow' });
  await search.fill('nobody-like-this');
  await expect(sheet.getByText('No one you follow matches "nobody-like-this".')).toBeVisible();
  await search.fill('ritad');
  await sheet.getByRole('button', { name: 'Send to Ritad' }).click();
  await expect(sheet.getByRole('button', { name: 'Sent to Ritad' })).toHaveText('Sent');
  await expect(sheet.getByRole('status')).toHaveText('Sent to Ritad');
  await expectAccessible(page, 'share sheet after a send');

  // Escape closes it and takes share=true out of the address.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === `/pin/${pin.id}/` && !url.searchParams.has('share'));
  // The pin page's own Send opens the same sheet.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('share') === 'true');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  // The recipient, in a browser of their own, finds it through the account menu.
  const theirs = await browser.newContext({ baseURL, storageState: await recipientRequest.storageState() });
  const inbox = await theirs.newPage();
  await inbox.setViewportSize({ width: 1280, height: 900 });
  await inbox.goto('/');
  const menu = await openAccountMenu(inbox, 'Ritad');
  await menu.getByRole('menuitem', { name: 'Sent to you' }).click();
  await expect(inbox).toHaveURL(/\/inbox\/?$/);
  await expect(inbox.getByRole('heading', { level: 1, name: 'Sent to you', exact: true })).toBeVisible();
  const item = inbox.getByRole('list', { name: 'Sent to you' }).getByRole('listitem').first();
  await expect(item.getByRole('link', { name: /A lamp to send d/ })).toHaveAttribute('href', `/pin/${pin.id}/`);
  await expect(item).toContainText('From Samd');
  await expectAccessible(inbox, 'sent to you');
  await theirs.close();
  await recipientRequest.dispose();
});

test('phone: a refused clipboard shows the link to copy by hand; the system share sheet gets the link', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  // A browser that refuses the clipboard and has a system share sheet (as most phones do): both recorded.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.defineProperty(window, '__shared', { value: shared });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) } });
    Object.defineProperty(navigator, 'share', { configurable: true, value: (data: unknown) => { shared.push(data); return Promise.resolve(); } });
  });
  const recipientRequest = await playwright.request.newContext({ baseURL });
  const { pin } = await senderAndRecipient(page, recipientRequest, 'p');

  await page.goto(`/pin/${pin.id}/?share=true`);
  const sheet = page.getByRole('dialog', { name: 'Share this Pin' });
  await expect(sheet).toBeVisible();
  await expectAccessible(page, 'share sheet on a phone');

  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expect(sheet.getByRole('status')).toHaveText("Your browser didn't let us copy. Copy the link below.");
  const link = sheet.getByRole('textbox', { name: 'Link to this Pin' });
  await expect(link).toHaveValue(new URL(`/pin/${pin.id}/`, page.url()).href);
  await expectAccessible(page, 'share sheet with the link to copy by hand');

  await sheet.getByRole('button', { name: 'More ways to share' }).click();
  expect(await page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared.map((d) => d.url))).toEqual([new URL(`/pin/${pin.id}/`, page.url()).href]);

  await sheet.getByRole('button', { name: 'Send to Ritap' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Sent to Ritap');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL((url) => !url.searchParams.has('share'));
  await recipientRequest.dispose();
});
