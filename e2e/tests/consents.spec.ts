import { expect, test, type Page, type Request } from '@playwright/test';
import { uniqueEmail, yearsAgo } from './support/accounts';
import { accountButton, expectDescribedFieldError } from './support/auth';

const CONSENTS_TITLE = 'Your privacy choices';
const CONSENT_REQUIRED = 'Please agree to the collection and use of your personal information to continue.';
const PASSWORD = 'correct-horse-42';

const isRegister = (r: Request) => new URL(r.url()).pathname === '/v3/register/' && r.method() === 'POST';

/** Opens /signup and fills the form (pressing "Continue with email" first where the form waits behind it). */
async function fillSignup(page: Page, email: string, birthday: string): Promise<void> {
  await page.goto('/signup');
  const reveal = page.getByRole('button', { name: 'Continue with email' });
  await expect(reveal.or(page.getByLabel('Email')).first()).toBeVisible();
  if (await reveal.isVisible()) await reveal.click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Create a password').fill(PASSWORD);
  await page.getByLabel('Birthdate').fill(birthday);
}

test('kr_privacy_consent enabled: sign-up goes through the consents view; Back keeps what was typed', async ({ page, context, baseURL }) => {
  // Outside production this cookie puts the browser in the experiment's enabled group.
  await context.addCookies([{ name: 'ph_exp', value: 'kr_privacy_consent:enabled', url: baseURL! }]);
  const email = uniqueEmail('ada');
  const birthday = yearsAgo(30);
  const registrations: Request[] = [];
  page.on('request', (r) => {
    if (isRegister(r)) registrations.push(r);
  });

  await fillSignup(page, email, birthday);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // The consents view: nothing registered yet, the focus on the required box, which is unchecked.
  const title = page.getByRole('heading', { level: 1, name: CONSENTS_TITLE });
  await expect(title).toBeVisible();
  const privacy = page.getByRole('checkbox', { name: /I agree to the collection and use of my personal information/ });
  const marketing = page.getByRole('checkbox', { name: /Send me emails/ });
  const create = page.getByRole('button', { name: 'Create account' });
  await expect(privacy).toBeFocused();
  await expect(privacy).not.toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  expect(registrations).toHaveLength(0);

  // Back: the sign-up view with everything as typed; continuing leads here again.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(title).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Create a password')).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Birthdate')).toHaveValue(birthday);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(title).toBeVisible();

  // "Create account" without the required box says why, at the box, and sends nothing. It is
  // aria-disabled, which Playwright's click waits out, but still focusable and pressable.
  await create.press('Enter');
  await expectDescribedFieldError(privacy, CONSENT_REQUIRED);
  await expect(privacy).toBeFocused();
  expect(registrations).toHaveLength(0);

  // Agreeing (marketing left unchecked) creates the account with the consent fields.
  await privacy.check();
  await expect(privacy).not.toHaveAttribute('aria-invalid', 'true');
  await expect(create).not.toHaveAttribute('aria-disabled', 'true');
  const registered = page.waitForResponse((r) => isRegister(r.request()));
  await create.click();
  const answer = await registered;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({
    email,
    first_name: 'Ada',
    last_name: '',
    kr_privacy_consent_opt_in: true,
    marketing_notifs_opt_out: true,
  });
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await expect(page).toHaveURL(/\/[a-z0-9_]{3,30}$/);
});

test('kr_privacy_consent control (no override): sign-up registers at once, without the consent fields', async ({ page }) => {
  const email = uniqueEmail('ada');
  await fillSignup(page, email, yearsAgo(30));
  const group = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/experiences/experiments/');
  const registered = page.waitForResponse((r) => isRegister(r.request()));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  expect((await (await group).json()).resource_response.data).toMatchObject({ kr_privacy_consent: 'control' });
  const answer = await registered;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).not.toHaveProperty('kr_privacy_consent_opt_in');
  await expect(accountButton(page, 'Ada')).toBeVisible();
  await expect(page.getByRole('heading', { name: CONSENTS_TITLE })).toHaveCount(0);
});
