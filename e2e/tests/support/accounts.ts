import { expect, type APIRequestContext } from '@playwright/test';

/** `YYYY-MM-DD` for the same day `years` years ago (what a date input's `fill` takes). */
export function yearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * An address no other test uses. The part before "+" becomes the first name ("ada" → "Ada"), so
 * tests can look for the name in the top bar.
 */
export function uniqueEmail(name = 'ada'): string {
  return `${name}+e2e${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  username: string;
  firstName: string;
}

/**
 * Creates an account through the API. With the `request` fixture (its own cookie jar) the browser
 * page stays logged out; with `page.request` (the page's cookies) the page is then logged in as the
 * new account. Sends the CSRF header the way the web app does.
 */
export async function createAccount(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = 'correct-horse-42',
  firstName = 'Ada',
): Promise<Account> {
  await request.get('/v3/users/me/');
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const birthday = Math.floor(Date.UTC(new Date().getUTCFullYear() - 30, 0, 15) / 1000);
  const response = await request.post('/v3/register/', {
    headers: { 'X-CSRFToken': csrf },
    data: { type: 'email', email, password, birthday, first_name: firstName, last_name: '', recaptchaV3Token: 'default' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return { email, password, username: body.resource_response.data.user.username, firstName };
}

/** A phone number no other test uses: +44 7700 9 (a UK drama range) and 5 random digits. */
export function uniquePhone(): string {
  return `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
}
