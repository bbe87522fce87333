import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { accountButton, expectFieldError, logOutFromTopBar, WRONG_PASSWORD } from './support/auth';

const NOT_YOU = 'Not you? Log in with a different account';

test('welcome back: a recognised visitor logs in with the password only; "Not you?" forgets them for good', async ({ page }) => {
  // Created through the page's own cookies: the page is logged in as Ada and the browser now
  // recognises her, which outlives the log-out.
  const account = await createAccount(page.request, uniqueEmail('ada'), 'correct-horse-42', 'Ada');
  await page.goto('/');
  await logOutFromTopBar(page, 'Ada');

  // /login greets her by her first name and shows her email, read-only.
  await page.goto('/login');
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' });
  await expect(welcome).toBeVisible();
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await expect(email).toHaveValue(account.email);
  await expect(email).not.toBeEditable();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: NOT_YOU })).toBeVisible();

  // A wrong password fails as on the log-in form: the spec's message at the password field.
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectFieldError(password, WRONG_PASSWORD);

  // The password alone logs in: the recognised email is what is sent.
  await password.fill(account.password);
  const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/v3/login/' && r.method() === 'POST');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  expect((await login).postDataJSON()).toMatchObject({ username_or_email: account.email, password: account.password });
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Logged out again, "Not you?" makes the browser forget her and shows the plain log-in,
  // with the focus in its (empty) email field.
  await logOutFromTopBar(page, 'Ada');
  await page.goto('/login');
  await expect(welcome).toBeVisible();
  const forgotten = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/auth/recognised/' && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: NOT_YOU }).click();
  expect((await forgotten).status()).toBe(200);
  await expect(welcome).toHaveCount(0);
  await expect(email).toBeEditable();
  await expect(email).toHaveValue('');
  await expect(email).toBeFocused();
  await expect(page.getByRole('button', { name: NOT_YOU })).toHaveCount(0);

  // The server forgot too: a reload shows the plain log-in again.
  await page.reload();
  await expect(email).toBeEditable();
  await expect(email).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: NOT_YOU })).toHaveCount(0);
});

test('welcome back from the top bar\'s "Log in": the focus waits in the password field', async ({ page }) => {
  await createAccount(page.request, uniqueEmail('ada'), 'correct-horse-42', 'Ada');
  await page.goto('/');
  await logOutFromTopBar(page, 'Ada');

  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back, Ada' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
});

test('adding an account is never "welcome back"', async ({ page }) => {
  // Cleo is logged in, and so also the account this browser recognises.
  await createAccount(page.request, uniqueEmail('cleo'), 'correct-horse-42', 'Cleo');
  await page.goto('/add-account');
  await expect(page.getByText('Have another Pinhive account? Log in to easily switch between them')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeEditable();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: NOT_YOU })).toHaveCount(0);
});
