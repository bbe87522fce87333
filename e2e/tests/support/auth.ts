import { expect, type Locator, type Page } from '@playwright/test';

/** The spec's wrong-password message, with "Reset your password" as a button in it. */
export const WRONG_PASSWORD = 'The password you entered is incorrect. Try again or Reset your password.';
export const RATE_LIMITED = 'You have reached the maximum number of login attempts. Try again in 30 minutes.';

/** Fills the log-in form in `scope` (a page or the modal) and submits; resolves with the answer's status. */
export async function submitLogin(scope: Page | Locator, page: Page, email: string, password: string): Promise<number> {
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/login/' && r.request().method() === 'POST');
  await scope.getByRole('button', { name: 'Log in', exact: true }).click();
  return (await answer).status();
}

/** The top bar link to the viewer's own profile, named by their first name. */
export function profileLink(page: Page, firstName: string) {
  return page.getByRole('banner').getByRole('link', { name: firstName, exact: true });
}

/** Logs out from the top bar and waits until it offers "Log in" again. */
export async function logOutFromTopBar(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** The field is marked invalid and its linked message (its accessible description) is exactly `text`. */
export async function expectFieldError(field: Locator, text: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
}
