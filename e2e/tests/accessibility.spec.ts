import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts';
import { expectAccessible } from './support/axe';

/**
 * Every screen of the accounts area at the spec's two widths: no WCAG 2.1 A/AA violation that
 * axe-core can find, and nothing wider than the window (no sideways scrolling on a phone).
 */
const WIDTHS = [375, 1280] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('visitor screens', async ({ page, request }) => {
      const owner = await createAccount(request);
      const screens: [string, string][] = [
        ['/', 'Welcome to Pinhive'],
        ['/login', 'Welcome to Pinhive'],
        ['/signup', 'Welcome to Pinhive'],
        ['/business/login', 'Log in to a personal account'],
        ['/password/reset/', 'Reset your password'],
        [`/${owner.username}`, owner.firstName],
        ['/no-such-page/here', "We couldn't find that page"],
      ];
      for (const [path, text] of screens) {
        await page.goto(path);
        await expect(page.getByText(text).first()).toBeVisible();
        await expectAccessible(page, `${path} at ${width}`);
      }
    });

    test('dialogs and the flyout', async ({ page, request }) => {
      const owner = await createAccount(request);
      await page.goto(`/${owner.username}`);
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Log in to follow' })).toBeVisible();
      await expectAccessible(page, `login-required prompt at ${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('banner').getByLabel('Email')).toBeVisible();
      await expectAccessible(page, `log-in flyout at ${width}`);
    });

    test('member screens', async ({ page }) => {
      const member = await createAccount(page.request);
      for (const path of ['/', '/settings/security', '/add-account', `/${member.username}`]) {
        await page.goto(path);
        await expect(page.getByRole('banner').getByRole('button', { name: member.firstName, exact: true })).toBeVisible();
        await expect(page.getByRole('main')).not.toBeEmpty();
        await expectAccessible(page, `${path} (member) at ${width}`);
      }
    });
  });
}
