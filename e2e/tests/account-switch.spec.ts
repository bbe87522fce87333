import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, yearsAgo } from './support/accounts';
import { accountButton, openAccountMenu, submitLogin } from './support/auth';

test('add a second account, then switch back to the first from the account menu', async ({ page, request }) => {
  // B exists beforehand (its own request context: the page is not logged in as B).
  const bea = await createAccount(request, uniqueEmail('bea'), 'correct-horse-42', 'Bea');

  // A signs up in the page ("cleo+…@example.com" → first name Cleo).
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('cleo'));
  await page.getByLabel('Create a password').fill('correct-horse-42');
  await page.getByLabel('Birthdate').fill(yearsAgo(30));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(accountButton(page, 'Cleo')).toBeVisible();
  await expect(page).toHaveURL(/\/[a-z0-9_]{3,30}$/);
  const cleoPath = new URL(page.url()).pathname;

  // "Add account": the log-in card in account-switch mode, without the sign-up toggle.
  let menu = await openAccountMenu(page, 'Cleo');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(1);
  await menu.getByRole('menuitem', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/add-account$/);
  await expect(page.getByText('Have another Pinhive account? Log in to easily switch between them')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up now' })).toHaveCount(0);

  const answer = page.waitForRequest((r) => new URL(r.url()).pathname === '/v3/login/' && r.method() === 'POST');
  expect(await submitLogin(page, page, bea.email, bea.password)).toBe(200);
  expect((await answer).postDataJSON()).toMatchObject({ username_or_email: bea.email, account_switch: true });

  // B is the active account, on B's profile.
  await expect(page).toHaveURL(new RegExp(`/${bea.username}$`));
  await expect(accountButton(page, 'Bea')).toBeVisible();

  // The menu lists both, B checked; the keyboard opens it on the first item, Escape closes it.
  const beaButton = accountButton(page, 'Bea');
  await beaButton.focus();
  await page.keyboard.press('ArrowDown');
  menu = page.getByRole('menu', { name: 'Bea' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
  await expect(menu.getByRole('menuitemradio', { name: /Bea/ })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: /Cleo/ })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(beaButton).toBeFocused();

  // Switch back to A: no password, A's profile, A's name in the top bar; a reload keeps A.
  menu = await openAccountMenu(page, 'Bea');
  await menu.getByRole('menuitemradio', { name: /Cleo/ }).click();
  await expect(page).toHaveURL(new RegExp(`${cleoPath}$`));
  await expect(accountButton(page, 'Cleo')).toBeVisible();
  await page.reload();
  await expect(accountButton(page, 'Cleo')).toBeVisible();
  menu = await openAccountMenu(page, 'Cleo');
  await expect(menu.getByRole('menuitemradio', { name: /Cleo/ })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio', { name: /Bea/ })).toHaveAttribute('aria-checked', 'false');
});
