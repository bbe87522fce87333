import { devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { submitLogin } from './support/auth';
import { expectAccessible } from './support/axe';
import { createBoard, createPin, createSection } from './support/boards';
import { PAGE_TITLE, startPageServer, type PageServer } from './support/page-server';

/**
 * Saving (saving-boards-ads.md sections 2-5, 8, 9) in Chromium: from an outside page through the
 * bookmarklet's popup, on the mobile page, and as a visitor who logs in half way; plus axe on the
 * new screens at both widths. The outside page is served by the tests themselves (page-server.ts),
 * the one site the test stack's pins-boards may fetch from.
 */
let site: PageServer;
test.beforeAll(async () => {
  site = await startPageServer();
});
test.afterAll(async () => {
  await site?.close();
});

/** A phone (Chromium's Pixel 5: its user agent, touch, mobile viewport) at the spec's 375 px. */
const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 5'];
const PHONE = { ...pixel, viewport: { width: 375, height: 812 } };

/** A name no other run uses, so the board's page address is predictable and unique. */
const uniqueName = (base: string): string => `${base} ${Date.now().toString(36).slice(-5)}`;

/** `/pin/create/{method}/` for the test page, as the bookmarklet and the Save button build it. */
function createPath(method: 'bookmarklet' | 'button', extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ url: site.pageUrl, ...extra, description: PAGE_TITLE });
  return `/pin/create/${method}/?${query.toString()}`;
}

/** The settings page's Save button: its `javascript:` address, the code the browser runs when it is clicked. */
async function bookmarkletCode(page: Page): Promise<string> {
  await page.goto('/settings/bookmarklet');
  const button = page.getByRole('link', { name: 'Save to Pinhive' });
  await expect(button).toHaveAttribute('href', /^javascript:/);
  return (await button.getAttribute('href')) ?? '';
}

/** Runs the bookmarklet on `tab` (as a click on it in the bookmarks bar would) and catches its popup. */
async function runBookmarklet(context: BrowserContext, tab: Page, code: string): Promise<Page> {
  const source = decodeURIComponent(code.replace(/^javascript:/, ''));
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    tab.evaluate((body) => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the bookmarklet's own code, as the browser runs it
      new Function(body)();
    }, source),
  ]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

/** The success screen's pin id, read from its link to the pin page. */
async function savedPinId(popup: Page): Promise<string> {
  const link = popup.getByRole('link', { name: /^\d+$/ });
  await expect(link).toHaveAttribute('href', /^\/pin\/\d+\/?$/);
  return ((await link.getAttribute('href')) ?? '').replace(/\D/g, '');
}

test.describe('the bookmarklet popup', () => {
  test('saves an image of an outside page into a new board, then into a new section, and both show on the board and pin pages', async ({ page, context }) => {
    test.setTimeout(90_000);
    const member = await createAccount(page.request);
    const code = await bookmarkletCode(page);
    expect(code).toContain('/pin/create/bookmarklet/?url=');

    const tab = await context.newPage();
    await tab.goto(site.pageUrl);
    await expect(tab).toHaveTitle(PAGE_TITLE);

    // 1. First save: no media, so the popup offers the page's images (not the 16 px icon).
    let popup = await runBookmarklet(context, tab, code);
    const opened = new URL(popup.url());
    expect(opened.pathname).toBe('/pin/create/bookmarklet/');
    expect(opened.searchParams.get('url')).toBe(site.pageUrl);
    expect(opened.searchParams.get('description')).toBe(PAGE_TITLE);
    expect(opened.searchParams.has('media')).toBe(false);
    await expect(popup.getByRole('heading', { name: 'Choose an image to save' })).toBeVisible();
    await expect(popup.getByRole('button', { name: /^Image \d of \d$/ })).toHaveCount(3);
    await popup.getByRole('button', { name: 'Image 2 of 3' }).click();

    // The popup: the image and its description on the left, the picker on the right.
    await expect(popup.getByLabel('Description')).toHaveValue(PAGE_TITLE);
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    await expect(popup.getByText('You have no boards yet. Create one to save this Pin.')).toBeVisible();
    await popup.getByRole('button', { name: 'Create board' }).click();
    await expect(popup.getByRole('heading', { name: 'Create board' })).toBeVisible();
    // Each step puts the focus on its field (or its title), never back on the page.
    await expect(popup.getByRole('textbox', { name: 'Name' })).toBeFocused();
    const boardName = uniqueName('Lamps');
    await popup.getByRole('textbox', { name: 'Name' }).fill(boardName);
    await popup.getByRole('button', { name: 'Create', exact: true }).click();

    // The success screen: board name, description, image, link and the pin's id (section 2).
    await expect(popup.getByRole('heading', { name: `Saved to ${boardName}` })).toBeFocused();
    const facts = popup.locator('dl');
    await expect(facts.getByText(boardName, { exact: true })).toBeVisible();
    await expect(facts.getByText(PAGE_TITLE, { exact: true })).toBeVisible();
    await expect(facts.getByRole('link', { name: '127.0.0.1' })).toHaveAttribute('href', site.pageUrl);
    const firstPin = await savedPinId(popup);
    await expect.poll(() => popup.locator('img.create-success__image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(119);
    await expect(popup.getByText('This window closes in a few seconds.')).toBeVisible();
    // Opened by the bookmarklet, it closes by itself 10 s after the save: meanwhile, look at the pin.
    const closedByItself = popup.waitForEvent('close', { timeout: 20_000 });
    const savedAt = Date.now();

    await page.goto(`/pin/${firstPin}`);
    await expect(page.getByText(PAGE_TITLE, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit 127.0.0.1' })).toHaveAttribute('href', site.pageUrl);
    await expect(page.getByText(`Saved by ${member.firstName}`)).toBeVisible();
    await page.getByRole('link', { name: boardName, exact: true }).click();

    // The board page: its pin in the grid; add a section there for the second save to choose.
    await expect(page.getByRole('heading', { level: 1, name: boardName })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${member.username}/lamps-[a-z0-9]+/?$`));
    const boardPath = new URL(page.url()).pathname;
    const grid = page.getByRole('region', { name: 'Pins' });
    await expect(grid.locator(`a[href="/pin/${firstPin}/"]`)).toBeVisible();
    await page.getByRole('button', { name: 'Add section' }).click();
    const addSection = page.getByRole('dialog', { name: 'Add section' });
    await addSection.getByRole('textbox', { name: 'Name' }).fill('Desk lamps');
    await addSection.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(addSection).toBeHidden();
    await expect(page.getByRole('region', { name: 'Sections' }).getByRole('link', { name: /^Desk lamps/ })).toBeVisible();

    await closedByItself;
    expect(Date.now() - savedAt).toBeLessThan(15_000);

    // 2. Second save: the board now has a section, so it opens the section step; add a new one there.
    popup = await runBookmarklet(context, tab, code);
    await popup.getByRole('button', { name: 'Image 3 of 3' }).click();
    await popup.getByRole('button', { name: new RegExp(`^${boardName}`) }).click();
    await expect(popup.getByRole('heading', { name: 'Choose section' })).toBeFocused();
    await expect(popup.getByRole('button', { name: /^Desk lamps/ })).toBeVisible();
    await popup.getByRole('button', { name: 'Create section' }).click();
    await expect(popup.getByRole('heading', { name: 'Add section' })).toBeVisible();
    await expect(popup.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(popup.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', 'Like "Lighting"');
    await expect(popup.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await popup.getByRole('textbox', { name: 'Name' }).fill('Pendants');
    await popup.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(popup.getByRole('heading', { name: `Saved to Pendants in ${boardName}` })).toBeVisible();
    const secondPin = await savedPinId(popup);
    // The Close window button closes it at once.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Close window' }).click();
    await closed;

    // 3. The same image once more: the popup says where it is saved already, and saving stays possible.
    popup = await runBookmarklet(context, tab, code);
    await popup.getByRole('button', { name: 'Image 3 of 3' }).click();
    await expect(popup.getByRole('status').getByText(`Psst! You already saved this Pin to ${boardName}`)).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    await popup.close();

    // The board page shows both section cards and both pins; the section page its own pin.
    await page.goto(boardPath);
    const sections = page.getByRole('region', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: /^Pendants/ })).toContainText('1 Pin');
    await expect(sections.getByRole('link', { name: /^Desk lamps/ })).toContainText('0 Pins');
    await expect(grid.locator(`a[href="/pin/${secondPin}/"]`)).toBeVisible();
    await expect(grid.locator(`a[href="/pin/${firstPin}/"]`)).toBeVisible();
    await sections.getByRole('link', { name: /^Pendants/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pendants' })).toBeVisible();
    await expect(grid.locator(`a[href="/pin/${secondPin}/"]`)).toBeVisible();
    await expect(grid.locator(`a[href="/pin/${firstPin}/"]`)).toHaveCount(0);
  });
});

test.describe('the mobile page at 375 px', () => {
  test.use(PHONE);

  test('chooses among Top choices and All boards, then a section; a 5 s toast offers View; own pins go to the repin page; visitors go home', async ({ page }) => {
    const path = createPath('button', { media: site.imageUrls[0]! });

    // A visitor is sent to the home page.
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);

    await createAccount(page.request);
    const suffix = Date.now().toString(36).slice(-5);
    const kitchen = await createBoard(page.request, `Kitchen ${suffix}`);
    await createSection(page.request, kitchen.id, 'Lighting');
    for (const name of ['Attic', 'Bedroom', 'Porch']) await createBoard(page.request, `${name} ${suffix}`);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose board' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const top = page.getByRole('region', { name: 'Top choices' });
    const all = page.getByRole('region', { name: 'All boards' });
    await expect(top.getByRole('button')).toHaveCount(2);
    await expect(all.getByRole('button')).toHaveCount(4);
    await expect(all.getByRole('button', { name: new RegExp(`^Kitchen ${suffix}`) })).toContainText('Select');
    await expect(all.getByRole('button', { name: new RegExp(`^Attic ${suffix}`) })).toContainText('Save');
    await expect(page.getByRole('button', { name: 'Create board' })).toBeVisible();

    await all.getByRole('button', { name: new RegExp(`^Kitchen ${suffix}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose section' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create section' })).toBeVisible();
    await page.getByRole('button', { name: /^Lighting/ }).click();

    // Saved: a toast with View (5 s), and the page goes on (to the pin: nothing of ours to go back to).
    const toast = page.locator('.toast').filter({ hasText: `Saved to Lighting in Kitchen ${suffix}` });
    await expect(toast).toBeVisible();
    const view = toast.getByRole('link', { name: 'View' });
    await expect(view).toHaveAttribute('href', /^\/pin\/\d+\/?$/);
    const pinId = ((await view.getAttribute('href')) ?? '').replace(/\D/g, '');
    await expect(page).toHaveURL(new RegExp(`/pin/${pinId}/?$`));
    await expect(page.getByRole('link', { name: `Kitchen ${suffix}`, exact: true })).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 8_000 });

    // The url is one of our own pins: off to its repin page.
    const own = new URLSearchParams({ url: `${new URL(page.url()).origin}/pin/${pinId}/`, description: PAGE_TITLE });
    await page.goto(`/pin/create/button/?${own.toString()}`);
    await expect(page).toHaveURL(new RegExp(`/pin/${pinId}/repin/x/?$`));
    await expect(page.getByRole('dialog', { name: 'Repin modal' })).toBeVisible();
  });

  test('Create board in the footer makes a board and saves the draft into it', async ({ page }) => {
    await createAccount(page.request);
    await page.goto(createPath('button', { media: site.imageUrls[1]! }));
    await expect(page.getByText('You have no boards yet. Create one to save this Pin.')).toBeVisible();
    await page.getByRole('button', { name: 'Create board' }).click();
    await expect(page).toHaveURL(/\/board\/create\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create board' })).toBeVisible();
    await expectAccessible(page, 'mobile create-board page at 375');
    const name = uniqueName('Hallway');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.toast').filter({ hasText: `Saved to ${name}` }).getByRole('link', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pins' }).getByRole('link')).toHaveCount(1);
  });
});

test.describe('a visitor', () => {
  test("Save on a pin opens the log-in prompt; after logging in there, the picker is open on the same pin and the save goes through", async ({ page, request, playwright, baseURL }) => {
    // Grace's pin, made through her own API session (the page stays logged out).
    await createAccount(request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
    const board = await createBoard(request, uniqueName('Lanterns'));
    const pin = await createPin(request, board.id, site.imageUrls[0]!, { description: 'A paper lantern', link: site.pageUrl });
    // Ada has an account but this browser is not logged in.
    const elsewhere = await playwright.request.newContext({ baseURL });
    const ada = await createAccount(elsewhere);
    await elsewhere.dispose();

    await page.goto(`/pin/${pin.id}`);
    await expect(page.getByText('A paper lantern', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: 'Log in to save this Pin' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveAccessibleDescription(/^You're almost there!/);
    expect(await submitLogin(prompt, page, ada.email, ada.password)).toBe(200);
    await expect(prompt).toBeHidden();

    // Back on the same pin, with the picker open: the save she started goes on.
    await expect(page).toHaveURL(new RegExp(`/pin/${pin.id}/?$`));
    const picker = page.getByRole('dialog', { name: 'Repin modal' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    await picker.getByRole('button', { name: 'Create board' }).click();
    await expect(picker.getByRole('textbox', { name: 'Name' })).toBeFocused();
    const name = uniqueName('Glow');
    await picker.getByRole('textbox', { name: 'Name' }).fill(name);
    await picker.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText(`You saved your first Pin to ${name}!`)).toBeVisible();
    const toast = page.locator('.toast').filter({ hasText: `Saved to ${name}` });
    await expect(toast.getByRole('link')).toHaveAttribute('href', /^\/pin\/\d+\/?$/);
    const repinId = ((await toast.getByRole('link').getAttribute('href')) ?? '').replace(/\D/g, '');
    expect(repinId).not.toBe(pin.id);
    // The close-up's button says so, with the board, once the toast is gone too.
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAccessibleDescription(`Saved to ${name}`);
    await expect(toast).toBeHidden({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
    await page.goto(`/pin/${repinId}`);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByText(`Saved by ${ada.firstName}`)).toBeVisible();
  });

  test('from the bookmarklet sees the offsite builder; logging in there comes back to the same draft, which saves', async ({ page, playwright, baseURL }) => {
    const elsewhere = await playwright.request.newContext({ baseURL });
    const ada = await createAccount(elsewhere);
    const board = await createBoard(elsewhere, uniqueName('Porch'));
    await elsewhere.dispose();

    const path = createPath('bookmarklet', { media: site.imageUrls[2]! });
    await page.goto(path);
    // The draft card beside the log-in panel, whose next-url is this page with the extra flag.
    await expect(page.getByRole('figure', { name: 'Your Pin draft' })).toContainText(PAGE_TITLE);
    await expect(page.getByRole('figure', { name: 'Your Pin draft' })).toContainText('From 127.0.0.1');
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next).toMatch(/^\/pin\/create\/bookmarklet\/\?/);
    expect(new URLSearchParams(next.split('?')[1]).get('from_login')).toBe('1');
    await expect(page.getByRole('heading', { name: 'Log in to save this idea' })).toBeVisible();
    expect(await submitLogin(page.getByRole('main'), page, ada.email, ada.password)).toBe(200);

    // Back on the same draft, logged in: the popup's picker, the description as it came.
    await expect(page).toHaveURL(/\/pin\/create\/bookmarklet\/\?.*from_login=1/);
    await expect(page.getByLabel('Description')).toHaveValue(PAGE_TITLE);
    await page.getByRole('button', { name: new RegExp(`^${board.name}`) }).click();
    await expect(page.getByRole('heading', { name: `Saved to ${board.name}` })).toBeVisible();
    // Not a popup: no closing note and no Close window button.
    await expect(page.getByRole('button', { name: 'Close window' })).toHaveCount(0);
    const pinId = await savedPinId(page);
    await page.goto(board.url);
    await expect(page.getByRole('region', { name: 'Pins' }).locator(`a[href="/pin/${pinId}/"]`)).toBeVisible();
  });
});

test.describe('accessibility of the saving screens', () => {
  test('at 1280 px: the create popup, the board page, the pin page, the picker and the success dialog', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Reading lamps'));
    await createSection(page.request, board.id, 'Floor lamps');
    const pin = await createPin(page.request, board.id, site.imageUrls[2]!, { description: 'A pendant lamp', link: site.pageUrl });

    await page.goto('/settings/bookmarklet');
    await expect(page.getByRole('heading', { level: 1, name: 'Save button for your browser' })).toBeVisible();
    await expectAccessible(page, 'bookmarklet settings at 1280');

    await page.goto(createPath('bookmarklet'));
    await expect(page.getByRole('button', { name: 'Image 1 of 3' })).toBeVisible();
    await expectAccessible(page, 'image chooser at 1280');

    await page.goto(createPath('bookmarklet', { media: site.imageUrls[0]! }));
    await expect(page.getByRole('heading', { name: 'Choose board' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${board.name}`) })).toBeVisible();
    await expectAccessible(page, 'desktop create popup at 1280');

    await page.goto(board.url);
    await expect(page.getByRole('region', { name: 'Pins' }).locator(`a[href="/pin/${pin.id}/"]`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sections' })).toBeVisible();
    await expectAccessible(page, 'board page at 1280');

    await page.goto(`/pin/${pin.id}`);
    await expect(page.getByText('A pendant lamp', { exact: true })).toBeVisible();
    await expectAccessible(page, 'pin page at 1280');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Repin modal' });
    await expect(picker.getByRole('button', { name: new RegExp(`^${board.name}`) })).toBeVisible();
    await expectAccessible(page, 'board picker at 1280');
    await picker.getByRole('button', { name: new RegExp(`^${board.name}`) }).click();
    await expect(picker.getByRole('heading', { name: 'Choose section' })).toBeVisible();
    await expect(picker.getByRole('button', { name: /^Floor lamps/ })).toBeVisible();
    await expectAccessible(page, 'section picker at 1280');

    // The repin page's success dialog.
    await page.goto(`/pin/${pin.id}/repin/x/`);
    const repin = page.getByRole('dialog', { name: 'Repin modal' });
    await repin.getByRole('button', { name: new RegExp(`^${board.name}`) }).click();
    await repin.getByRole('button', { name: /^Floor lamps/ }).click();
    const success = page.getByRole('dialog', { name: `Saved to Floor lamps in ${board.name}` });
    await expect(success.getByRole('link', { name: 'See it now' })).toBeVisible();
    await expectAccessible(page, 'success dialog at 1280');

    // Logged out: the offsite builder (the draft beside the log-in panel).
    await page.context().clearCookies();
    await page.goto(createPath('bookmarklet', { media: site.imageUrls[0]! }));
    await expect(page).toHaveURL(/[?&]next=/);
    await expect(page.getByRole('figure', { name: 'Your Pin draft' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectAccessible(page, 'offsite builder at 1280');
  });

  test('at 375 px: the mobile page, its section step, the board page and the pin page', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await createAccount(page.request);
      const suffix = Date.now().toString(36).slice(-5);
      const boards = [];
      for (const name of ['Attic', 'Bedroom', 'Kitchen', 'Porch']) boards.push(await createBoard(page.request, `${name} ${suffix}`));
      const kitchen = boards[2]!;
      await createSection(page.request, kitchen.id, 'Lighting');
      const pin = await createPin(page.request, kitchen.id, site.imageUrls[1]!, { description: 'A brass desk lamp', link: site.pageUrl });

      await page.goto(createPath('button', { media: site.imageUrls[0]! }));
      await expect(page.getByRole('region', { name: 'All boards' })).toBeVisible();
      await expectAccessible(page, 'mobile page at 375');
      await page.getByRole('region', { name: 'All boards' }).getByRole('button', { name: new RegExp(`^Kitchen ${suffix}`) }).click();
      await expect(page.getByRole('button', { name: /^Lighting/ })).toBeVisible();
      await expectAccessible(page, 'mobile section step at 375');

      await page.goto(kitchen.url);
      await expect(page.getByRole('region', { name: 'Pins' }).locator(`a[href="/pin/${pin.id}/"]`)).toBeVisible();
      await expectAccessible(page, 'board page at 375');

      await page.goto(`/pin/${pin.id}`);
      await expect(page.getByText('A brass desk lamp', { exact: true })).toBeVisible();
      await expectAccessible(page, 'pin page at 375');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Repin modal' }).getByRole('region', { name: 'All boards' })).toBeVisible();
      await expectAccessible(page, 'board picker at 375');
    } finally {
      await context.close();
    }
  });
});
