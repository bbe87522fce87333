import bcrypt from 'bcryptjs';
import { appError } from '@pinhive/kit';
import type { LoginRequest } from '@pinhive/contracts';
import type { RecoveryService } from '../recovery/recovery.service';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import { PASSWORD_MAX_BYTES } from '../users/password.rules';
import { normaliseIdentifier } from '../users/identifier';
import type { LoginLimiter } from './login.limiter';
import type { IdentityLinkRepository, IdentityProvider } from '../identities/identity-link.repository';
import type { ErrorCode } from '@pinhive/contracts';

/**
 * Spec: a password log-in of an account that has none, only providers, is told which button to
 * use. Facebook and Google together have their own message; otherwise the first linked one.
 */
export function linkedAccountError(providers: readonly IdentityProvider[]): ErrorCode | null {
  const has = new Set(providers);
  if (has.has('facebook') && has.has('google')) return 'linked_facebook_google';
  for (const p of ['facebook', 'google', 'sso', 'line'] as const) if (has.has(p)) return `linked_${p}`;
  return null;
}

/**
 * Email log-in. Order matters: a locked identifier or IP is refused before the password is
 * looked at (the right password gets the same answer); an unknown account costs the same bcrypt
 * work as a wrong password and gets the same answer; blocks are revealed only to the owner.
 */
export class LoginService {
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly limiter: LoginLimiter,
    private readonly recovery: RecoveryService,
    private readonly links: IdentityLinkRepository,
    bcryptCost: number,
  ) {
    this.dummyHash = bcrypt.hash('not a real password, only spends the same time', bcryptCost);
  }

  async verify(input: Required<Pick<LoginRequest, 'username_or_email' | 'password'>>, ip: string): Promise<UserDoc> {
    const identifier = normaliseIdentifier(input.username_or_email);
    await this.limiter.assertNotLocked(identifier, ip);
    const user = await this.users.findByIdentifier(identifier);
    // An account without a password (made through SSO or a social provider) matches none.
    const matches = await bcrypt.compare(input.password, user?.passwordHash || (await this.dummyHash)) && Boolean(user?.passwordHash);
    if (!user || !matches || Buffer.byteLength(input.password) > PASSWORD_MAX_BYTES) {
      // Past the limit by attempts sent at once: answered as the lockout it now is (no guess's result leaks).
      if (await this.limiter.recordFailure(identifier, ip)) throw appError('login_rate_limited');
      const linked = user && !user.passwordHash ? linkedAccountError((await this.links.forUser(user._id)).map((l) => l.provider)) : null;
      throw linked ? appError(linked, { field: 'email' }) : appError('password_incorrect', { field: 'password' });
    }
    // A lockout that attempts at once reached while this password was checked holds for it too:
    // a right guess among 50 sent together must not get in once 5 of them failed.
    await this.limiter.assertNotLocked(identifier, ip);
    await this.limiter.recordSuccess(identifier);
    await this.assertMayLogIn(user);
    return user;
  }

  /**
   * Operator blocks and deactivation, each answered as the spec's error catalogue says. Every
   * log-in method runs it once the person is known (password, SSO, social providers).
   */
  readonly assertMayLogIn = async (user: UserDoc): Promise<void> => {
    if (user.deactivation) throw appError('deactivated', { data: { reasons: [user.deactivation.reason] } });
    const block = user.loginBlock;
    if (!block) return;
    switch (block.reason) {
      case 'soft_banned':
        throw appError('soft_banned');
      case 'rate_limited':
        throw appError('login_rate_limited');
      case 'login_assistance':
        await this.recovery.sendResetLink(user, 'assistance');
        throw appError('login_assistance', { data: { email: user.email } });
      case 'password_reset_sent':
        throw appError('password_reset_sent', { data: { email: user.email } });
      case 'prevent_facebook_register':
        throw appError('prevent_facebook_register');
      case 'prevent_google_register':
        throw appError('prevent_google_register');
      case 'suspended':
        throw appError('suspended', { data: { reasons: block.details } });
    }
  };
}
