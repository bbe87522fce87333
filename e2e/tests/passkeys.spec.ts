import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { accountButton, logOutFromTopBar, openAccountMenu, submitLogin } from './support/auth';
import { expectAccessible } from './support/axe';

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): a
 * platform authenticator (CTAP2, internal) that keeps discoverable credentials and verifies the
 * person, as a phone's or a laptop's does. Its prompts answer at once.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function goToSecurity(page: Page, firstName: string): Promise<Locator> {
  const menu = await openAccountMenu(page, firstName);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  return page.getByRole('region', { name: 'Passkeys' });
}

/** The section's status line: what the last action did, and how many passkeys there are. */
const statusOf = (section: Locator) => section.getByRole('status').filter({ hasText: /passkey/ });

/**
 * A log-in with the authenticator's passkey through the API, from the page (as the log-in button
 * does, without it): the options, `navigator.credentials.get()`, the signed challenge. Answers the
 * HTTP status of the log-in.
 */
function logInThroughApi(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length);
    const post = (path: string, body: unknown) =>
      fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(csrf ? { 'X-CSRFToken': decodeURIComponent(csrf) } : {}) }, body: JSON.stringify(body) });
    const options = ((await (await post('/v3/auth/passkeys/login/options/', {})).json()) as { resource_response: { data: PublicKeyCredentialRequestOptionsJSON } }).resource_response.data;
    const credential = (await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })) as PublicKeyCredential;
    return (await post('/v3/auth/passkeys/login/', { credential: credential.toJSON() })).status;
  });
}

test('passkeys: add one from the security settings, rename it, log in with it, remove it', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await createAccount(page.request, uniqueEmail('pia'), 'correct-horse-42', 'Pia');
  await page.goto('/');
  const section = await goToSecurity(page, 'Pia');
  const status = statusOf(section);
  await expect(status).toHaveText("You haven't added a passkey yet.");
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  await expectAccessible(page, 'passkeys, none yet');

  // Add: the browser's prompt (answered by the virtual authenticator), then the server names it after the device.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(status).toHaveText(/^Passkey “(.+)” added\. You have 1 passkey\.$/);
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const item = list.getByRole('listitem').first();
  const name = /^Passkey “(.+)” added\./.exec((await status.innerText()).trim())![1]!;
  await expect(item).toContainText(name);
  await expect(item).toContainText(/Added \w+ \d{1,2}, \d{4} · Not used yet/);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await expectAccessible(page, 'passkeys, one added');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, 'passkeys on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same device again: the browser refuses (the options exclude its passkey), and says so.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('alert')).toHaveText('This device already has a passkey for your account.');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Rename in place: the field takes the focus, Escape or Cancel gives it back to the button.
  const renameButton = item.getByRole('button', { name: `Rename ${name}` });
  await renameButton.click();
  const field = item.getByLabel('Passkey name');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(name);
  await field.press('Escape');
  await expect(renameButton).toBeFocused();
  await renameButton.click();
  await field.fill('   ');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription('Give your passkey a name.');
  await expect(field).toBeFocused();
  await expectAccessible(page, 'renaming a passkey');
  await field.fill('Work laptop');
  await field.press('Enter');
  await expect(status).toHaveText('Passkey renamed to “Work laptop”. You have 1 passkey.');
  await expect(status).toBeFocused();
  await page.reload();
  await expect(list.getByRole('listitem').first()).toContainText('Work laptop');

  // Log out, then in with the passkey: no email, no password.
  await logOutFromTopBar(page, 'Pia');
  expect(await logInThroughApi(page)).toBe(200);
  await page.goto('/settings/security');
  await expect(accountButton(page, 'Pia')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(/Last used \w+ \d{1,2}, \d{4}/);

  // Remove, with a confirmation: Cancel keeps it (the focus goes back), then it goes.
  const removeButton = list.getByRole('button', { name: 'Remove Work laptop' });
  await removeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog).toContainText('You won\'t be able to log in with “Work laptop” any more.');
  await expectAccessible(page, 'removing a passkey');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(removeButton).toBeFocused();
  await removeButton.click();
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveText("Passkey “Work laptop” removed. You haven't added a passkey yet.");
  await expect(status).toBeFocused();

  // The device still has it, but it logs nobody in any more.
  await logOutFromTopBar(page, 'Pia');
  expect(await logInThroughApi(page)).toBe(401);
});

test('passkeys: "Log in with a passkey" on the log-in page', async ({ page }) => {
  await virtualAuthenticator(page);
  await createAccount(page.request, uniqueEmail('pax'), 'correct-horse-42', 'Pax');
  await page.goto('/');
  const section = await goToSecurity(page, 'Pax');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(statusOf(section)).toHaveText(/added\. You have 1 passkey\.$/);
  await logOutFromTopBar(page, 'Pax');

  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Log in with a passkey' });
  await expect(button).toBeVisible();
  await expectAccessible(page, 'the log-in page with the passkey button');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/auth/passkeys/login/' && r.request().method() === 'POST');
  await button.click();
  expect((await answer).status()).toBe(200);
  await expect(accountButton(page, 'Pax')).toBeVisible();

  // A passkey removed from the account (still on the device) is refused, and the refusal is announced.
  const removed = await goToSecurity(page, 'Pax');
  await removed.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await logOutFromTopBar(page, 'Pax');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText("We couldn't log you in with that passkey. Try again, or log in another way.");
  await expect(page.getByRole('button', { name: 'Log in with a passkey' })).toHaveAccessibleDescription("We couldn't log you in with that passkey. Try again, or log in another way.");
  await expectAccessible(page, 'the passkey log-in refused');
});

test('passkeys: a session whose log-in is not recent is asked to log in again before adding one', async ({ page }) => {
  await virtualAuthenticator(page);
  const email = uniqueEmail('quinn');
  await createAccount(page.request, email, 'correct-horse-42', 'Quinn');
  await page.goto('/');
  const section = await goToSecurity(page, 'Quinn');
  // The stack's sessions are all fresh: the server's answer to an old one (PASSKEY_ADD_LOGIN_WINDOW_SECONDS, 10 minutes) stands in.
  await page.route('**/v3/auth/passkeys/options/', (route) => route.fulfill({
    status: 403,
    contentType: 'application/json',
    body: JSON.stringify({ resource_response: { status: 'failure', error: { code: 'recent_login_required', message: 'For your security, log in again to add a passkey.', message_detail: null, http_status: 403 } } }),
  }), { times: 1 });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('alert')).toHaveText('For your security, log in again to add a passkey.');
  await expectAccessible(page, 'passkeys, log in again');

  // "Log in again" ends this session; the log-in page brings the person back to the security page.
  await section.getByRole('button', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await submitLogin(page, page, email, 'correct-horse-42')).toBe(200);
  await expect(page).toHaveURL(/\/settings\/security$/);
  const again = page.getByRole('region', { name: 'Passkeys' });
  await again.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(statusOf(again)).toHaveText(/^Passkey “(.+)” added\. You have 1 passkey\.$/);
});
