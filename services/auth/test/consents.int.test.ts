import type { RunningService } from '@pinhive/kit';
import type { AuthConfig } from '../src/config';
import { UserRepository } from '../src/users/user.repository';
import { Browser } from '../../../test/support/browser';
import { adultBirthday, newEmail, startAuth } from './auth-helpers';

/** The consents view's answers (kr_privacy_consent experiment) on the registration, on FerretDB. */
let auth: RunningService<AuthConfig>;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth?.close());

const register = (extra: Record<string, unknown>) =>
  new Browser(auth.url).post('/v3/register/', { type: 'email', email: newEmail('consent'), password: 'correct horse 42', birthday: adultBirthday, ...extra });
const stored = async (id: string) => (await new UserRepository(auth.ctx.mongo).findById(id))?.consents;

it('keeps the consents given, with their time', async () => {
  const res = await register({ kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: true });
  expect(res.status).toBe(201);
  const { user } = res.body.resource_response.data as { user: { id: string } };
  expect(await stored(user.id)).toMatchObject({ privacyOptIn: true, marketingOptOut: true, at: expect.any(Date) });
});

it('refuses a registration that declines the required consent, storing nothing', async () => {
  const email = newEmail('declined');
  const res = await new Browser(auth.url).post('/v3/register/', { type: 'email', email, password: 'correct horse 42', birthday: adultBirthday, kr_privacy_consent_opt_in: false });
  expect(res.status).toBe(400);
  expect(res.body.resource_response.error).toMatchObject({
    code: 'consent_required', message: 'Please agree to the collection and use of your personal information to continue.', data: { field: 'kr_privacy_consent_opt_in' },
  });
  expect(await new UserRepository(auth.ctx.mongo).findByEmail(email)).toBeNull();
});

it('records no consents for a sign-up outside the experiment', async () => {
  const res = await register({});
  const { user } = res.body.resource_response.data as { user: { id: string } };
  expect(await stored(user.id)).toBeNull();
});
