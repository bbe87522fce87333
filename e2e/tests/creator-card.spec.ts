import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail, type Account } from './support/accounts';
import { expectAccessible } from './support/axe';
import { createBoard, uploadPin } from './support/boards';
import { startPageServer, type PageServer } from './support/page-server';
import { uniqueImage, uniqueName } from './support/unique';

/**
 * Verified-domain claims and the creator card (issue 22, "Around a saved pin"; saving-boards-ads.md
 * "Saved-pin success dialog" and "Creator card (attribution)"), in Chromium: Grace claims the page
 * server's site on /settings/claim/, copies its tag onto the site's home page and verifies it; Ada
 * saves a pin from that site and sees Grace's creator card in the success dialog, follows Grace
 * from it, and no longer sees it on her next save. Axe checks the claim section.
 *
 * The page server's site (127.0.0.1:1809x) is every saving test's: the claim is removed at the
 * end, by the test itself and, if it failed half way, by afterAll, so that no other test's success
 * dialog shows a card.
 */
let site: PageServer;
let domain: string;
/** Grace's browser: her session removes the claim if the test stopped before it did. */
let graceContext: BrowserContext | undefined;

test.beforeAll(async () => {
  site = await startPageServer();
  domain = new URL(site.origin).host;
});

test.afterAll(async () => {
  if (graceContext) {
    const csrf = (await graceContext.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    // 404 when the test removed it already.
    await graceContext.request.post('/resource/SiteClaimResource/delete/', { headers: { 'X-CSRFToken': csrf }, data: { options: { domain } } });
    await graceContext.close();
  }
  site?.siteVerification.clear();
  await site?.close();
});

/** Saves an existing pin from its repin page onto `boardName`, and waits for the creator card's lookup: the dialog and that answer. */
async function repin(page: Page, pinId: string, boardName: string) {
  const card = page.waitForResponse((response) => response.url().includes('/resource/CreatorCardResource/get/'));
  await page.goto(`/pin/${pinId}/repin/x/`);
  await page.getByRole('dialog', { name: 'Repin modal' }).getByRole('button', { name: new RegExp(`^${boardName}`) }).click();
  const success = page.getByRole('dialog', { name: `Saved to ${boardName}` });
  await expect(success.getByRole('link', { name: 'See it now' })).toBeVisible();
  const answer = await card;
  expect(answer.status()).toBe(200);
  return { success, card: (await answer.json()).resource_response.data as { username: string } | null };
}

test("a verified site's owner shows as the creator card of a pin saved from it, until the saver follows them", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Grace, in a browser of her own, claims the site.
  graceContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const gracePage = await graceContext.newPage();
  const grace: Account = await createAccount(gracePage.request, uniqueEmail('grace'), 'correct-horse-42', 'Grace');
  await gracePage.goto('/settings/claim/');
  const section = gracePage.getByRole('region', { name: 'Verify your website' });
  await expect(section.getByText("You haven't claimed a website yet.")).toBeVisible();

  // A bad address is refused at once, on the field.
  const field = section.getByRole('textbox', { name: 'Website domain' });
  await field.fill('localhost');
  await section.getByRole('button', { name: 'Claim website' }).click();
  await expect(field).toHaveAccessibleDescription(/That doesn't look like a website address/);
  await expect(field).toBeFocused();

  // Claimed by its address: the site, normalised, its tag to copy, not verified yet.
  await field.fill(`${site.origin}/lamps.html`);
  await section.getByRole('button', { name: 'Claim website' }).click();
  await expect(section.getByRole('status').filter({ hasText: `${domain} claimed. Add its tag to your home page, then verify.` })).toBeVisible();
  const claim = section.getByRole('listitem').filter({ has: gracePage.getByRole('heading', { name: domain }) });
  await expect(claim.getByText('Not verified yet')).toBeVisible();
  const tag = (await claim.locator('code').textContent()) ?? '';
  const token = /content="([A-Za-z0-9_-]{24})"/.exec(tag)?.[1] ?? '';
  expect(token).not.toBe('');
  await expect(claim.getByRole('button', { name: 'Copy tag' })).toBeVisible();
  await expectAccessible(gracePage, 'the claim section with a pending claim');

  // Verify before the tag is on the site: the reason, in an alert; still pending.
  await claim.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(claim.getByRole('alert')).toContainText("We couldn't find your Pinhive tag on your website's home page.");
  await expect(claim.getByText('Not verified yet')).toBeVisible();
  await expectAccessible(gracePage, 'the claim section with a failed verification');

  // The tag on the home page, then Verify: busy while it runs, then verified.
  site.siteVerification.add(token);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await gracePage.route('**/resource/SiteClaimVerificationResource/create/', async (route) => {
    await held;
    await route.continue();
  });
  await claim.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(claim.getByRole('button', { name: `Verifying… ${domain}` })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(claim.getByRole('status').filter({ hasText: `${domain} is verified.` })).toBeVisible();
  await expect(claim.getByText('Verified', { exact: true })).toBeVisible();
  await expect(claim.getByRole('alert')).toBeEmpty();
  await expect(claim.locator('code')).toHaveCount(0);
  await expectAccessible(gracePage, 'the claim section with a verified claim');

  // Grace saves pins from her site (an image of its own each, linking to the site's page).
  const graceBoard = await createBoard(gracePage.request, uniqueName('Grace lamps'));
  const first = await uploadPin(gracePage.request, graceBoard.id, await uniqueImage(), { link: site.pageUrl, description: 'A paper lantern' });
  const second = await uploadPin(gracePage.request, graceBoard.id, await uniqueImage(), { link: site.pageUrl, description: 'A brass desk lamp' });

  // Ada saves the first: Grace's creator card in the success dialog, linking to her profile.
  await createAccount(page.request, uniqueEmail('ada'), 'correct-horse-42', 'Ada');
  const adaBoard = await createBoard(page.request, uniqueName('Ada lamps'));
  const saved = await repin(page, first.id, adaBoard.name);
  expect(saved.card?.username).toBe(grace.username);
  const card = saved.success.getByRole('region', { name: 'Creator' });
  const link = card.getByRole('link', { name: /Grace/ });
  await expect(link).toHaveAttribute('href', `/${grace.username}/`);
  await expect(link).toContainText('Grace');
  await expect(link).toContainText(/\d+ followers?/);
  await expectAccessible(page, 'the success dialog with a creator card');

  // From the card to Grace's profile, where Ada follows her.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // Her next save from the site: the lookup answered, and no card.
  const again = await repin(page, second.id, adaBoard.name);
  expect(again.card).toBeNull();
  await expect(again.success.getByRole('region', { name: 'Creator' })).toHaveCount(0);

  // Grace removes her claim: the page says so, and the site has no owner any more.
  await gracePage.goto('/settings/claim/');
  await section.getByRole('button', { name: `Remove ${domain}` }).click();
  await expect(section.getByRole('status').filter({ hasText: `${domain} removed.` })).toBeVisible();
  await expect(section.getByText("You haven't claimed a website yet.")).toBeVisible();
});
