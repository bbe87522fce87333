import { ensureIndexes } from '@pinhive/kit';
import { IdentityLinkRepository } from '../src/identities/identity-link.repository';
import { authIndexes } from '../src/indexes';
import { RegistrationService } from '../src/users/registration.service';
import { UserRepository } from '../src/users/user.repository';
import { scratchDatabase, uniqueName } from '../../../test/support/servers';
import { adultBirthday } from './auth-helpers';

/**
 * A sign-up through SSO or a social provider against the real store: one account per identity,
 * whatever crashed or ran twice, and never an account found by an email a provider asserts.
 */
const db = scratchDatabase('identity_registration');
let users: UserRepository;
let links: IdentityLinkRepository;
let registration: RegistrationService;

beforeAll(async () => {
  await ensureIndexes(db(), authIndexes);
  users = new UserRepository(db());
  links = new IdentityLinkRepository(db());
  registration = new RegistrationService(users, links, { bcryptCost: 10, onStored: () => undefined });
});

const person = (over: Partial<Parameters<RegistrationService['registerWithIdentity']>[0]> = {}) => ({
  provider: 'google' as const, subject: uniqueName('sub'), email: `${uniqueName('g')}@example.com`, firstName: 'Grace', birthday: adultBirthday, ...over,
});

it('makes one account without a password, linked to the provider subject', async () => {
  const input = person();
  const { user, created } = await registration.registerWithIdentity(input);
  expect(created).toBe(true);
  expect(await links.find('google', input.subject)).toMatchObject({ userId: user.id, email: input.email });
  expect((await users.findById(user.id))!.passwordHash).toBe('');
  expect((await links.forUser(user.id)).map((l) => l.provider)).toEqual(['google']);
});

it('answers the same account when the registration runs again (a retry, a second tab)', async () => {
  const input = person();
  const [one, two] = await Promise.all([registration.registerWithIdentity(input), registration.registerWithIdentity(input)]);
  expect(two.user).toEqual(one.user);
  expect([one.created, two.created].sort()).toEqual([false, true]);
  expect(await registration.registerWithIdentity(input)).toEqual({ user: one.user, created: false });
});

it('finishes the account a crash left as a bare link, under the id the link names', async () => {
  const input = person();
  // The process died after claiming the link and before inserting the account.
  await links.claim('google', input.subject, 'user-left-by-a-crash-' + uniqueName('x'), input.email);
  const held = (await links.find('google', input.subject))!;
  const { user, created } = await registration.registerWithIdentity(input);
  expect({ id: user.id, created }).toEqual({ id: held.userId, created: true });
  expect(await users.findById(held.userId)).not.toBeNull();
});

it("refuses an email that another account owns, and links nothing to that account", async () => {
  const owner = await registration.registerWithIdentity(person({ provider: 'facebook' }));
  const email = (await users.findById(owner.user.id))!.email;
  const other = person({ email });
  await expect(registration.registerWithIdentity(other)).rejects.toMatchObject({ code: 'email_exists' });
  expect(await links.find('google', other.subject)).toBeNull();
  expect((await links.forUser(owner.user.id)).map((l) => l.provider)).toEqual(['facebook']);
});

it('keeps the age rules of an email sign-up', async () => {
  const input = person({ birthday: Math.floor(Date.now() / 1000) - 5 * 365 * 86400 });
  await expect(registration.registerWithIdentity(input)).rejects.toMatchObject({ code: 'underage' });
  expect(await links.find('google', input.subject)).toBeNull();
});

it("records the provider's gender, and tells ads the birthday and gender with the registration (ad targeting)", async () => {
  const { user } = await registration.registerWithIdentity(person({ provider: 'facebook', gender: 'female' }));
  const stored = (await users.findById(user.id))!;
  expect(stored.gender).toBe('female');
  expect(stored.pendingEvents?.find((e) => e.type === 'auth.user.registered.v1')?.data).toMatchObject({ userId: user.id, birthday: '1990-05-17', gender: 'female' });
  const { user: other } = await registration.registerWithIdentity(person());
  expect((await users.findById(other.id))!.pendingEvents?.[0]?.data).toMatchObject({ birthday: '1990-05-17', gender: null });
});
