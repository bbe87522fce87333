import { randomBytes } from 'node:crypto';
import { sha256 } from '../security/sha256';
import bcrypt from 'bcryptjs';
import { appError, type Logger } from '@pinhive/kit';
import type { Mailer } from '../messaging/mailer';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import { checkNewPassword } from '../users/password.rules';
import type { ResetTokenRepository } from './reset-token.repository';


/** Blocks that a successful password reset lifts: they exist to make the owner reset. */
const LIFTED_BY_RESET = new Set(['soft_banned', 'password_reset_sent', 'login_assistance']);

/**
 * Password recovery: 256-bit single-use tokens, stored hashed, expiring, sent by email. Asking
 * for a reset answers the same whether or not the account exists.
 */
export class RecoveryService {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: ResetTokenRepository,
    private readonly mailer: Mailer,
    private readonly opts: { publicUrl: string; ttlSeconds: number; bcryptCost: number; logger: Logger; now?: () => Date },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Sends a reset link when the account exists; never tells the caller whether it does. */
  async forgot(identifier: string): Promise<void> {
    const user = await this.users.findByIdentifier(identifier);
    if (!user) return;
    // Not awaited: the answer must not take longer for an existing account than a missing one.
    this.sendResetLink(user, 'reset').catch((err: unknown) => this.opts.logger.error({ err }, 'reset mail failed'));
  }

  /** Emails a reset link; `assistance` words it as help after repeated failed log-ins. */
  async sendResetLink(user: Pick<UserDoc, '_id' | 'email' | 'firstName'>, kind: 'reset' | 'assistance'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(sha256(token), user._id, this.now(), this.opts.ttlSeconds);
    const link = `${this.opts.publicUrl}/password/reset/?token=${token}`;
    const minutes = Math.round(this.opts.ttlSeconds / 60);
    const hello = user.firstName ? `Hi ${user.firstName},` : 'Hi,';
    const why = kind === 'reset' ? 'Somebody (hopefully you) asked to reset your Pinhive password.' : 'We noticed some trouble logging in to your Pinhive account.';
    await this.mailer.send({
      to: user.email,
      subject: kind === 'reset' ? 'Reset your Pinhive password' : 'Help logging in to Pinhive',
      text: `${hello}\n\n${why} Choose a new password here (the link works once, for ${minutes} minutes):\n\n${link}\n\nIf you did not ask for this, ignore this email.`,
    });
  }

  /** Sets a new password with a token; returns the user. Ends the account's other sessions via `onReset`. */
  async reset(token: string, password: string): Promise<UserDoc> {
    const now = this.now();
    const userId = await this.tokens.findUsable(sha256(token), now);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw appError('reset_token_invalid', { field: 'token' });
    // Rules first, so a refused password does not burn the token.
    checkNewPassword(password, user.email);
    if (!(await this.tokens.consume(sha256(token), now))) throw appError('reset_token_invalid', { field: 'token' });
    await this.users.setPasswordHash(user._id, await bcrypt.hash(password, this.opts.bcryptCost));
    if (user.loginBlock && LIFTED_BY_RESET.has(user.loginBlock.reason)) await this.users.setLoginBlock(user._id, null);
    return user;
  }
}
