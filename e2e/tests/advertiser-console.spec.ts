import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { addAdvertiserMember, createAdvertiser, submitBillingForm } from './support/advertisers';
import { expectAccessible } from './support/axe';
import { uniqueName } from './support/unique';

/**
 * The advertiser console (saving-boards-ads.md section 2, its URL table; issue 25): under
 * `/advertiser/{id}/` its owner sees the advertiser's name and the sections this product offers;
 * any other path of the table keeps the shell and says plainly that the section is not offered;
 * someone who neither owns the advertiser nor acts for it finds nothing there.
 */
const OFFERED = ['Overview', 'Campaigns', 'Ad groups', 'Ads', 'Billing', 'Order lines', 'Promote a Pin'];

test('an owner opens the console of their advertiser, a section it does not offer says so, and a stranger finds nothing', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const brand = uniqueName('Hive Lamps');
  const { id } = await createAdvertiser(page.request, brand);

  // 1. From the business access page, the console's overview: the name, the role, the sections.
  await page.goto('/business/access');
  await page.getByRole('region', { name: brand }).getByRole('link', { name: `Advertiser console of ${brand}` }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/${id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: brand })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Advertiser console' });
  for (const name of OFFERED) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('You own it');
  await expect(page).toHaveTitle(`Overview · ${brand} | Pinhive`);
  await expectAccessible(page, 'the advertiser console overview');

  // 2. An offered section, from the navigation: it becomes the current one.
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/${id}/reporting/campaigns/$`));
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');

  // 3. A path of the table this product does not offer: the shell, and a plain statement.
  await page.goto(`/advertiser/${id}/audiences/`);
  await expect(page.getByRole('heading', { level: 1, name: brand })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Audiences' })).toBeVisible();
  await expect(page.getByText("Pinhive doesn't offer this section of the advertiser console.")).toBeVisible();
  await expect(nav.locator('[aria-current]')).toHaveCount(0);
  await expectAccessible(page, 'a console section that is not offered');
  await page.getByRole('link', { name: 'Back to the overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/${id}/$`));

  // 4. The console without an id goes on to her only advertiser.
  await page.goto('/advertiser/');
  await expect(page).toHaveURL(new RegExp(`/advertiser/${id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: brand })).toBeVisible();

  // 5. Someone else, signed in, opening her console: not found or not theirs, and no name.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const stranger = await context.newPage();
  await createAccount(stranger.request, uniqueEmail('sam'), 'correct-horse-42', 'Sam');
  await stranger.goto(`/advertiser/${id}/reporting/campaigns/`);
  await expect(stranger.getByRole('heading', { level: 1, name: "We couldn't find this advertiser" })).toBeVisible();
  await expect(stranger.getByText('only its owner and the people who act for it can open its console')).toBeVisible();
  await expect(stranger.getByText(brand)).toHaveCount(0);
  await expect(stranger.getByRole('navigation', { name: 'Advertiser console' })).toHaveCount(0);
  await expectAccessible(stranger, 'the console of an advertiser that is not yours');
  await context.close();
});

test('without an id the console asks which advertiser, keeps the quick-promote query, and a member sees their role; a visitor logs in first', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A visitor is sent to log in, and comes back to the same address.
  await page.goto('/advertiser/123/billing/');
  await expect(page).toHaveURL(/\/login\?next=\/advertiser\/123\/billing\/$/);

  // Olga owns two advertisers and acts for neither: the id-less quick-promote asks which.
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const lamps = await createAdvertiser(page.request, uniqueName('Hive Lamps'));
  const combs = await createAdvertiser(page.request, uniqueName('Comb & Co'));
  await page.goto('/advertiser/quick-promote/?pinId=5');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an advertiser' })).toBeVisible();
  await expect(page.getByRole('link', { name: lamps.name })).toBeVisible();
  await expectAccessible(page, 'choosing an advertiser for the console');
  await page.getByRole('link', { name: combs.name }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/${combs.id}/quick-promote/\\?pinId=5$`));
  const nav = page.getByRole('navigation', { name: 'Advertiser console' });
  await expect(nav.getByRole('link', { name: 'Promote a Pin' })).toHaveAttribute('aria-current', 'page');

  // The table's id-less quick-promote path under the prefix is the advertiser's own quick-promote.
  await page.goto(`/advertiser/${combs.id}/advertiser/quick-promote/`);
  await expect(page).toHaveURL(new RegExp(`/advertiser/${combs.id}/quick-promote/$`));
  // An address the table lacks: the shell says there is no such page.
  await page.goto(`/advertiser/${combs.id}/nothing-here/`);
  await expect(page.getByRole('heading', { level: 2, name: 'No such page' })).toBeVisible();

  // Grace acts for the lamps: her console of it says so.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const member = await context.newPage();
  const grace = await createAccount(member.request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
  await addAdvertiserMember(page.request, lamps.id, grace.username);
  await member.goto('/advertiser/');
  await expect(member).toHaveURL(new RegExp(`/advertiser/${lamps.id}/$`));
  await expect(member.getByRole('heading', { level: 1, name: lamps.name })).toBeVisible();
  await expect(member.getByRole('main')).toContainText('You act for it');
  await expect(member.getByRole('main')).toContainText('2 people can act for it');
  await context.close();
});

test('billing details added in the console ask for the advertising terms first, and keep what was typed when they are declined', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const { id } = await createAdvertiser(page.request, uniqueName('Hive Lamps'));
  await page.goto(`/advertiser/${id}/billing/`);
  await expect(page.getByText('No billing details yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add billing details' }).click();
  const form = page.getByRole('dialog', { name: 'Billing details' });
  const olgasBilling = { contact: 'Olga', email: 'olga@lamps.example', address: '1 Hive Road, Springfield' };
  await submitBillingForm(form, olgasBilling);

  // GDPR_MODAL: nothing is stored until the terms are accepted; "Not now" goes back to the form.
  const terms = page.getByRole('dialog', { name: 'Advertising terms' });
  await expect(terms.getByRole('button', { name: 'Accept and continue' })).toBeFocused();
  await expectAccessible(page, 'the advertising terms over the console billing page');
  await terms.getByRole('button', { name: 'Not now' }).click();
  await expect(form.getByText('You need to accept the advertising terms to add billing details.')).toBeVisible();
  await expect(form.getByLabel('Billing address')).toHaveValue('1 Hive Road, Springfield');
  await page.reload();
  await expect(page.getByText('No billing details yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add billing details' }).click();
  await submitBillingForm(form, olgasBilling);
  await terms.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('main')).toContainText('olga@lamps.example');

  // Accepted once: an edit is stored without asking again, and survives a reload.
  await page.getByRole('button', { name: 'Edit billing details' }).click();
  await form.getByLabel('Billing address').fill('2 Hive Road, Springfield');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form).toBeHidden();
  await expect(terms).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('main')).toContainText('2 Hive Road, Springfield');
});
