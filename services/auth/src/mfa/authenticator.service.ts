import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import QRCode from 'qrcode';
import { MFA_CODE_FORMAT, type AuthenticatorEnrolment, type MfaRequiredData } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import type { TotpMfa, UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import type { ActiveAuthenticator, AuthenticatorRepository } from './authenticator.repository';
import { FailureLimiter } from './failure-limiter';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchStep, newTotpSecret, otpauthUri } from './totp';

/** An enrolment must be confirmed within 15 minutes (the secret shown is then dropped). */
export const AUTHENTICATOR_SETUP_TTL_SECONDS = 900;

const WRONG_CODE = "That code isn't right. Check your authenticator app and try again.";
const USED_CODE = 'That code was used already. Wait for the next one in your authenticator app.';
const WRONG_RECOVERY_CODE = "That recovery code isn't right, or it was used already.";

/** Where a code is checked: the log-in's second step (field `mfa_token`) or a settings call (field `code`). */
type Where = 'login' | 'settings';
const fieldOf = (where: Where) => (where === 'login' ? 'mfa_token' : 'code');
/** `mfa_required` (and the log-in's code errors) name the factor asked for. */
const TOTP_ASKED: MfaRequiredData = { factor: 'totp' };
const dataOf = (where: Where) => (where === 'login' ? TOTP_ASKED : undefined);

/**
 * Two-factor by authenticator app (RFC 6238) with recovery codes. Enrolment: `start` makes a
 * secret and shows it (link, QR code, base32), `confirm` with a current code turns the factor on
 * and answers the 10 recovery codes, shown only then. At log-in a current code or a recovery
 * code passes; each works once (the step used is recorded by a conditional update, a recovery
 * code is pulled from the list). Turning it off, and new recovery codes, need a current code too.
 * Wrong codes are counted per account (FailureLimiter).
 */
export class AuthenticatorService {
  constructor(
    private readonly repo: AuthenticatorRepository,
    private readonly users: UserRepository,
    private readonly failures: FailureLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(user: UserDoc): Promise<AuthenticatorEnrolment> {
    if (user.mfa?.factor === 'totp') throw appError('mfa_already_enabled');
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, user.email);
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const expiresAt = new Date(this.now().getTime() + AUTHENTICATOR_SETUP_TTL_SECONDS * 1000);
    await this.repo.setPending(user._id, { id: randomUUID(), secret, expiresAt });
    return { otpauth_uri: uri, secret, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expires_at: expiresAt.toISOString() };
  }

  /**
   * The first code from the app: the factor is on (replacing a phone's), with new recovery codes.
   * A wrong code here is not counted: the secret is the viewer's own new one, nothing to guess.
   */
  async confirm(user: UserDoc, code: string): Promise<{ mfa: TotpMfa; recoveryCodes: string[] }> {
    if (user.mfa?.factor === 'totp') throw appError('mfa_already_enabled');
    const now = this.now();
    const pending = (await this.repo.find(user._id))?.pending;
    if (!pending || pending.expiresAt <= now) throw appError('mfa_setup_expired', { field: 'code' });
    const step = matchStep(pending.secret, code, now.getTime(), -1);
    if (step === null) throw appError('mfa_code_invalid', { field: 'code', message: WRONG_CODE });
    const recoveryCodes = newRecoveryCodes();
    const active: ActiveAuthenticator = { id: randomUUID(), secret: pending.secret, lastStep: step, recoveryCodes: recoveryCodes.map((c) => hashRecoveryCode(user._id, c)!), enabledAt: now };
    // The account's `mfa` is what turns it on, so it is written last: a crash in between leaves it off.
    if (!(await this.repo.activate(user._id, pending.id, active))) throw appError('mfa_setup_expired', { field: 'code' });
    const mfa: TotpMfa = { factor: 'totp', enabledAt: now };
    await this.users.setMfa(user._id, { mfa, mfaPending: null });
    return { mfa, recoveryCodes };
  }

  /**
   * The second step of a log-in of an account with an authenticator: without a code it answers
   * `mfa_required` (factor `totp`: nothing is sent); a current code or a recovery code passes.
   */
  async atLogin(user: UserDoc, token: string | undefined): Promise<void> {
    if (!token) throw appError('mfa_required', { data: TOTP_ASKED });
    await this.check(user, token, { recovery: true, where: 'login' });
  }

  /** Turns the factor off, with a current code or a recovery code (a lost phone). */
  async disable(user: UserDoc, code: string): Promise<void> {
    if (user.mfa?.factor !== 'totp') throw appError('mfa_not_enabled');
    const active = await this.check(user, code, { recovery: true, where: 'settings' });
    // Off first: a crash before the secret is forgotten leaves a secret nothing reads.
    await this.users.setMfa(user._id, { mfa: null });
    await this.repo.remove(user._id, active.id);
  }

  /** New recovery codes (the old ones stop working), with a current code from the app. */
  async regenerateRecoveryCodes(user: UserDoc, code: string): Promise<string[]> {
    if (user.mfa?.factor !== 'totp') throw appError('mfa_not_enabled');
    const active = await this.check(user, code, { recovery: false, where: 'settings' });
    const codes = newRecoveryCodes();
    if (!(await this.repo.replaceRecoveryCodes(user._id, active.id, codes.map((c) => hashRecoveryCode(user._id, c)!)))) throw appError('mfa_not_enabled');
    return codes;
  }

  /** Unused recovery codes of an account whose authenticator is on; null otherwise. */
  async recoveryCodesLeft(user: UserDoc): Promise<number | null> {
    if (user.mfa?.factor !== 'totp') return null;
    return (await this.repo.find(user._id))?.active?.recoveryCodes.length ?? 0;
  }

  /**
   * Checks a current code (or, when allowed, a recovery code) and uses it up. A locked account
   * is refused before the code is looked at; every try is counted before the compare, and a
   * code of a step already used is given its try back (whoever sends it knows it already).
   */
  private async check(user: UserDoc, raw: string, opts: { recovery: boolean; where: Where }): Promise<ActiveAuthenticator> {
    const field = fieldOf(opts.where);
    const data = dataOf(opts.where);
    const code = raw.replace(/\s/g, '');
    const isTotp = MFA_CODE_FORMAT.test(code);
    const recoveryHash = !isTotp && opts.recovery ? hashRecoveryCode(user._id, raw) : null;
    if (!isTotp && recoveryHash === null) throw appError('mfa_code_format', { field, data });
    // The try is taken before the code is compared, so codes sent at once compare no more than the limit.
    const n = await this.failures.takeTry(user._id);
    if (n === null) throw appError(opts.where === 'login' ? 'login_rate_limited' : 'too_many_requests');
    // On with no authenticator stored cannot be passed (never happens: it is stored first).
    const active = (await this.repo.find(user._id))?.active ?? null;
    if (active && isTotp) {
      const now = this.now().getTime();
      const step = matchStep(active.secret, code, now, active.lastStep);
      if (step !== null && (await this.repo.claimStep(user._id, active.id, step))) return this.passed(user, active);
      // Right, but its step (or a later one) was used: a replay, or the same code sent twice at once.
      if (step !== null || matchStep(active.secret, code, now, -1) !== null) {
        await this.failures.giveBack(user._id);
        throw appError('mfa_code_expired', { field, data, message: USED_CODE });
      }
    }
    if (active && recoveryHash !== null && (await this.repo.useRecoveryCode(user._id, active.id, recoveryHash))) return this.passed(user, active);
    await this.failures.failed(user._id, n);
    throw appError('mfa_code_invalid', { field, data, message: isTotp ? WRONG_CODE : WRONG_RECOVERY_CODE });
  }

  private async passed(user: UserDoc, active: ActiveAuthenticator): Promise<ActiveAuthenticator> {
    await this.failures.recordSuccess(user._id);
    return active;
  }
}

/** The authenticator factor as the service wires it: its store, and the per-account count of wrong codes. */
export function authenticatorFactor(
  repo: AuthenticatorRepository,
  redis: Redis,
  users: UserRepository,
  opts: { namespace: string; maxFailures: number; lockoutSeconds: number },
): AuthenticatorService {
  const failures = new FailureLimiter(redis, { keyPrefix: `${opts.namespace}mfa_totp_fail`, maxFailures: opts.maxFailures, lockoutSeconds: opts.lockoutSeconds });
  return new AuthenticatorService(repo, users, failures);
}
