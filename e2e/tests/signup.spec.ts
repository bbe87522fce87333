import { expect, test, type Request } from '@playwright/test';
import { uniqueEmail, yearsAgo } from './support/accounts';

test.describe('sign-up', () => {
  test('a visitor signs up with email on the home page and lands on their new profile', async ({ page }) => {
    // A unique address per run; the part before "+" becomes the first name ("Ada").
    const email = uniqueEmail('ada');

    // The home page is the spec's home-page container: the sign-up form is there at once.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Welcome to Pinhive' });
    await card.getByLabel('Email').fill(email);
    await card.getByLabel('Create a password').fill('correct-horse-42');
    await card.getByLabel('Birthdate').fill(yearsAgo(30));

    const registered = page.waitForResponse(
      (response) => response.url().endsWith('/v3/register/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await registered).ok()).toBe(true);

    // The profile is built from the auth.user.registered.v1 event: allow the page's own wait (~15 s).
    await expect(page.getByRole('heading', { level: 1, name: 'Ada' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/[a-z0-9_]{3,30}$/);
    await expect(page.getByText(/^@[a-z0-9_]{3,30}$/)).toBeVisible();
  });

  test('submitting the empty form shows what is missing and sends nothing', async ({ page }) => {
    // Every page asks who is looking (`GET /v3/users/me/`), and the card which providers and
    // experiments its buttons follow, and starts the one-tap prompt; the form itself must send nothing.
    const pageReads = new Set(['/v3/users/me/', '/v3/auth/providers/', '/v3/experiences/experiments/', '/v3/auth/google/one_tap/start/']);
    const apiCalls: Request[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/v3/') && !pageReads.has(pathname)) apiCalls.push(request);
    });

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page.getByText("You missed a spot! Don't forget to add your email.")).toBeVisible();
    await expect(page.getByText("You missed a spot! Don't forget to add your password.")).toBeVisible();
    await expect(page.getByText("You missed a spot. Don't forget to add your birthday.")).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Create a password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Birthdate')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
    expect(apiCalls).toHaveLength(0);
  });
});
