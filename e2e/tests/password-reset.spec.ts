import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { accountButton, expectFieldError, logOutFromTopBar, submitLogin, WRONG_PASSWORD } from './support/auth';

test('forgot password: the emailed link sets a new password; the old one stops working', async ({ page, request }) => {
  const account = await createAccount(request);
  const newPassword = 'brand-new-secret-7';

  // From the log-in page, "Forgot your password?" carries the typed email along.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password\/reset\/\?ue=/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The development outbox shows the email; its link is the way back in.
  await page.goto('/dev/outbox');
  await expect(page.getByText('exists only in development')).toBeVisible();
  const message = page.getByRole('article').filter({ hasText: account.email }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const link = message.getByRole('link').filter({ hasText: '/password/reset/' }).first();
  const href = await link.getAttribute('href');
  expect(href).toContain('token=');
  const target = new URL(href!, page.url());
  await page.goto(target.pathname + target.search);

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  // Logged in, on the member's own profile.
  await expect(page).toHaveURL(new RegExp(`/${account.username}$`));
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await logOutFromTopBar(page, 'Ada');

  // The old password no longer works; the new one does.
  await page.goto('/login');
  expect(await submitLogin(page, page, account.email, account.password)).toBe(401);
  await expectFieldError(page.getByLabel('Password', { exact: true }), WRONG_PASSWORD);
  expect(await submitLogin(page, page, account.email, newPassword)).toBe(200);
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await page.reload();
  await expect(accountButton(page, 'Ada')).toBeVisible();
});
