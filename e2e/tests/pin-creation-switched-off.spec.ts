import { devices, expect, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { createBoard, uploadPin } from './support/boards';
import { PAGE_TITLE, startPageServer, type PageServer } from './support/page-server';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Pin creation switched off by experiment (saving-boards-ads.md section 6; docs/decisions/experiments.md):
 * pins-boards refuses the save and every save flow says why. The switch is forced for this
 * browser alone with the `ph_exp` cookie (outside production; an operator's
 * `npm run admin -- experiments set` would switch it for everyone, which these tests cannot
 * reach and would disturb the others), and pins-boards reads it as it reads its allocations.
 */
const MESSAGE = 'Pin creation is turned off for now. Please try again later.';
/** A phone at the spec's 375 px, as saving.spec.ts has it. */
const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 5'];
const PHONE = { ...pixel, viewport: { width: 375, height: 812 } };

let site: PageServer;
test.beforeAll(async () => {
  site = await startPageServer();
});
test.afterAll(async () => {
  await site?.close();
});

test('the board picker on a pin page says pin creation is off and saves nothing; switched on again, the save goes through', async ({ page, context, baseURL }) => {
  await createAccount(page.request);
  const lamps = await createBoard(page.request, uniqueName('Lamps'));
  const shelf = await createBoard(page.request, uniqueName('Shelf'));
  const pin = await uploadPin(page.request, lamps.id, await uniqueImage(300, 360), { description: 'A brass lamp' });

  await context.addCookies([{ name: 'ph_exp', value: 'web_pin_creation_disabled_all:enabled', url: baseURL! }]);
  await page.goto(`/pin/${pin.id}`);
  await expect(page.getByText('A brass lamp', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Repin modal' });
  await picker.getByRole('button', { name: new RegExp(`^${shelf.name}`) }).first().click();
  await expect(page.locator('.toast').filter({ hasText: MESSAGE })).toBeVisible();
  // Back to the choice, and the board got nothing.
  await expect(picker.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await page.goto(shelf.url);
  await expect(page.getByRole('heading', { level: 1, name: shelf.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pins' }).getByRole('link')).toHaveCount(0);

  await context.clearCookies({ name: 'ph_exp' });
  await page.goto(`/pin/${pin.id}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await picker.getByRole('button', { name: new RegExp(`^${shelf.name}`) }).first().click();
  await expect(page.locator('.toast').filter({ hasText: `Saved to ${shelf.name}` })).toBeVisible();
});

test.describe('the mobile page at 375 px', () => {
  test.use(PHONE);

  test('whose other failures have one fixed text, says pin creation is off too', async ({ page, context, baseURL }) => {
    await createAccount(page.request);
    const board = await createBoard(page.request, uniqueName('Hall'));
    await context.addCookies([{ name: 'ph_exp', value: 'web_pin_creation_disabled_web:enabled', url: baseURL! }]);
    const query = new URLSearchParams({ url: site.pageUrl, media: site.imageUrls[2]!, description: PAGE_TITLE });
    await page.goto(`/pin/create/button/?${query.toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose board' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${board.name}`) }).first().click();
    await expect(page.locator('.toast').filter({ hasText: MESSAGE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose board' })).toBeVisible();
  });
});
