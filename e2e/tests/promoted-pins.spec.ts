import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { createBoard, uploadPin } from './support/boards';
import { followPerson, userIdOf } from './support/people';
import { uniqueImage, uniqueName } from './support/unique';
import { expectAccessible } from './support/axe';

/*
 * Promoted pins end to end (issue 25): an advertiser's account promotes a pin from the saved-pin
 * success dialog (quick-promote.spec.ts goes through each of the flow's forms and refusals; here
 * the business and billing are already given), another person's home feed shows it with its
 * sponsor line, its impression and click go back to the ads service, and the advertiser sees them
 * in reporting, pauses the campaign there, and finds the spend in the console's order lines.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A call of the ads service as the browser makes it (its CSRF header, an Idempotency-Key). */
async function ads<T>(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown): Promise<T> {
  const csrf = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  if (!(await csrf())) await request.get('/v3/users/me/');
  const response = await request[method](path, { headers: { 'X-CSRFToken': (await csrf()) ?? '', 'Idempotency-Key': `k${Date.now()}${Math.random()}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).resource_response.data as T;
}

test("a promoted pin in another person's home feed, its impression and click in reporting, paused there, its spend in the order lines", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const brand = uniqueName('Hive Lamps');
  const campaignName = uniqueName('Lamps');
  await createAccount(page.request, uniqueEmail('olga'), 'correct-horse-42', 'Olga');
  const acme = (await ads<{ id: string }>(page.request, 'post', '/ads/v4/advertisers/', { name: brand })).id;
  await ads(page.request, 'put', `/ads/v4/advertisers/${acme}/business_profile/`, { business_name: brand, country: 'US' });
  await ads(page.request, 'put', `/ads/v4/advertisers/${acme}/billing_profile/`, { contact_name: 'Olga', email: 'olga@lamps.example.com', address: 'Main St 1', accepted_terms: true });
  const own = await createBoard(page.request, uniqueName('Olga lamps'));
  const shop = await createBoard(page.request, uniqueName('Olga shop'));
  const original = await uploadPin(page.request, own.id, await uniqueImage(), { description: 'The promoted lamp' });

  // Promoted from the success dialog: the account is older than 28 days by the browser's clock;
  // the conversion route goes straight on (she has an advertiser), the page has her business and
  // billing, so Promote makes the campaign.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.clock.setSystemTime(new Date(Date.now() + 29 * DAY_MS));
  await page.goto(`/pin/${original.id}/repin/x/`);
  await page.getByRole('dialog', { name: 'Repin modal' }).getByRole('button', { name: new RegExp(`^${shop.name}`) }).click();
  const success = page.getByRole('dialog', { name: `Saved to ${shop.name}` });
  await success.getByRole('link', { name: 'Promote your Pin' }).click();
  await expect(page).toHaveURL(/\/advertiser\/quick_promote\?pinId=\d+$/);
  await page.getByLabel('Campaign name').fill(campaignName);
  await page.getByLabel('Destination website').fill('https://lamps.example.com/');
  await page.getByRole('button', { name: 'Promote', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Your Pin is promoted!' });
  await expect(done).toContainText(campaignName);
  await done.getByRole('button', { name: 'Done' }).click();
  // Back to today's date: reporting's days are the browser's.
  await page.clock.setSystemTime(new Date());

  const carlContext = await browser.newContext({ baseURL });
  const carl = await createAccount(carlContext.request, uniqueEmail('carl'), 'correct-horse-42', 'Carl');
  const board = await createBoard(carlContext.request, uniqueName('Carl finds'));
  for (let i = 0; i < 12; i += 1) await uploadPin(carlContext.request, board.id, await uniqueImage(), { description: `Find ${i}` });

  const bobContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } });
  const bob = await bobContext.newPage();
  await createAccount(bob.request, uniqueEmail('bob'), 'correct-horse-42', 'Bob');
  await followPerson(bob.request, await userIdOf(bob.request, carl.username));
  const events: string[] = [];
  bob.on('request', (r) => {
    if (r.url().includes('/ads/v4/events/')) events.push(r.postData() ?? '');
  });
  await expect(async () => {
    await bob.goto('/');
    await expect(bob.getByText(`Promoted by ${brand}`)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  const card = bob.getByRole('link', { name: new RegExp(`promoted by ${brand}`) });
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => events.some((e) => e.includes('impression')), { timeout: 10_000 }).toBe(true);
  const popup = bob.waitForEvent('popup');
  await card.click();
  await (await popup).close();
  await expect.poll(() => events.some((e) => e.includes('click')), { timeout: 10_000 }).toBe(true);

  // The advertiser's reporting: the impression and the click, once counted and written.
  await expect(async () => {
    await page.goto(`/advertiser/${acme}/reporting/campaigns/`);
    const table = page.getByRole('table', { name: /Campaigns from/ });
    const row = table.getByRole('row', { name: new RegExp(campaignName) }).first();
    await expect(row).toContainText('1', { timeout: 3000 });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1', { timeout: 3000 }); // impressions
    await expect(row.getByRole('cell').nth(2)).toHaveText('1', { timeout: 3000 }); // clicks
  }).toPass({ timeout: 90_000 });
  // The chart: the advertiser's totals across all its campaigns, one figure at a time (chosen with radios).
  await expect(page.getByRole('img', { name: /Impressions per day, all campaigns/ })).toBeVisible();
  await page.getByRole('group', { name: 'Chart' }).getByRole('radio', { name: 'CTR' }).check();
  await expect(page.getByRole('img', { name: /CTR per day, all campaigns/ })).toBeVisible();
  await expectAccessible(page, 'campaign reporting with its chart');
  await page.getByRole('button', { name: `Pause ${campaignName}` }).click();
  await expect(page.getByText('Paused').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Resume ${campaignName}` })).toBeVisible();
  await page.getByRole('radio', { name: 'Last 30 days' }).check();
  await expect(page.getByRole('table', { name: /Campaigns from/ })).toBeVisible();

  // Billing: the details the advertiser gave, and this month's spend per campaign.
  await page.goto(`/advertiser/${acme}/billing/`);
  await expect(page.getByText('olga@lamps.example.com')).toBeVisible();
  await page.getByRole('link', { name: 'Order lines of this month' }).click();
  const lines = page.getByRole('table', { name: /What each campaign spent/ });
  await expect(lines.getByRole('row', { name: new RegExp(campaignName) })).toContainText('$0.01');
  await expectAccessible(page, 'the order lines of the advertiser console');
});
