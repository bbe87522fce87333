import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { EMAIL_FORMAT, checkBirthday, isAscii, type SessionUser } from '@pinhive/contracts';
import { appError, docWithEvents, newEvent } from '@pinhive/kit';
import type { z } from 'zod';
import type { registerRequestSchema } from '@pinhive/contracts';
import type { Consents } from './user.model';
import { DuplicateKeyError, type UserRepository } from './user.repository';
import { presentSessionUser } from './user.presenter';
import { firstNameFromEmail, usernameFromEmail } from './username';
import { checkNewPassword, containsBrandName } from './password.rules';
import { normaliseIdentifier } from './identifier';

type RegisterInput = z.output<typeof registerRequestSchema>;

const USERNAME_ATTEMPTS = 6;

/** The server's email rules (spec sections 5 and 8), shared by sign-up and email validation. */
export function checkEmail(raw: string): void {
  const email = normaliseIdentifier(raw);
  if (!isAscii(raw)) throw appError('non_ascii', { field: 'email' });
  if (!EMAIL_FORMAT.test(email)) throw appError('email_invalid', { field: 'email' });
  if (containsBrandName(email)) throw appError('email_brand_name', { field: 'email' });
}

/** What the consents view recorded; null when the person never saw it (not in the experiment). */
function consentsOf(input: RegisterInput, at: Date): Consents | null {
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
    private readonly opts: { bcryptCost: number; now?: () => Date; onStored: (userId: string) => void },
  ) {}

  async register(input: RegisterInput): Promise<SessionUser> {
    const now = this.opts.now?.() ?? new Date();
    const email = normaliseIdentifier(input.email);
    this.checkRules(input, email, now);
    if (await this.users.emailExists(email)) throw appError('email_exists', { field: 'email' });

    const passwordHash = await bcrypt.hash(input.password, this.opts.bcryptCost);
    const firstName = input.first_name || firstNameFromEmail(email);
    const lastName = input.last_name ?? '';
    const id = randomUUID();
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username = usernameFromEmail(email, attempt);
      if (await this.users.usernameExists(username)) continue;
      const event = newEvent('auth', 'auth.user.registered.v1', id, {
        userId: id, username, email, firstName, lastName, country: input.country ?? null, registeredAt: now.toISOString(),
      });
      try {
        await this.users.insert(docWithEvents({
          _id: id, email, username, firstName, lastName, passwordHash,
          birthday: new Date(input.birthday * 1000), country: input.country ?? null, consents: consentsOf(input, now), createdAt: now, loginBlock: null, deactivation: null, mfa: null, mfaPending: null,
        }, [event]));
      } catch (err) {
        if (err instanceof DuplicateKeyError && err.field === 'username') continue;
        if (err instanceof DuplicateKeyError) throw appError('email_exists', { field: 'email' });
        throw err;
      }
      this.opts.onStored(id);
      return presentSessionUser({ _id: id, username, email, firstName, lastName });
    }
    throw appError('internal', { detail: 'could not find a free username' });
  }

  private checkRules(input: RegisterInput, email: string, now: Date): void {
    // Sent only by the consents view (kr_privacy_consent experiment), where agreeing is required.
    if (input.kr_privacy_consent_opt_in === false) throw appError('consent_required', { field: 'kr_privacy_consent_opt_in' });
    checkEmail(input.email);
    checkNewPassword(input.password, email);
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
