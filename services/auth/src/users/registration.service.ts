import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { EMAIL_FORMAT, checkBirthday, isAscii, type EventEnvelope, type KnownGender, type SessionUser } from '@pinhive/contracts';
import { appError, docWithEvents, newEvent } from '@pinhive/kit';
import type { z } from 'zod';
import type { registerRequestSchema } from '@pinhive/contracts';
import type { IdentityLinkRepository, IdentityProvider } from '../identities/identity-link.repository';
import type { Consents, UserDoc } from './user.model';
import { DuplicateKeyError, type UserRepository } from './user.repository';
import { presentSessionUser } from './user.presenter';
import { firstNameFromEmail, usernameFromEmail } from './username';
import { checkNewPassword, containsBrandName } from './password.rules';
import { normaliseIdentifier } from './identifier';

type RegisterInput = z.output<typeof registerRequestSchema>;

/** A sign-up vouched for by SSO or a social provider: no password; the provider's subject instead. */
export interface IdentityRegistration {
  provider: IdentityProvider;
  subject: string;
  /** The email the provider gave, or the one the person typed at the email-collection step. */
  email: string;
  firstName?: string;
  lastName?: string;
  /** Epoch seconds, checked by the same age rules as an email sign-up. */
  birthday: number;
  country?: string | null;
  /** The gender the provider shared, if one Pinhive knows (ad targeting). */
  gender?: KnownGender;
  kr_privacy_consent_opt_in?: boolean;
  marketing_notifs_opt_out?: boolean;
}

const USERNAME_ATTEMPTS = 6;

/** The server's email rules (spec sections 5 and 8), shared by sign-up and email validation. */
export function checkEmail(raw: string): void {
  const email = normaliseIdentifier(raw);
  if (!isAscii(raw)) throw appError('non_ascii', { field: 'email' });
  if (!EMAIL_FORMAT.test(email)) throw appError('email_invalid', { field: 'email' });
  if (containsBrandName(email)) throw appError('email_brand_name', { field: 'email' });
}

/** What the consents view recorded; null when the person never saw it (not in the experiment). */
function consentsOf(input: Pick<RegisterInput, 'kr_privacy_consent_opt_in' | 'marketing_notifs_opt_out'>, at: Date): Consents | null {
  if (input.kr_privacy_consent_opt_in === undefined && input.marketing_notifs_opt_out === undefined) return null;
  return { privacyOptIn: input.kr_privacy_consent_opt_in ?? false, marketingOptOut: input.marketing_notifs_opt_out ?? false, at };
}

/**
 * Email registration: server rules of signup-login.md section 5, then the user and its
 * `auth.user.registered.v1` event are stored in one write; the outbox publishes the event.
 */
export class RegistrationService {
  constructor(
    private readonly users: UserRepository,
    private readonly links: IdentityLinkRepository,
    private readonly opts: { bcryptCost: number; now?: () => Date; onStored: (userId: string, created: EventEnvelope[]) => void },
  ) {}

  async register(input: RegisterInput): Promise<SessionUser> {
    const now = this.opts.now?.() ?? new Date();
    const email = normaliseIdentifier(input.email);
    this.checkRules(input, email, now);
    checkNewPassword(input.password, email);
    if (await this.users.emailExists(email)) throw appError('email_exists', { field: 'email' });
    const passwordHash = await bcrypt.hash(input.password, this.opts.bcryptCost);
    return this.insertNew(randomUUID(), { ...input, email, passwordHash }, now);
  }

  /**
   * Sign-up through SSO or a social provider: the same rules bar the password, and the account is
   * linked to the provider's subject. The link is claimed before the account is inserted (see
   * IdentityLinkRepository), so a retry after a crash, or a second tab, ends with one account: a
   * registration of an identity that already has its account answers that account.
   */
  async registerWithIdentity(input: IdentityRegistration): Promise<{ user: SessionUser; created: boolean }> {
    const now = this.opts.now?.() ?? new Date();
    const email = normaliseIdentifier(input.email);
    this.checkRules(input, email, now);
    const held = await this.links.find(input.provider, input.subject);
    const existing = held && (await this.users.findById(held.userId));
    if (existing) return { user: presentSessionUser(existing), created: false };
    // Another account owns this email: linking it is the owner's explicit choice, never implied.
    if (!held && (await this.users.emailExists(email))) throw appError('email_exists', { field: 'email' });
    const link = held ?? (await this.links.claim(input.provider, input.subject, randomUUID(), email, now));
    try {
      const user = await this.insertNew(link.userId, {
        email, passwordHash: '', first_name: input.firstName, last_name: input.lastName, birthday: input.birthday, country: input.country ?? undefined, gender: input.gender,
        kr_privacy_consent_opt_in: input.kr_privacy_consent_opt_in, marketing_notifs_opt_out: input.marketing_notifs_opt_out,
      }, now);
      return { user, created: true };
    } catch (err) {
      // A second registration of this identity inserted the account meanwhile (same id, same email).
      const raced = await this.users.findById(link.userId);
      if (raced) return { user: presentSessionUser(raced), created: false };
      throw err;
    }
  }

  private async insertNew(
    id: string,
    input: Pick<RegisterInput, 'first_name' | 'last_name' | 'birthday' | 'country' | 'kr_privacy_consent_opt_in' | 'marketing_notifs_opt_out'> & { email: string; passwordHash: UserDoc['passwordHash']; gender?: KnownGender },
    now: Date,
  ): Promise<SessionUser> {
    const { email, passwordHash } = input;
    const firstName = input.first_name || firstNameFromEmail(email);
    const lastName = input.last_name ?? '';
    const birthday = new Date(input.birthday * 1000);
    const gender = input.gender ?? null;
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username = usernameFromEmail(email, attempt);
      if (await this.users.usernameExists(username)) continue;
      const event = newEvent('auth', 'auth.user.registered.v1', id, {
        userId: id, username, email, firstName, lastName, country: input.country ?? null, registeredAt: now.toISOString(),
        // ads' targeting: its age group (computed when serving) and the provider's gender.
        birthday: birthday.toISOString().slice(0, 10), gender,
      });
      try {
        await this.users.insert(docWithEvents({
          _id: id, email, username, firstName, lastName, passwordHash,
          birthday, country: input.country ?? null, gender, consents: consentsOf(input, now), createdAt: now, loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
        }, [event]));
      } catch (err) {
        if (err instanceof DuplicateKeyError && err.field === 'username') continue;
        if (err instanceof DuplicateKeyError) throw appError('email_exists', { field: 'email' });
        throw err;
      }
      this.opts.onStored(id, [event]);
      return presentSessionUser({ _id: id, username, email, firstName, lastName });
    }
    throw appError('internal', { detail: 'could not find a free username' });
  }

  /** The rules every sign-up passes, with a password or through a provider. */
  private checkRules(input: Pick<RegisterInput, 'kr_privacy_consent_opt_in' | 'birthday'> & { email: string }, email: string, now: Date): void {
    // Sent only by the consents view (kr_privacy_consent experiment), where agreeing is required.
    if (input.kr_privacy_consent_opt_in === false) throw appError('consent_required', { field: 'kr_privacy_consent_opt_in' });
    checkEmail(input.email);
    const verdict = checkBirthday(input.birthday, now);
    switch (verdict) {
      case 'ok':
        return;
      case 'missing':
        throw appError('birthday_missing', { field: 'birthday' });
      case 'invalid':
        throw appError('birthday_invalid', { field: 'birthday' });
      case 'underage':
        throw appError('underage', { field: 'birthday' });
      case 'over_age':
        throw appError('over_age', { field: 'birthday' });
    }
  }
}
