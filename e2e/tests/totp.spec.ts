import { expect, test, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, uniqueEmail } from './support/accounts';
import { accountButton, expectDescribedFieldError, logOutFromTopBar, openAccountMenu, submitLogin } from './support/auth';
import { expectAccessible } from './support/axe';

/**
 * Two-factor by authenticator app: the test is the person's app. It reads the key the page
 * shows (as someone who cannot scan the QR code would) and makes codes from it with otpauth.
 */
const PERIOD_MS = 30_000;
/** The app's code `stepsAhead` 30-second steps from now (the server takes one step of drift). */
const appCode = (key: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + stepsAhead * PERIOD_MS });
/** A 6-digit code that is none of the window's (the steps before, now and after). */
function wrongCode(key: string): string {
  const window = new Set([-1, 0, 1, 2].map((d) => appCode(key, d)));
  let code = 123456;
  while (window.has(String(code))) code += 1;
  return String(code);
}

async function goToSecurity(page: Page, firstName: string): Promise<Locator> {
  const menu = await openAccountMenu(page, firstName);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  return page.getByRole('status').filter({ hasText: 'Two-factor authentication is' });
}

test('two-factor by authenticator app: enrol with the QR code page, then log in with a code and with a recovery code', async ({ page }) => {
  const account = await createAccount(page.request, uniqueEmail('tao'), 'correct-horse-42', 'Tao');
  await page.goto('/');
  const status = await goToSecurity(page, 'Tao');
  await expect(status).toHaveText('Two-factor authentication is off.');

  // Set-up: the QR code (an image with its alt text), the key to type, then the app's code.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setupHeading = page.getByRole('heading', { level: 3, name: 'Set up your authenticator app' });
  await expect(setupHeading).toBeFocused();
  const qr = page.getByRole('img', { name: 'QR code for adding your Pinhive account to an authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  await expect(page.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute('href', /^otpauth:\/\/totp\/Pinhive:/);
  const key = (await page.locator('.authenticator-setup__key code').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'authenticator set-up');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'authenticator set-up on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  const setupCode = page.getByLabel('Code from the app');
  await setupCode.fill('12345');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectDescribedFieldError(setupCode, "Hmm...that doesn't look like a verification code.");
  await setupCode.fill(wrongCode(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectDescribedFieldError(setupCode, "That code isn't right. Check your authenticator app and try again.");
  await setupCode.fill(appCode(key));
  await page.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown this once, with the warning and a copy button.
  const codesHeading = page.getByRole('heading', { level: 3, name: 'Save your recovery codes' });
  await expect(codesHeading).toBeFocused();
  await expect(page.getByText("You'll only see these codes now.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expectAccessible(page, 'recovery codes');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'recovery codes on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: "I've saved my codes" }).click();
  await expect(status).toHaveText('Two-factor authentication is on with an authenticator app. 10 recovery codes left.');
  await expect(status).toBeFocused();
  await page.reload();
  await expect(status).toHaveText('Two-factor authentication is on with an authenticator app. 10 recovery codes left.');
  await expect(page.getByRole('list', { name: 'Your recovery codes' })).toHaveCount(0);

  // Log-in asks for the app's code: no texting, no "Resend code".
  await logOutFromTopBar(page, 'Tao');
  expect(await submitLogin(page, page, account.email, account.password)).toBe(401);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication required' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
  await expectAccessible(page, "the log-in's authenticator step");
  await code.fill(wrongCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(code, "That code isn't right. Check your authenticator app and try again.");
  // The set-up's code is spent: the next step's (within the drift the server allows) logs in.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/login/' && r.request().method() === 'POST');
  await code.fill(appCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  expect((await answer).status()).toBe(200);
  await expect(accountButton(page, 'Tao')).toBeVisible();

  // A recovery code instead of the app's: "Use a recovery code", typed any way, works once.
  await logOutFromTopBar(page, 'Tao');
  expect(await submitLogin(page, page, account.email, account.password)).toBe(401);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recovery = page.getByLabel('Recovery code');
  await expect(recovery).toBeFocused();
  await expect(recovery).toHaveAccessibleDescription('Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.');
  await expectAccessible(page, "the log-in's recovery code step");
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(recovery, "You missed a spot! Don't forget to add your recovery code.");
  await recovery.fill('abcde');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(recovery, "Hmm...that doesn't look like a recovery code. They look like abcde-12345.");
  await recovery.fill(codes[0]!.toUpperCase().replace('-', ' '));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(accountButton(page, 'Tao')).toBeVisible();

  // The same recovery code does not work twice.
  await logOutFromTopBar(page, 'Tao');
  expect(await submitLogin(page, page, account.email, account.password)).toBe(401);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDescribedFieldError(page.getByLabel('Recovery code'), "That recovery code isn't right, or it was used already.");
  await page.getByRole('button', { name: 'Use a code from your authenticator app' }).click();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(accountButton(page, 'Tao')).toBeVisible();

  // Turning it off takes a code (a recovery code does: the app's codes of this window are spent).
  const settingsStatus = await goToSecurity(page, 'Tao');
  await expect(settingsStatus).toHaveText('Two-factor authentication is on with an authenticator app. 8 recovery codes left.');
  await page.getByRole('button', { name: 'Turn off' }).click();
  const offCode = page.getByLabel('Code from the app, or a recovery code');
  await expect(offCode).toBeFocused();
  await offCode.fill(codes[2]!);
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(settingsStatus).toHaveText('Two-factor authentication is off.');
  await logOutFromTopBar(page, 'Tao');
  expect(await submitLogin(page, page, account.email, account.password)).toBe(200);
});
