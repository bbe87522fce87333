import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail } from './support/accounts';
import { accountButton, loginOpener, submitLogin } from './support/auth';

const ALMOST_THERE = "You're almost there! Log in to access all of Pinhive";

test('the home page greets a visitor with the sign-up card, form shown at once; a member gets the hero', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const card = main.getByRole('region', { name: 'Welcome to Pinhive' });
  await expect(card.getByRole('heading', { level: 2, name: 'Welcome to Pinhive' })).toBeVisible();
  await expect(card.getByText('Find new ideas to try')).toBeVisible();
  await expect(card.getByLabel('Email')).toBeVisible();
  await expect(card.getByLabel('Create a password')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Continue with email' })).toHaveCount(0);

  // The toggle switches the card in place (the home page stays), the focus on its first field.
  await card.getByRole('button', { name: 'Log in' }).click();
  await expect(card.getByLabel('Email')).toBeFocused();
  await expect(card.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A member sees the hero with the way to their profile, and no card.
  const member = await createAccount(page.request, uniqueEmail('cleo'), 'correct-horse-42', 'Cleo');
  await page.goto('/');
  await expect(accountButton(page, 'Cleo')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', `/${member.username}`);
  await expect(main.getByRole('region', { name: 'Welcome to Pinhive' })).toHaveCount(0);
});

test("the top bar's Log in opens a flyout: Escape, a click outside and Close shut it and give the focus back", async ({ page }) => {
  await page.goto('/');
  const opener = loginOpener(page);
  await expect(opener).toHaveAttribute('aria-expanded', 'false');

  await opener.click();
  const flyout = page.getByRole('dialog', { name: 'Welcome to Pinhive' });
  await expect(flyout).toBeVisible();
  await expect(flyout).not.toHaveAttribute('aria-modal', 'true');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(opener).toHaveAttribute('aria-controls', (await flyout.getAttribute('id'))!);
  await expect(flyout.getByLabel('Email')).toBeFocused();
  await expect(flyout.getByRole('button', { name: 'Close' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');

  // A click elsewhere on the page closes it too.
  await opener.click();
  await expect(flyout).toBeVisible();
  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await expect(flyout).toBeHidden();
  await expect(opener).toBeFocused();

  // In the flyout, the sign-up view waits behind "Continue with email", which moves the focus to
  // the revealed form's email field.
  await opener.click();
  await flyout.getByRole('button', { name: 'Sign up now' }).click();
  const reveal = flyout.getByRole('button', { name: 'Continue with email' });
  await expect(reveal).toBeFocused();
  await expect(flyout.getByLabel('Create a password')).toHaveCount(0);
  await reveal.click();
  await expect(flyout.getByLabel('Email')).toBeFocused();
  await expect(flyout.getByLabel('Create a password')).toBeVisible();

  await flyout.getByRole('button', { name: 'Close' }).click();
  await expect(flyout).toBeHidden();
  await expect(opener).toBeFocused();
});

test('/business/login: the personal-account bar, the business links, and a log-in that goes to the root', async ({ page, request }) => {
  const account = await createAccount(request);

  await page.goto('/business/login');
  const card = page.getByRole('region', { name: 'Log in to your business account' });
  await expect(card.getByRole('heading', { level: 1, name: 'Log in to your business account' })).toBeVisible();
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(480);
  await expect(card.getByRole('link', { name: 'Log in to a personal account' })).toHaveAttribute('href', '/login');
  await expect(card.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/business/create');
  await expect(card.getByRole('link', { name: 'Sign up now' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Get started here!' })).toHaveCount(0);
  await expect(page.getByText("Don't have a business account? Create one for free")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create one for free' })).toHaveAttribute('href', '/business/create');

  // The bar leads to the personal log-in, whose card keeps the business link.
  await card.getByRole('link', { name: 'Log in to a personal account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Get started here!' })).toHaveAttribute('href', '/business/create');
  await page.goBack();

  expect(await submitLogin(card, page, account.email, account.password)).toBe(200);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(accountButton(page, account.firstName)).toBeVisible();

  // Logged in, the page sends the member on (to `next` when there is one), as /login does.
  await page.goto('/business/login?next=/settings/security');
  await expect(page).toHaveURL(/\/settings\/security$/);
});

test('a visitor presses Follow on a profile, logs in from the prompt and stays on the profile', async ({ page, playwright, baseURL }) => {
  // Each in its own cookie jar: the browser page stays a visitor who has never logged in here.
  const owner = await createAccount(await playwright.request.newContext({ baseURL }), uniqueEmail('zoe'), 'correct-horse-42', 'Zoe');
  const visitor = await createAccount(await playwright.request.newContext({ baseURL }), uniqueEmail('bea'), 'correct-horse-42', 'Bea');

  await page.goto(`/${owner.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Zoe' })).toBeVisible({ timeout: 20_000 });
  const follow = page.getByRole('main').getByRole('button', { name: 'Follow', exact: true });
  await follow.click();

  // Named by its title, which follows the view: found by its role, its name checked per view.
  const prompt = page.getByRole('dialog');
  await expect(prompt).toHaveAccessibleName('Log in to follow');
  await expect(prompt).toHaveAttribute('aria-modal', 'true');
  await expect(prompt).toHaveAccessibleDescription(ALMOST_THERE);
  await expect(prompt.getByText(ALMOST_THERE)).toBeVisible();
  await expect(prompt.getByLabel('Email')).toBeFocused();

  // Toggled to sign-up it reads as the follow context, the form behind "Continue with email".
  await prompt.getByRole('button', { name: 'Sign up now' }).click();
  await expect(prompt).toHaveAccessibleName('Sign up to follow');
  await prompt.getByRole('button', { name: 'Continue with email' }).click();
  await expect(prompt.getByLabel('Email')).toBeFocused();
  await prompt.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(prompt).toHaveAccessibleName('Log in to follow');

  expect(await submitLogin(prompt, page, visitor.email, visitor.password)).toBe(200);
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${owner.username}$`));
  await expect(accountButton(page, 'Bea')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Zoe' })).toBeVisible();
  // Logged in from the prompt, the follow goes on: the button reads Following, pressed.
  const following = page.getByRole('main').getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(following).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
});
