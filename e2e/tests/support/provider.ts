import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The local identity provider's sign-in page (infra/local-idp/interaction.mjs), as a sign-in
 * popup shows it: "Email or phone number", optional names and birthday, "Share my email address"
 * (when the email is asked for), Sign in and Cancel.
 */
export interface ProviderSignIn {
  /** An email, or a phone number (a phone-only Facebook-kind account). */
  login: string;
  givenName?: string;
  familyName?: string;
  /** `YYYY-MM-DD`. */
  birthdate?: string;
  /** Untick "Share my email address" (the email permission declined). */
  withholdEmail?: boolean;
}

/** The SSO email domain of the local provider (infra/local-idp/clients.mjs LOCAL_SSO_DOMAINS). */
export const SSO_DOMAIN = 'sso-company.test';

/** An SSO address no other test uses; the part before "+" becomes the first name. */
export function uniqueSsoEmail(name = 'grace'): string {
  return `${name}+e2e${Date.now()}${Math.floor(Math.random() * 1e6)}@${SSO_DOMAIN}`;
}

/** Presses `trigger` and resolves with the sign-in popup it opens. */
export async function openPopup(page: Page, trigger: Locator): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await trigger.click();
  return popup;
}

/**
 * Signs in on the provider's page in `popup`, then waits until the popup has closed (its callback
 * page hands the answer to the app and closes). A provider that still has a session for the
 * account may answer without showing its page: then the popup closes by itself.
 */
export async function signInAtProvider(popup: Page, who: ProviderSignIn): Promise<void> {
  const closed = popup.waitForEvent('close');
  const login = popup.getByLabel('Email or phone number');
  const shown = await Promise.race([login.waitFor({ timeout: 15_000 }).then(() => true), closed.then(() => false)]);
  if (shown) {
    await login.fill(who.login);
    if (who.givenName) await popup.getByLabel('First name (optional)').fill(who.givenName);
    if (who.familyName) await popup.getByLabel('Last name (optional)').fill(who.familyName);
    if (who.birthdate) await popup.getByLabel('Birthday (optional)').fill(who.birthdate);
    const share = popup.getByLabel('Share my email address');
    if (who.withholdEmail && (await share.count()) > 0) await share.uncheck();
    await popup.getByRole('button', { name: 'Sign in' }).click();
  }
  await closed;
}

/** Presses Cancel on the provider's page (the provider answers access_denied); the popup closes. */
export async function cancelAtProvider(popup: Page): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await closed;
}

/** The provider's page shows the address or number it was given as a hint (SSO's login_hint). */
export async function expectProviderHint(popup: Page, login: string): Promise<void> {
  await expect(popup.getByLabel('Email or phone number')).toHaveValue(login);
}
