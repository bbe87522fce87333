import { expect, type Locator, type Page } from '@playwright/test';

/** The spec's wrong-password message, with "Reset your password" as a button in it. */
export const WRONG_PASSWORD = 'The password you entered is incorrect. Try again or Reset your password.';
export const RATE_LIMITED = 'You have reached the maximum number of login attempts. Try again in 30 minutes.';

/**
 * Fills the log-in form in `scope` (a page or the modal) and submits; resolves with the answer's
 * status. A browser that logged in before may get the welcome-back view, whose email is the
 * recognised account's, read-only: then it must be `email` (else the test meant another account
 * and should press "Not you?" first).
 */
export async function submitLogin(scope: Page | Locator, page: Page, email: string, password: string): Promise<number> {
  const emailField = scope.getByLabel('Email');
  if (await emailField.isEditable()) await emailField.fill(email);
  else await expect(emailField).toHaveValue(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/login/' && r.request().method() === 'POST');
  await scope.getByRole('button', { name: 'Log in', exact: true }).click();
  return (await answer).status();
}

/**
 * The top bar's "Log in" button. The first of its name in the banner: the open flyout under it
 * holds the log-in form's own "Log in" button.
 */
export function loginOpener(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Log in' }).first();
}

/** The top bar's account menu button (avatar and first name): only there while someone is logged in. */
export function accountButton(page: Page, firstName: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: firstName, exact: true });
}

/** Opens the account menu with a click; resolves with the menu. */
export async function openAccountMenu(page: Page, firstName: string): Promise<Locator> {
  await accountButton(page, firstName).click();
  const menu = page.getByRole('menu', { name: firstName });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Logs out from the account menu and waits until the account button is gone and the top bar offers
 * a way in again ("Log in", or "Sign up" on the log-in page, where a page that needs a viewer may
 * send the visitor).
 */
export async function logOutFromTopBar(page: Page, firstName: string): Promise<void> {
  const menu = await openAccountMenu(page, firstName);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(accountButton(page, firstName)).toHaveCount(0);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Log in' }).or(banner.getByRole('link', { name: 'Sign up' })).first()).toBeVisible();
}

/** The field is marked invalid and its linked message (its accessible description) is exactly `text`. */
export async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * For a field that a nearby sentence also describes (the two-factor code field and where the code
 * went): marked invalid, and its description starts with exactly the message `text`.
 */
export async function expectDescribedFieldError(field: Locator, text: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(text)}(?: |$)`));
}
