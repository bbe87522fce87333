import { expect, test, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { submitBillingForm } from './support/advertisers';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Quick-promote from the saved-pin success dialog (saving-boards-ads.md sections 2, 3, 4, 8 and
 * 9): 'Promote your Pin' shows only once the account is not recent (the browser's clock moved 29
 * days ahead: the 28-day window); it leads through the business conversion route (creating an
 * advertiser) to the quick-promote page, whose business fields, billing form and terms come
 * first. A budget below the minimum is refused by the ads service, whose message and detail show
 * in the error modal; the draft survives a reload; a promotion then succeeds, the billing link
 * carries its query, the draft is gone, and the pin reads is_promoted.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Saves `pinId` onto `boardName` from the repin page, and returns the success dialog. */
async function saveFromRepinPage(page: Page, pinId: string, boardName: string) {
  await page.goto(`/pin/${pinId}/repin/x/`);
  await page.getByRole('dialog', { name: 'Repin modal' }).getByRole('button', { name: new RegExp(`^${boardName}`) }).click();
  const success = page.getByRole('dialog', { name: `Saved to ${boardName}` });
  await expect(success.getByRole('link', { name: 'See it now' })).toBeVisible();
  return success;
}

test('a pin saved by an account older than 28 days is promoted through business creation, business, billing and terms', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Grace's pins are what Ada saves (and promotes).
  await createAccount(request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
  const source = await createBoard(request, uniqueName('Grace lamps'));
  const first = await uploadPin(request, source.id, await uniqueImage(), { description: 'A brass desk lamp' });
  const second = await uploadPin(request, source.id, await uniqueImage(), { description: 'A paper pendant lamp' });
  await createAccount(page.request);
  const early = await createBoard(page.request, uniqueName('Ada early'));
  const later = await createBoard(page.request, uniqueName('Ada later'));

  // 1. A new account: no 'Promote your Pin'.
  let success = await saveFromRepinPage(page, first.id, early.name);
  await expect(success.getByRole('link', { name: 'Send' })).toBeVisible();
  await expect(success.getByRole('link', { name: 'Promote your Pin' })).toHaveCount(0);

  // 2. 29 days on (the browser's clock only): the button shows, and leads to the conversion route.
  await page.clock.setSystemTime(new Date(Date.now() + 29 * DAY_MS));
  success = await saveFromRepinPage(page, second.id, later.name);
  const promoteLink = success.getByRole('link', { name: 'Promote your Pin' });
  await expect(promoteLink).toBeVisible();
  const href = (await promoteLink.getAttribute('href')) ?? '';
  const next = new URL(href, 'http://x').searchParams.get('next') ?? '';
  expect(next).toMatch(/^\/advertiser\/quick_promote\?pinId=\d+$/);
  const pinId = new URLSearchParams(next.split('?')[1]).get('pinId') ?? '';
  await promoteLink.click();

  // 3. No advertiser yet: create one, then on to `next`.
  await expect(page).toHaveURL(/\/business\/create\/?\?next=/);
  await page.getByLabel('Advertiser name').fill(uniqueName('Ada Lamps'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/quick_promote\\?pinId=${pinId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Promote your Pin' })).toBeVisible();

  // 4. The page: business fields (no business yet), the country's defaults (US: 3 USD, 10 days).
  const budget = page.getByLabel('Daily budget (USD)');
  await expect(budget).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: 'Days' })).toHaveValue('10');
  await expect(page.getByText('At least 1 USD a day.')).toBeVisible();
  await page.getByRole('button', { name: 'Promote', exact: true }).click();
  // Nothing filled in the business: the page stays, its first problem focused.
  await expect(page.getByLabel('Business name')).toBeFocused();
  await expect(page.getByText('Enter your business name or its address.')).toBeVisible();
  await page.getByLabel('Business name').fill('Ada Lamps Ltd');
  await page.getByLabel('Destination website').fill('https://lamps.example/brass');
  await page.getByLabel('Campaign name').fill('Brass lamps for autumn');
  await budget.fill('0.5');
  await expectAccessible(page, 'quick-promote page');
  await page.getByRole('button', { name: 'Promote', exact: true }).click();

  // 5. Business saved; billing next (section 4), then the terms (GDPR modal).
  const billing = page.getByRole('dialog', { name: 'Billing details' });
  await expect(billing).toBeVisible();
  await billing.getByRole('button', { name: 'Continue' }).click();
  await expect(billing.getByLabel('Invoice to')).toBeFocused();
  await submitBillingForm(billing, { contact: 'Ada', email: 'ada@lamps.example', address: '1 Hive Road, Springfield' });
  const terms = page.getByRole('dialog', { name: 'Advertising terms' });
  await expect(terms.getByRole('button', { name: 'Accept and continue' })).toBeFocused();
  await terms.getByRole('button', { name: 'Accept and continue' }).click();

  // 6. The ads service refuses the budget: its message and detail in the error modal.
  const refused = page.getByRole('dialog', { name: "We couldn't promote your Pin" });
  await expect(refused).toContainText('Your daily budget is below the minimum.');
  await expect(refused).toContainText('The least daily budget is 1 USD.');
  await expectAccessible(page, 'the quick-promote error modal');
  await refused.getByRole('button', { name: 'Back to your promotion' }).click();
  await expect(refused).toBeHidden();

  // 7. The draft is kept: a reload brings the form back as typed.
  await page.reload();
  await expect(page.getByText('We brought back what you entered last time for this Pin.')).toBeVisible();
  await expect(page.getByLabel('Campaign name')).toHaveValue('Brass lamps for autumn');
  await expect(budget).toHaveValue('0.5');
  // The business is on the profile now: a summary, not the fields.
  await expect(page.getByText(/Ada Lamps Ltd/)).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveCount(0);

  // 8. The alternate budget, and promote: the success modal.
  await page.getByRole('button', { name: '7 USD' }).click();
  await expect(budget).toHaveValue('7');
  await page.getByRole('button', { name: 'Promote', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Your Pin is promoted!' });
  await expect(done).toContainText('Brass lamps for autumn');
  await expect(done).toContainText('a daily budget of 7 USD');
  const billingHref = (await done.getByRole('link', { name: 'See billing' }).getAttribute('href')) ?? '';
  const billingUrl = new URL(billingHref, 'http://x');
  expect(billingUrl.pathname).toMatch(/^\/advertiser\/\d+\/billing\/$/);
  expect(billingUrl.searchParams.get('campaign_id')).toMatch(/^\d+$/);
  expect(billingUrl.searchParams.get('objective_type')).toBe('CLICKTHROUGH');
  expect(billingUrl.searchParams.get('is_quick_promote')).toBe('true');
  await expectAccessible(page, 'quick-promote success');

  // The draft went with the promotion.
  const advertiserId = billingUrl.pathname.split('/')[2];
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `${advertiserId}.${pinId}`)).toBeNull();

  // 9. Done ends the flow on the pin's page; pins-boards marks the pin once it hears of the promotion.
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/pin/${pinId}/?$`));
  await expect
    .poll(async () => ((await (await page.request.get(`/v3/pins/${pinId}/`)).json()).resource_response?.data?.is_promoted as boolean | undefined) ?? false, { timeout: 30_000 })
    .toBe(true);
});

test('without a pin the flow opens on the pin selection, board by board, and keeps the chosen pin in the address', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request);
  const board = await createBoard(page.request, uniqueName('Ada shop'));
  const pin = await uploadPin(page.request, board.id, await uniqueImage(), { description: 'A linen lampshade' });
  // Ada already has an advertiser: the conversion route sends her straight on to `next`.
  await page.goto(`/business/create/?next=${encodeURIComponent('/advertiser/quick_promote')}`);
  await page.getByLabel('Advertiser name').fill(uniqueName('Ada Shades'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/advertiser\/quick_promote$/);
  await page.goto(`/business/create/?next=${encodeURIComponent('/advertiser/quick_promote')}`);
  await expect(page).toHaveURL(/\/advertiser\/quick_promote$/);
  // A `next` that would leave the site is not followed.
  await page.goto(`/business/create/?next=${encodeURIComponent('//evil.example/')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create an advertiser' })).toBeVisible();

  await page.goto('/advertiser/quick_promote');
  const selection = page.getByRole('dialog', { name: 'Choose a Pin to promote' });
  await expect(selection.getByRole('heading', { name: 'Choose a Pin to promote' })).toBeFocused();
  await selection.getByRole('button', { name: new RegExp(`^${board.name}`) }).click();
  await expect(selection.getByRole('heading', { name: `Pins on ${board.name}` })).toBeVisible();
  await expectAccessible(page, 'pin selection');
  await selection.getByRole('button', { name: 'Promote A linen lampshade' }).click();
  await expect(selection).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/advertiser/quick_promote\\?pinId=${pin.id}$`));
  await expect(page.getByLabel('Campaign name')).toHaveValue('A linen lampshade');
  await expect(page.getByLabel('Business name')).toBeVisible();

  // A web-conversion ad needs a conversion tag: the tag modal makes one, and the page chooses it.
  await page.getByRole('radio', { name: 'More people act on my website' }).check();
  await expect(page.getByText('You have no conversion tags yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Make a conversion tag' }).click();
  const tagModal = page.getByRole('dialog', { name: 'Make a conversion tag' });
  await expect(tagModal.getByLabel('Tag name')).toBeFocused();
  await tagModal.getByRole('button', { name: 'Make tag' }).click();
  await expect(tagModal.getByText('Name the tag.')).toBeVisible();
  await tagModal.getByLabel('Tag name').fill('Checkout page');
  await tagModal.getByRole('button', { name: 'Make tag' }).click();
  await expect(tagModal).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Conversion tag' }).locator('option:checked')).toHaveText('Checkout page');
  await expect(page.getByRole('combobox', { name: 'Conversion event' })).toHaveValue('PAGE_VISIT');
});
