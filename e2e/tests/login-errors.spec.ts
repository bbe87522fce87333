import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectFieldError, RATE_LIMITED, submitLogin, WRONG_PASSWORD } from './support/auth';

test('a wrong password shows the exact message at the password field', async ({ page, request }) => {
  const account = await createAccount(request);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pinhive' })).toBeVisible();
  expect(await submitLogin(page, page, account.email, 'not-the-password')).toBe(401);

  const password = page.getByLabel('Password', { exact: true });
  await expectFieldError(password, WRONG_PASSWORD);
  await expect(password).toBeFocused();
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  // "Reset your password" in the message is a link to the recovery page for the typed email.
  await expect(page.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
    'href',
    `/password/reset/?${new URLSearchParams({ ue: account.email }).toString()}`,
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('five wrong passwords, then the rate-limited modal even with the right one', async ({ page, request }) => {
  // A fresh account of its own: the lockout touches no other test.
  const account = await createAccount(request);
  await page.goto('/login');

  for (let attempt = 1; attempt <= 5; attempt++) {
    expect(await submitLogin(page, page, account.email, `wrong-password-${attempt}`)).toBe(401);
    await expectFieldError(page.getByLabel('Password', { exact: true }), WRONG_PASSWORD);
  }

  expect(await submitLogin(page, page, account.email, account.password)).toBe(429);
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('aria-modal', 'true');
  await expect(modal).toContainText(RATE_LIMITED);
  await expect(page).toHaveURL(/\/login$/);

  // Closing clears it; still logged out.
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toBeVisible();
});
