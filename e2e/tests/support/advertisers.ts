import { expect, type APIRequestContext, type Locator } from '@playwright/test';

/**
 * An advertiser owned by the request context's account, made through the ads service's API as
 * `/business/create` makes it (with the CSRF header the web app sends), for tests that need one.
 */
export async function createAdvertiser(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const csrf = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  if (!(await csrf())) await request.get('/v3/users/me/');
  const response = await request.post('/ads/v4/advertisers/', { headers: { 'X-CSRFToken': (await csrf()) ?? '' }, data: { name } });
  expect(response.status(), `advertiser create: ${await response.text()}`).toBe(201);
  const { id } = (await response.json()).resource_response.data as { id: string };
  return { id, name };
}

/** Lets the person with `username` act for the advertiser (its owner's request context). */
export async function addAdvertiserMember(request: APIRequestContext, advertiserId: string, username: string): Promise<void> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  // ads learns a new account from auth's event a moment after its sign-up: until then the
  // username is unknown there (advertiser_person_not_found), so the add is tried until it lands.
  await expect(async () => {
    const response = await request.post(`/ads/v4/advertisers/${advertiserId}/members/`, { headers: { 'X-CSRFToken': csrf }, data: { username } });
    expect(response.status(), `member add: ${await response.text()}`).toBeLessThan(300);
  }).toPass({ timeout: 30_000 });
}

/** Fills the billing form (its dialog) as a person would, and presses Continue. */
export async function submitBillingForm(form: Locator, billing: { contact: string; email: string; address: string }): Promise<void> {
  await form.getByLabel('Invoice to').fill(billing.contact);
  await form.getByLabel('Email for invoices').fill(billing.email);
  await form.getByLabel('Billing address').fill(billing.address);
  await form.getByRole('button', { name: 'Continue' }).click();
}
