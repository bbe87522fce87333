import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { uniqueWord } from './support/search';

/**
 * The search advisory notice (saving-boards-ads.md section 4 "Search advisory") in Chromium: the
 * page asks SearchAdvisoryResource for its query and shows the notice above the results; for
 * emotional distress or suicide (advisory type 4) the notice opens first in a modal. The
 * advisory answers are the tests' own (`page.route`): an operator sets advisories on the server
 * with the admin command, which these tests cannot reach. The results are the real search's.
 */

const advisoryCalls = '**/resource/SearchAdvisoryResource/get/**';

/** The `query` of an advisory request. */
const queryOf = (url: string): string => (JSON.parse(new URL(url).searchParams.get('data') ?? '{}') as { options?: { query?: string } }).options?.query ?? '';

/** Answers advisory requests with `data` in the success envelope, and keeps the queries asked. */
async function answerAdvisory(page: Page, data: unknown): Promise<string[]> {
  const asked: string[] = [];
  await page.route(advisoryCalls, (route: Route) => {
    asked.push(queryOf(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ resource_response: { status: 'success', data } }) });
  });
  return asked;
}

const CRISIS_TEXT = 'If you are going through something difficult, you do not have to face it alone. Find support near you.';
const CRISIS_TAG = 'Find support near you';

/** Emotional distress or suicide (type 4): level 14 shows its action; style 2 is the special banner. */
const crisis = {
  advisory: 'hopeless',
  severity: 1,
  advisory_type: 4,
  resource_country: 'US',
  advisory_details: null,
  notices: [
    {
      level: 14,
      style: 2,
      title: 'You are not alone',
      description: {
        text: CRISIS_TEXT,
        text_tags: [{ offset: CRISIS_TEXT.indexOf(CRISIS_TAG), length: CRISIS_TAG.length, link: 'https://help.pinhive.example/support/', tag_type: 'link' }],
      },
      actions: [{ title: 'Talk to someone now', description: 'Free and confidential, any time of day.', button: { text: 'Call or text 988', link: 'tel:988' } }],
      footer: 'If you are in immediate danger, call your local emergency number.',
    },
  ],
};

const ABUSIVE_TEXT = 'Some results for this search may be harmful. Read our community guidelines.';
const ABUSIVE_TAG = 'community guidelines';

/** Abusive (severity 0), conditional (type 0), level 1: its actions must not show. */
const abusive = {
  advisory: 'bully',
  severity: 0,
  advisory_type: 0,
  resource_country: null,
  advisory_details: 'Harassment',
  notices: [
    {
      level: 1,
      style: 0,
      title: 'Be kind online',
      description: {
        text: ABUSIVE_TEXT,
        text_tags: [{ offset: ABUSIVE_TEXT.indexOf(ABUSIVE_TAG), length: ABUSIVE_TAG.length, link: '/about/guidelines/', tag_type: 'link' }],
      },
      actions: [{ title: 'Report', description: 'Tell us about it.', button: { text: 'Report harassment', link: 'https://help.pinhive.example/report/' } }],
      footer: null,
    },
  ],
};

test('an emotional-distress notice opens first in a modal, then stays as a banner above the results', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const asked = await answerAdvisory(page, crisis);
  const word = uniqueWord('hopeless');
  await page.goto(`/search/pins/?q=${word}&rs=typed`);

  // The modal opens first, named by the notice's title, the focus on its title.
  const dialog = page.getByRole('dialog', { name: 'You are not alone' });
  await expect(dialog).toBeVisible();
  expect(asked).toEqual([word]);
  await expect(dialog.getByRole('heading', { level: 2, name: 'You are not alone' })).toBeFocused();
  await expect(dialog).toContainText(CRISIS_TEXT);
  await expect(dialog.getByRole('link', { name: 'Call or text 988' })).toHaveAttribute('href', 'tel:988');
  await expect(dialog.getByRole('link', { name: CRISIS_TAG })).toHaveAttribute('href', 'https://help.pinhive.example/support/');
  await expectAccessible(page, 'advisory modal at 1280');
  // Tab stays inside the modal.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
  }

  // Escape closes it; the page shows the results (none here) and the notice as the banner.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${word}”` })).toBeVisible();
  const banner = page.getByRole('region', { name: 'You are not alone' });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveClass(/search-notice--banner/);
  await expect(banner).toContainText(CRISIS_TEXT);
  await expect(banner).toContainText('If you are in immediate danger, call your local emergency number.');
  await expect(banner.getByRole('heading', { level: 3, name: 'Talk to someone now' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Call or text 988' })).toHaveAttribute('href', 'tel:988');
  const tagLink = banner.getByRole('link', { name: CRISIS_TAG });
  await expect(tagLink).toHaveAttribute('href', 'https://help.pinhive.example/support/');
  await expect(tagLink).not.toHaveAttribute('target');
  // The banner is the page's full width, above the results.
  const width = await banner.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeGreaterThanOrEqual(1280 - 20);
  await expectAccessible(page, 'advisory banner at 1280');

  // "Open notice" opens the same notice; "See results" closes it and the focus goes back.
  const open = banner.getByRole('button', { name: 'Open notice' });
  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'See results' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // Another tab keeps the query: the notice shows again, the modal does not open again.
  await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'Boards' }).click();
  await expect(page).toHaveURL(`/search/boards/?q=${word}&rs=typed`);
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${word}”` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'You are not alone' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('an abusive query shows a warning without its actions (level 1), and no modal', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await answerAdvisory(page, abusive);
  const word = uniqueWord('bully');
  await page.goto(`/search/pins/?q=${word}&rs=typed`);

  const notice = page.getByRole('region', { name: 'Warning: Be kind online' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${word}”` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(notice).not.toHaveClass(/search-notice--banner/);
  await expect(notice).toContainText(ABUSIVE_TEXT);
  await expect(notice.getByRole('link', { name: 'Report harassment' })).toHaveCount(0);
  await expect(page.getByText('Tell us about it.')).toHaveCount(0);
  const guidelines = notice.getByRole('link', { name: ABUSIVE_TAG });
  await expect(guidelines).toHaveAttribute('href', '/about/guidelines/');
  await expectAccessible(page, 'warning notice at 1280');

  // Its "Open notice" shows the same warning in the modal, still without the actions.
  await notice.getByRole('button', { name: 'Open notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warning: Be kind online' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Report harassment' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(notice.getByRole('button', { name: 'Open notice' })).toBeFocused();
});

test('a query without an advisory, or a failed advisory request, shows the results without a notice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The real resource: no advisory matches a made-up word.
  const plain = uniqueWord('plain');
  const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes('/resource/SearchAdvisoryResource/get/')), page.goto(`/search/pins/?q=${plain}`)]);
  expect((await answer.json()).resource_response).toMatchObject({ status: 'success', data: null });
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${plain}”` })).toBeVisible();
  await expect(page.locator('.search-notice')).toHaveCount(0);

  await page.route(advisoryCalls, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
  const failed = uniqueWord('failed');
  await page.goto(`/search/pins/?q=${failed}`);
  await expect(page.getByRole('heading', { level: 2, name: `No results for “${failed}”` })).toBeVisible();
  await expect(page.locator('.search-notice')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // No query: nothing asked.
  let asked = 0;
  await page.unroute(advisoryCalls);
  await page.route(advisoryCalls, (route) => {
    asked += 1;
    return route.abort();
  });
  await page.goto('/search/pins/');
  await expect(page.getByRole('heading', { level: 2, name: 'Type something to search for.' })).toBeVisible();
  expect(asked).toBe(0);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the modal and the banner fit, and the warning notice too', async ({ page }) => {
    await answerAdvisory(page, crisis);
    const word = uniqueWord('hopeless');
    await page.goto(`/search/pins/?q=${word}&rs=typed`);
    const dialog = page.getByRole('dialog', { name: 'You are not alone' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'advisory modal at 375');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const banner = page.getByRole('region', { name: 'You are not alone' });
    await expect(banner.getByRole('link', { name: 'Call or text 988' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `No results for “${word}”` })).toBeVisible();
    await expectAccessible(page, 'advisory banner at 375');

    await page.unroute(advisoryCalls);
    await answerAdvisory(page, abusive);
    const other = uniqueWord('bully');
    await page.goto(`/search/pins/?q=${other}&rs=typed`);
    await expect(page.getByRole('region', { name: 'Warning: Be kind online' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `No results for “${other}”` })).toBeVisible();
    await expectAccessible(page, 'warning notice at 375');
  });
});
