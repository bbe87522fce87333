import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, uniquePhone } from './support/accounts';
import { accountButton, expectDescribedFieldError, logOutFromTopBar, openAccountMenu, submitLogin } from './support/auth';
import { otherCode, textedCode } from './support/outbox';

test('two-factor: enrol a phone in the settings, then log in with the texted code', async ({ page, request }) => {
  // Signed up through the page's own cookies: the page is logged in as the new account.
  const account = await createAccount(page.request, uniqueEmail('mia'), 'correct-horse-42', 'Mia');
  const phone = uniquePhone();
  const end = phone.slice(-2);

  // The account menu leads to the security settings; two-factor is off.
  await page.goto('/');
  const menu = await openAccountMenu(page, 'Mia');
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Two-factor authentication is' });
  await expect(status).toHaveText('Two-factor authentication is off.');

  // Enrol the phone: a code is texted to it; the code form says where it went.
  await page.getByLabel('Phone number').fill(`${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  const settingsCode = page.getByLabel('Verification code');
  await expect(settingsCode).toBeFocused();
  await expect(page.getByText(`We texted a code to the phone ending in ${end}.`)).toBeVisible();
  const enrolment = await textedCode(request, phone);
  await settingsCode.fill(enrolment.code.slice(0, 5));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectDescribedFieldError(settingsCode, "Hmm...that doesn't look like a verification code.");
  await settingsCode.fill(enrolment.code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(status).toHaveText(`Two-factor authentication is on for the phone ending in ${end}`);
  await page.reload();
  await expect(status).toHaveText(`Two-factor authentication is on for the phone ending in ${end}`);

  await logOutFromTopBar(page, 'Mia');
  // Logged out, the settings page asks to log in first and comes back afterwards.
  await expect(page).toHaveURL(/\/login\?next=\/settings\/security$/);

  // The right password is not enough: the code step shows the phone ending.
  expect(await submitLogin(page, page, account.email, account.password)).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication required' })).toBeVisible();
  await expect(page.getByText(`We texted a verification code to your phone number ending in ${end}.`)).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  const first = await textedCode(request, phone, enrolment);

  // Client rules: empty, then not 6 digits (no request for either).
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(code, "You missed a spot! Don't forget to add your verification code.");
  await code.fill('12 34');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(code, "Hmm...that doesn't look like a verification code.");

  // A wrong code: the server's message at the field.
  await code.fill(otherCode(first.code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(code, "That code isn't right. Check it, or send a new one.");

  // "Resend code": a new code and a toast; the old code no longer works.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent you a new code' })).toBeVisible();
  const second = await textedCode(request, phone, first);
  expect(second.code).toMatch(/^\d{6}$/);
  if (second.code !== first.code) {
    await code.fill(first.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
  }

  // The newest code logs in; `next` brings the member back to the settings.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/login/' && r.request().method() === 'POST');
  await code.fill(second.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(accountButton(page, 'Mia')).toBeVisible();
  await expect(status).toHaveText(`Two-factor authentication is on for the phone ending in ${end}`);
  await page.reload();
  await expect(accountButton(page, 'Mia')).toBeVisible();
});
