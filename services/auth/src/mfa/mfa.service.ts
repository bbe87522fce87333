import { randomUUID } from 'node:crypto';
import { MFA_CODE_FORMAT, type MfaSettingsStatus } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import type { RequestLimiter } from '../login/login.limiter';
import type { SmsSender } from '../messaging/sms';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import type { AuthenticatorService } from './authenticator.service';
import type { MfaChallengeRepository } from './mfa-challenge.repository';
import { MFA_CODE_TTL_SECONDS, MFA_MAX_ATTEMPTS, codeMatches, hashCode, newCode, normalisePhone, phoneEnd } from './mfa-codes';

export type MfaOutcome = { kind: 'passed' } | { kind: 'challenge'; challengeId: string; phoneNumberEnd: string };

const message = (code: string) => `Your Pinhive verification code is ${code}. It expires in ${MFA_CODE_TTL_SECONDS / 60} minutes. Never share it.`;

/**
 * Two-factor by phone code: enrolment of a number, then at every log-in a code sent by SMS and
 * bound to that log-in attempt. Codes: 6 digits, stored hashed, 5 minutes, 5 tries, single use;
 * a resend voids the older code. Sends are rate-limited per account. An account has one factor:
 * a phone, or an authenticator app (`authenticator`, which the log-in's second step hands over to).
 */
export class MfaService {
  constructor(
    private readonly users: UserRepository,
    private readonly challenges: MfaChallengeRepository,
    private readonly sms: SmsSender,
    private readonly sendLimiter: RequestLimiter,
    readonly authenticator: AuthenticatorService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The settings' status: which factor is on, the phone's ending, a number waiting for its code, recovery codes left. */
  async status(user: UserDoc): Promise<MfaSettingsStatus> {
    const mfa = user.mfa;
    const factor = mfa === null ? null : mfa.factor === 'totp' ? 'totp' : 'sms';
    return {
      enabled: mfa !== null,
      phone_number_end: mfa && mfa.factor !== 'totp' ? phoneEnd(mfa.phone) : null,
      pending: user.mfaPending !== null,
      factor,
      recovery_codes_left: await this.authenticator.recoveryCodesLeft(user),
    };
  }

  async startEnrolment(user: UserDoc, rawPhone: string): Promise<MfaSettingsStatus> {
    // A phone would replace the authenticator without its code: it is turned off first (with one).
    if (user.mfa?.factor === 'totp') throw appError('mfa_already_enabled');
    const phone = normalisePhone(rawPhone);
    if (!phone) throw appError('phone_invalid', { field: 'phone_number' });
    await this.sendLimiter.consume(user._id);
    const code = newCode();
    const salt = `enrol:${user._id}:${randomUUID()}`;
    await this.sms.send(phone, message(code));
    const pending = { phone, salt, codeHash: hashCode(salt, code), expiresAt: this.expiry(), attempts: 0 };
    await this.users.setMfa(user._id, { mfaPending: pending });
    return this.status({ ...user, mfaPending: pending });
  }

  async confirmEnrolment(user: UserDoc, code: string): Promise<MfaSettingsStatus> {
    if (user.mfa?.factor === 'totp') throw appError('mfa_already_enabled');
    const pending = user.mfaPending;
    if (!pending || pending.expiresAt <= this.now() || pending.attempts >= MFA_MAX_ATTEMPTS) throw appError('mfa_code_expired', { field: 'code' });
    if (!codeMatches(pending.salt, code, pending.codeHash)) {
      await this.users.setMfa(user._id, { mfaPending: { ...pending, attempts: pending.attempts + 1 } });
      throw appError('mfa_code_invalid', { field: 'code' });
    }
    const mfa = { factor: 'sms' as const, phone: pending.phone, enabledAt: this.now() };
    await this.users.setMfa(user._id, { mfa, mfaPending: null });
    return this.status({ ...user, mfa, mfaPending: null });
  }

  /**
   * The second step of a log-in whose password was right. Without a code (or on resend) it
   * sends one and answers with a challenge; with a code it checks it against the challenge of
   * this attempt.
   */
  async atLogin(user: UserDoc, challengeId: string | undefined, input: { mfa_token?: string; mfa_resend?: boolean }): Promise<MfaOutcome> {
    const mfa = user.mfa!;
    if (mfa.factor === 'totp') {
      // Nothing to send: a resend, or no code, asks for the app's code again (`mfa_required`).
      await this.authenticator.atLogin(user, input.mfa_resend ? undefined : input.mfa_token);
      return { kind: 'passed' };
    }
    const phone = mfa.phone;
    const challenge = challengeId ? await this.challenges.find(challengeId) : null;
    const ours = challenge && challenge.userId === user._id && challenge.usedAt === null ? challenge : null;
    if (!input.mfa_token || input.mfa_resend) {
      await this.sendLimiter.consume(user._id);
      const code = newCode();
      const id = ours?._id ?? randomUUID();
      if (ours) await this.challenges.replaceCode(id, hashCode(id, code), this.expiry());
      else await this.challenges.insert({ _id: id, userId: user._id, codeHash: hashCode(id, code), expiresAt: this.expiry(), attempts: 0, usedAt: null, createdAt: this.now() });
      await this.sms.send(phone, message(code));
      return { kind: 'challenge', challengeId: id, phoneNumberEnd: phoneEnd(phone) };
    }
    if (!MFA_CODE_FORMAT.test(input.mfa_token)) throw appError('mfa_code_format', { field: 'mfa_token' });
    // Every try, right or wrong, is taken before the compare (5 tries per code, also for codes sent at once).
    const tried = ours ? await this.challenges.claimAttempt(ours._id, MFA_MAX_ATTEMPTS, this.now()) : null;
    if (!tried) throw appError('mfa_code_expired', { field: 'mfa_token', data: { phone_number_end: phoneEnd(phone) } });
    if (!codeMatches(tried._id, input.mfa_token, tried.codeHash)) throw appError('mfa_code_invalid', { field: 'mfa_token', data: { phone_number_end: phoneEnd(phone) } });
    if (!(await this.challenges.use(tried._id, tried.codeHash, this.now()))) throw appError('mfa_code_expired', { field: 'mfa_token' });
    return { kind: 'passed' };
  }

  private expiry(): Date {
    return new Date(this.now().getTime() + MFA_CODE_TTL_SECONDS * 1000);
  }
}
