import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard } from './support/boards';
import { startPageServer, type PageServer } from './support/page-server';

/**
 * The upsells after a pin is created (saving-boards-ads.md sections 2-4 and 9) in Chromium, with
 * their experiments forced on by the `ph_exp` cookie: the browser-extension upsell and its nag
 * window, the connect-account upsell once, and the claim page that lists the website it needs.
 */
let site: PageServer;
test.beforeAll(async () => {
  site = await startPageServer();
});
test.afterAll(async () => {
  await site?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const NAG_RECORD_KEY = 'pinhive.upsells.extension.timestamp_count';
const uniqueName = (base: string): string => `${base} ${Date.now().toString(36).slice(-5)}`;

async function forceExperiments(page: Page, baseURL: string | undefined, groups: string): Promise<void> {
  await page.context().addCookies([{ name: 'ph_exp', value: groups, url: baseURL! }]);
}

/** How many creates the upsell host has decided on (it marks `<html>` after each). */
const decisions = (page: Page) => page.locator('html');

/**
 * Creates a pin from the test page's image on the desktop create page (the Save button's
 * `/pin/create/button/`), saving it straight to `board`; `link` is the page it is from.
 */
async function createFromPage(page: Page, boardName: string, image: string, link: string): Promise<void> {
  const query = new URLSearchParams({ url: link, media: image, description: 'A lamp' });
  await page.goto(`/pin/create/button/?${query.toString()}`);
  await page.getByRole('button', { name: new RegExp(`^${boardName}`) }).click();
  // By its element, not its role: an upsell may already be open, making the page under it inert.
  await expect(page.locator('h1', { hasText: `Saved to ${boardName}` })).toBeVisible();
}

test.describe('the browser-extension upsell', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await forceExperiments(page, baseURL, 'web_extension_upsell:enabled');
  });

  test('appears after a create, not again on the next create inside the nag window, and again after it', async ({ page }) => {
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Lamps'));

    await createFromPage(page, board.name, site.imageUrls[0]!, site.pageUrl);
    const upsell = page.getByRole('dialog', { name: 'Get the Pinhive browser button' });
    await expect(upsell).toBeVisible();
    await expect(upsell.getByRole('heading', { level: 3, name: 'Save creative ideas from around the web' })).toBeVisible();
    await expect(upsell.getByRole('link', { name: 'Install now' })).toBeFocused();
    await expect(upsell.getByRole('link', { name: 'Install now' })).toHaveAttribute('href', '/settings/bookmarklet');
    await expectAccessible(page, 'extension upsell');
    // The focus stays inside: from the last control Tab comes back to the first.
    await page.keyboard.press('Tab');
    await expect(upsell.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(upsell.getByRole('link', { name: 'Install now' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(upsell).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), NAG_RECORD_KEY)).toMatch(/^\d+_1$/);

    // The next create, a moment later: inside the nag window, so no upsell.
    await createFromPage(page, board.name, site.imageUrls[1]!, site.pageUrl);
    await expect(decisions(page)).toHaveAttribute('data-upsell-decisions', '1');
    await expect(upsell).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), NAG_RECORD_KEY)).toMatch(/^\d+_1$/);

    // The last one four days ago (past the 3-day window): it shows once more, counted, and Cancel closes it.
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [NAG_RECORD_KEY, `${Date.now() - 4 * DAY}_1`]);
    await createFromPage(page, board.name, site.imageUrls[2]!, site.pageUrl);
    await expect(upsell).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), NAG_RECORD_KEY)).toMatch(/^\d+_2$/);
    await upsell.getByRole('button', { name: 'Cancel' }).click();
    await expect(upsell).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Saved to ${board.name}` })).toBeVisible();
  });

  test('is not shown when the extension answers the ready check', async ({ page }) => {
    // What the extension's content script would do: answer the page's check with its ready message.
    await page.addInitScript(() => {
      window.addEventListener('message', (event) => {
        if ((event.data as { type?: string } | null)?.type === 'pinhive-extension-check') window.postMessage({ type: 'pinhive-extension-ready' }, window.location.origin);
      });
    });
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Lamps'));
    await createFromPage(page, board.name, site.imageUrls[0]!, site.pageUrl);
    await expect(decisions(page)).toHaveAttribute('data-upsell-decisions', '1');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Install now leads to the Save button page and stops the nags', async ({ page }) => {
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Lamps'));
    await createFromPage(page, board.name, site.imageUrls[0]!, site.pageUrl);
    await page.getByRole('dialog', { name: 'Get the Pinhive browser button' }).getByRole('link', { name: 'Install now' }).click();
    await expect(page).toHaveURL(/\/settings\/bookmarklet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Save button for your browser' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), NAG_RECORD_KEY)).toMatch(/^\d+_0$/);
  });
});

test.describe('the connect-account upsell and the claim page', () => {
  test('the claim page saves a website; the upsell then appears once after a create from the photo-sharing site', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await forceExperiments(page, baseURL, 'web_connect_account_upsell:enabled');
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Lamps'));

    // Nothing listed yet: a create from the photo-sharing site shows no upsell.
    const instagramPost = 'https://www.instagram.com/p/lamp-of-the-week/';
    await createFromPage(page, board.name, site.imageUrls[0]!, instagramPost);
    await expect(decisions(page)).toHaveAttribute('data-upsell-decisions', '1');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The claim page: a bad address is refused at the field, a good one saved and shown back.
    await page.goto('/settings/claim/');
    await expect(page.getByRole('heading', { level: 1, name: 'Claimed websites' })).toBeVisible();
    await expect(page.getByText('You have not listed a website yet.')).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Website', exact: true });
    await field.fill('instagram');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field).toHaveAccessibleDescription(/Enter a website address that starts with http:\/\/ or https:\/\//);
    await expect(field).toBeFocused();
    await field.fill('https://www.instagram.com/hive.maker');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Website saved' })).toBeVisible();
    await expectAccessible(page, 'claim page');
    await page.reload();
    await expect(page.getByRole('link', { name: 'https://www.instagram.com/hive.maker' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Website', exact: true })).toHaveValue('https://www.instagram.com/hive.maker');

    // A pin from elsewhere: no upsell.
    await createFromPage(page, board.name, site.imageUrls[1]!, site.pageUrl);
    await expect(decisions(page)).toHaveAttribute('data-upsell-decisions', '1');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // From the photo-sharing site: the upsell, whose button leads to the claim page.
    await createFromPage(page, board.name, site.imageUrls[2]!, instagramPost);
    const upsell = page.getByRole('dialog', { name: 'Connect your Instagram account' });
    await expect(upsell).toBeVisible();
    await expectAccessible(page, 'connect-account upsell');
    await expect(upsell.getByRole('link', { name: 'Connect account' })).toHaveAttribute('href', '/settings/claim/');
    await upsell.getByRole('link', { name: 'Connect account' }).click();
    await expect(page).toHaveURL(/\/settings\/claim\/$/);
    await expect(upsell).toBeHidden();

    // Seen: the next create from the same site shows nothing.
    await createFromPage(page, board.name, site.imageUrls[0]!, instagramPost);
    await expect(decisions(page)).toHaveAttribute('data-upsell-decisions', '1');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
