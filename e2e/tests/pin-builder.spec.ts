import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, createSection } from './support/boards';
import { operator } from './support/operator';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * The pin builder (`/pin-builder/`, saving-boards-ads.md sections 3, 6 and 9) in Chromium: a pin
 * built from an uploaded image into a section, landing on its page; and its gating read from the
 * viewer's experiment groups on each page load, forced here with the `ph_exp` cookie as an
 * operator's change would move them.
 */
const MULTI_HINT = 'You can add up to 5 images: each one becomes a Pin.';
const CREATION_OFF = 'Pin creation is turned off for now. Please try again later.';

const forceExperiments = (context: BrowserContext, baseURL: string | undefined, value: string) => context.addCookies([{ name: 'ph_exp', value, url: baseURL! }]);
const status = (page: Page) => page.locator('.pin-builder__status');

test('builds a pin from an uploaded image into a section and lands on its page', async ({ page }) => {
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Builder'));
  await createSection(page.request, board.id, 'Uploads');

  await page.goto('/');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/pin-builder\/$/);
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
  // One image at a time: multi-pin is off for a pinner in control.
  await expect(page.getByText(MULTI_HINT)).toHaveCount(0);
  await expectAccessible(page, 'pin builder');

  await page.getByLabel('Drag and drop an image or click to upload').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: await uniqueImage(600, 900) });
  await expect(status(page)).toHaveText('Ready to publish');
  await expect(page.getByRole('img', { name: 'Preview of lamp.png' })).toBeVisible();

  await page.getByLabel('Title').fill('Brass lamp');
  await expect(page.getByText('10/100')).toBeVisible();
  await page.getByLabel('Description').fill('Warm light for the reading corner');
  await expect(page.getByText('33/500')).toBeVisible();
  await page.getByLabel('Link').fill('https://example.com/lamp');
  await page.getByLabel('Alt text').fill('A brass lamp on a wooden desk');
  await page.getByRole('radio', { name: '1:1' }).check();

  await page.getByRole('button', { name: /Choose a board/ }).click();
  await page.getByRole('button', { name: new RegExp(board.name) }).click();
  await page.getByRole('button', { name: /Uploads\s*Select/ }).click();
  await expect(page.getByRole('button', { name: `Board Uploads in ${board.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/pin\/\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Brass lamp' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'A brass lamp on a wooden desk' }).first()).toBeVisible();
  // Saved into the section (the pin page does not name it; the API does).
  const pinId = /\/pin\/(\d+)\//.exec(page.url())![1]!;
  const pin = (await (await page.request.get(`/v3/pins/${pinId}/`)).json()).resource_response.data;
  expect(pin).toMatchObject({ title: 'Brass lamp', description: 'Warm light for the reading corner', link: 'https://example.com/lamp', alt_text: 'A brass lamp on a wooden desk', board: { id: board.id }, section: { title: 'Uploads' } });
});

test("an experiment switched off hides the builder's gated control on the next page load", async ({ page, context, baseURL }) => {
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Pairs'));
  await forceExperiments(context, baseURL, 'web_pin_builder_multi_pin:enabled');
  await page.goto('/pin-builder/');
  await expect(page.getByText(MULTI_HINT)).toBeVisible();
  await expect(page.getByLabel('Drag and drop images or click to upload')).toHaveAttribute('multiple', '');
  // Two images dropped at once: both taken, each uploaded.
  const files = [
    ['shelf.png', (await uniqueImage(400, 600)).toString('base64')],
    ['chair.png', (await uniqueImage(400, 600)).toString('base64')],
  ];
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const [name, base64] of list) transfer.items.add(new File([Uint8Array.from(atob(base64!), (c) => c.charCodeAt(0))], name!, { type: 'image/png' }));
    return transfer;
  }, files);
  await page.locator('.pin-builder__drop').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('img', { name: 'Preview of shelf.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of chair.png' })).toBeVisible();
  await expect(status(page)).toHaveText('Ready to publish');
  // pins-boards' check reads the same forced groups (the kit's forcedGroupsOf): both become pins.
  await page.getByRole('button', { name: /Choose a board/ }).click();
  await page.getByRole('button', { name: new RegExp(board.name) }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your 2 Pins are published!').first()).toBeVisible();

  // The operator switches it off: the next load has the viewer in control.
  await forceExperiments(context, baseURL, 'web_pin_builder_multi_pin:control');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
  await expect(page.getByText(MULTI_HINT)).toHaveCount(0);
  const picker = page.getByLabel('Drag and drop an image or click to upload');
  await expect(picker).toBeAttached();
  await expect(picker).not.toHaveAttribute('multiple', '');
});

test("an operator's allocation reaches the builder on the next page load, and taking it back hides the control again", async ({ page }) => {
  await createAccount(page.request);
  await page.goto('/pin-builder/');
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
  await expect(page.getByText(MULTI_HINT)).toHaveCount(0);
  const hintAfterLoad = async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
    return page.getByText(MULTI_HINT).isVisible();
  };
  // Everyone into multi-pin, by the operators' command (experiences serves it within a second).
  expect(operator('experiments', 'set', 'web_pin_builder_multi_pin', 'enabled', '100')).toMatch(/web_pin_builder_multi_pin/);
  try {
    await expect.poll(hintAfterLoad, { timeout: 15_000 }).toBe(true);
    await expect(page.getByLabel('Drag and drop images or click to upload')).toHaveAttribute('multiple', '');
  } finally {
    operator('experiments', 'set', 'web_pin_builder_multi_pin', 'enabled', '0');
  }
  await expect.poll(hintAfterLoad, { timeout: 15_000 }).toBe(false);
  await expect(page.getByLabel('Drag and drop an image or click to upload')).not.toHaveAttribute('multiple', '');
});

test('pin creation switched off shows a message instead of the form', async ({ page, context, baseURL }) => {
  await createAccount(page.request);
  await forceExperiments(context, baseURL, 'web_pin_creation_disabled_all:enabled');
  await page.goto('/pin-builder/');
  await expect(page.getByRole('alert')).toContainText(CREATION_OFF);
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByLabel(/click to upload/)).toHaveCount(0);
});
