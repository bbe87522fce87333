import { expect, test, type CDPSession, type Page, type Request } from '@playwright/test';
import { uniqueEmail, yearsAgo } from './support/accounts';
import { accountButton, logOutFromTopBar } from './support/auth';

/**
 * Google-kind one-tap: the browser's own account chooser (FedCM) with the local provider standing
 * in for Google. Chromium's DevTools protocol (the FedCm domain) reports the prompt and picks an
 * account, as a person would.
 */

interface FedCmDialog {
  dialogId: string;
  dialogType: string;
  accounts: { accountId: string; email: string; loginState?: string }[];
}

/** Reports this page's FedCM prompts, each as it shows. */
async function watchPrompts(page: Page): Promise<{ cdp: CDPSession; next: () => Promise<FedCmDialog> }> {
  const cdp = await page.context().newCDPSession(page);
  const shown: FedCmDialog[] = [];
  const waiting: ((d: FedCmDialog) => void)[] = [];
  cdp.on('FedCm.dialogShown', (d: FedCmDialog) => {
    const waiter = waiting.shift();
    if (waiter) waiter(d);
    else shown.push(d);
  });
  await cdp.send('FedCm.enable', { disableRejectionDelay: true });
  return { cdp, next: () => new Promise((resolve) => (shown.length > 0 ? resolve(shown.shift()!) : waiting.push(resolve))) };
}

/** Signs the browser in at the local provider's own log-in page (its FedCM login_url), as a person signed in to Google. */
async function signInAtProviderPage(page: Page, email: string): Promise<void> {
  const start = await page.request.post('/v3/auth/google/one_tap/start/', { data: {} });
  const { configUrl } = (await start.json()).resource_response.data as { configUrl: string };
  await page.goto(new URL('/fedcm/login', configUrl).href);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
}

const isPath = (path: string) => (r: Request) => new URL(r.url()).pathname === path && r.method() === 'POST';

test.describe('Google-kind one-tap (FedCM)', () => {
  test('a person signed in at the provider signs up from the prompt (birthday step, welcome), then logs in from it', async ({ page }) => {
    const email = uniqueEmail('tap');
    const firstName = email.split('@')[0]!;
    const registrations: Request[] = [];
    const oneTapStarts: Request[] = [];
    page.on('request', (r) => {
      if (isPath('/v3/register/social/')(r)) registrations.push(r);
      if (isPath('/v3/auth/google/one_tap/start/')(r)) oneTapStarts.push(r);
    });
    await signInAtProviderPage(page, email);
    const prompts = await watchPrompts(page);

    await page.goto('/signup');
    const chooser = await prompts.next();
    expect(chooser.dialogType).toBe('AccountChooser');
    expect(chooser.accounts.map((a) => a.email)).toEqual([email]);
    await prompts.cdp.send('FedCm.selectAccount', { dialogId: chooser.dialogId, accountIndex: 0 });

    // No account yet, and no birthday from the provider: the birthday step, then the welcome.
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your birthdate' })).toBeFocused();
    await page.getByLabel('Birthdate', { exact: true }).fill(yearsAgo(30));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pinhive!' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Setting up your home feed' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(accountButton(page, firstName)).toBeVisible({ timeout: 15_000 });
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.postDataJSON()).toMatchObject({ type: 'google_one_tap' });
    // The new member was not prompted again on the way in (the page they land on renders once
    // for the signed-out viewer): one start for the sign-up page's prompt, and none since.
    expect(oneTapStarts).toHaveLength(1);

    // Logged out, the page's log-in card offers the prompt again; this time the account exists.
    const logIns: Request[] = [];
    page.on('request', (r) => {
      if (isPath('/v3/login/')(r)) logIns.push(r);
    });
    await logOutFromTopBar(page, firstName);
    const again = await prompts.next();
    expect(again.accounts.map((a) => a.email)).toEqual([email]);
    await prompts.cdp.send('FedCm.selectAccount', { dialogId: again.dialogId, accountIndex: 0 });
    await expect(accountButton(page, firstName)).toBeVisible({ timeout: 15_000 });
    expect(Object.keys(logIns.at(-1)!.postDataJSON() as object)).toContain('google_open_id_token');
    // One prompt for the log-in card, and none once logged in.
    expect(oneTapStarts).toHaveLength(2);
  });

  test('closing the prompt leaves the page as it was, and the Google button still works', async ({ page }) => {
    const email = uniqueEmail('tap');
    await signInAtProviderPage(page, email);
    const prompts = await watchPrompts(page);
    await page.goto('/login');
    const chooser = await prompts.next();
    await prompts.cdp.send('FedCm.dismissDialog', { dialogId: chooser.dialogId });
    // Nothing shown for a closed prompt; the form and the buttons are there to use.
    const google = page.getByRole('list', { name: 'Other ways to continue' }).getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeEditable();
  });
});
