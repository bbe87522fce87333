import { expect, test, type Request } from '@playwright/test';
import { createAccount, yearsAgo } from './support/accounts';
import { accountButton, logOutFromTopBar, submitLogin } from './support/auth';
import { expectAccessible } from './support/axe';
import { cancelAtProvider, expectProviderHint, openPopup, signInAtProvider, uniqueSsoEmail } from './support/provider';

const isPath = (path: string, method = 'POST') => (r: Request) => new URL(r.url()).pathname === path && r.method() === method;

test.describe('single sign-on', () => {
  test('a person signs up with SSO through the popup, then logs in the same way', async ({ page }) => {
    const email = uniqueSsoEmail('grace');
    const registrations: Request[] = [];
    page.on('request', (r) => {
      if (isPath('/v3/register/social/')(r)) registrations.push(r);
    });

    // Sign-up: once the email is checked (300 ms after typing), the button reads "Continue with
    // SSO" and the password field goes; the birthday stays.
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    const continueWithSso = page.getByRole('button', { name: 'Continue with SSO' });
    await expect(continueWithSso).toBeVisible();
    await expect(page.getByLabel('Create a password')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Your organisation signs you in' })).toBeVisible();
    await page.getByLabel('Birthdate').fill(yearsAgo(30));
    await expectAccessible(page, 'sign-up, SSO email');

    // The popup goes to the organisation's sign-in (the local provider), which knows the email.
    const popup = await openPopup(page, continueWithSso);
    await expectProviderHint(popup, email);
    await signInAtProvider(popup, { login: email, givenName: 'Grace', familyName: 'Hopper' });

    // No account yet: the SSO sign-up, with the form's birthday, and the new member's profile.
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible({ timeout: 20_000 });
    expect(registrations).toHaveLength(1);
    const body = registrations[0]!.postDataJSON() as Record<string, unknown>;
    expect(body['type']).toBe('sso');
    expect(typeof body['birthday']).toBe('number');
    expect(body).not.toHaveProperty('email');

    // Log in again through the popup: the code logs in, no password anywhere.
    await logOutFromTopBar(page, 'Grace');
    await page.goto('/login');
    const emailField = page.getByLabel('Email');
    if (await emailField.isEditable()) await emailField.fill(email);
    else await expect(emailField).toHaveValue(email);
    const logInWithSso = page.getByRole('button', { name: 'Continue with SSO' });
    await expect(logInWithSso).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expectAccessible(page, 'log-in, SSO email');
    const logins: Request[] = [];
    page.on('request', (r) => {
      if (isPath('/v3/login/')(r)) logins.push(r);
    });
    const again = await openPopup(page, logInWithSso);
    await signInAtProvider(again, { login: email });
    await expect(accountButton(page, 'Grace')).toBeVisible({ timeout: 15_000 });
    const credentials = logins.at(-1)!.postDataJSON() as Record<string, unknown>;
    expect(credentials['sso_user_email']).toBe(email);
    expect(typeof credentials['sso_auth_code']).toBe('string');
    expect(credentials).not.toHaveProperty('password');
    expect(registrations).toHaveLength(1);
  });

  test('SSO from the log-in form with no account yet goes to the birthday step; cancelling the popup says so at the button', async ({ page }) => {
    const email = uniqueSsoEmail('ada');
    await page.goto('/login');
    const emailField = page.getByLabel('Email');
    if (!(await emailField.isEditable())) await page.getByRole('button', { name: 'Not you? Log in with a different account' }).click();
    await page.getByLabel('Email').fill(email);
    const continueWithSso = page.getByRole('button', { name: 'Continue with SSO' });
    await expect(continueWithSso).toBeVisible();

    // Cancel at the provider: "Couldn't connect. You must authorize Pinhive.", the button free again.
    const cancelled = await openPopup(page, continueWithSso);
    await cancelAtProvider(cancelled);
    await expect(page.getByRole('alert')).toHaveText("Couldn't connect. You must authorize Pinhive.");
    await expect(continueWithSso).not.toHaveAttribute('aria-disabled', 'true');

    // Again, signing in this time: no account, so the birthday step, its heading focused.
    const popup = await openPopup(page, continueWithSso);
    await signInAtProvider(popup, { login: email, givenName: 'Ada' });
    const title = page.getByRole('heading', { level: 1, name: 'Enter your birthdate' });
    await expect(title).toBeFocused();
    const create = page.getByRole('button', { name: 'Create account' });
    await expect(create).toBeDisabled();
    await expectAccessible(page, 'SSO birthday step');
    await page.getByLabel('Birthdate', { exact: true }).fill(yearsAgo(25));
    await create.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ada' })).toBeVisible({ timeout: 20_000 });
  });

  test("an account of the SSO domain made with a password (no SSO link) keeps its password log-in", async ({ page, request }) => {
    const account = await createAccount(request, uniqueSsoEmail('ada'));
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    // The check answers (an SSO email, an account without SSO): the password form stays.
    await page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/sso/check/');
    await expect(page.getByRole('button', { name: 'Continue with SSO' })).toHaveCount(0);
    expect(await submitLogin(page, page, account.email, account.password)).toBe(200);
    await expect(accountButton(page, 'Ada')).toBeVisible();
  });

  test('closing the popup ends the attempt quietly', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueSsoEmail('ada'));
    const continueWithSso = page.getByRole('button', { name: 'Continue with SSO' });
    await page.getByLabel('Birthdate').fill(yearsAgo(30));
    const popup = await openPopup(page, continueWithSso);
    await expect(continueWithSso).toHaveAttribute('aria-disabled', 'true');
    await popup.close();
    // The popup is polled every second: then the button is free and nothing is said.
    await expect(continueWithSso).not.toHaveAttribute('aria-disabled', 'true', { timeout: 5_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
