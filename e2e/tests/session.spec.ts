import { expect, test } from '@playwright/test';
import { uniqueEmail, yearsAgo } from './support/accounts';
import { accountButton, loginOpener, logOutFromTopBar, openAccountMenu, submitLogin } from './support/auth';

test("sign up, log out, log in through the top bar's flyout, still logged in after a reload", async ({ page }) => {
  const email = uniqueEmail('ada');
  const password = 'correct-horse-42';

  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create a password').fill(password);
  await page.getByLabel('Birthdate').fill(yearsAgo(30));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Lands on the new profile; the top bar's account menu has the first name, the profile and a way out.
  await expect(page).toHaveURL((url) => url.pathname !== '/signup' && /^\/[a-z0-9_]{3,30}$/.test(url.pathname));
  await expect(accountButton(page, 'Ada')).toBeVisible();
  const profilePath = new URL(page.url()).pathname;
  const menu = await openAccountMenu(page, 'Ada');
  await expect(menu.getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute('href', profilePath);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada' })).toBeVisible({ timeout: 20_000 });

  await logOutFromTopBar(page, 'Ada');
  await expect(accountButton(page, 'Ada')).toHaveCount(0);

  // "Log in" opens the card as a flyout under the button (not modal), with the focus inside: this
  // browser recognises Ada, so it is the welcome-back view, waiting for her password.
  const opener = loginOpener(page);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back, Ada' });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveAttribute('aria-modal', 'true');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();

  // Escape closes it and gives the focus back to the opener; open it again to log in.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();

  expect(await submitLogin(dialog, page, email, password)).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(accountButton(page, 'Ada')).toBeVisible();

  await page.reload();
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toHaveCount(0);
});
