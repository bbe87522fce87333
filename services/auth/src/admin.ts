import mongoose from 'mongoose';
import { DEACTIVATION_REASONS, LOGIN_BLOCK_REASONS, type LoginBlockReason } from '@pinhive/contracts';
import { createLogger } from '@pinhive/kit';
import { loadAuthConfig } from './config';
import { createMailer } from './messaging/mailer';
import { DevOutboxRepository } from './messaging/dev-outbox.repository';
import { RecoveryService } from './recovery/recovery.service';
import { ResetTokenRepository } from './recovery/reset-token.repository';
import { SessionRepository } from './sessions/session.repository';
import { UserRepository } from './users/user.repository';
import { normaliseIdentifier } from './users/identifier';
import type { Deactivation } from './users/user.model';

const USAGE = `usage: npm run admin -- <command>
  show <email>                          the account's block and deactivation
  block <email> <reason|0-6> [detail…]  reasons: ${LOGIN_BLOCK_REASONS.map((r, i) => `${i} ${r}`).join(', ')}
  unblock <email>
  deactivate <email> <${DEACTIVATION_REASONS.join('|')}>
  reactivate <email>
  search reindex|status                 the search index (pins-boards): npm run admin -- search`;

/** Blocks after which the account's sessions end at once (spec: "logged out on all devices"). */
const ENDS_SESSIONS = new Set<LoginBlockReason>(['soft_banned', 'suspended', 'password_reset_sent']);

function reasonOf(arg: string | undefined): LoginBlockReason {
  const byIndex = arg !== undefined && /^[0-6]$/.test(arg) ? LOGIN_BLOCK_REASONS[Number(arg)] : undefined;
  const reason = byIndex ?? LOGIN_BLOCK_REASONS.find((r) => r === arg);
  if (!reason) throw new Error(`unknown reason "${arg ?? ''}"\n${USAGE}`);
  return reason;
}

/**
 * Operator command for log-in blocks (spec reasons 0-6) and deactivation. It runs in its own
 * process: each change is stored with its `auth.user.*` event and outbox flag (UserRepository),
 * and the running auth service's outbox sweep publishes it within OUTBOX_POLL_MS.
 */
export async function adminCommand(argv: string[], env: Record<string, string | undefined>): Promise<string> {
  const [command, email, ...rest] = argv;
  if (!command || !email) throw new Error(USAGE);
  const config = loadAuthConfig(env);
  const logger = createLogger('auth-admin', 'warn');
  const conn = await mongoose.createConnection(config.MONGO_URL, { retryWrites: false, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const users = new UserRepository(conn);
    const user = await users.findByEmail(normaliseIdentifier(email));
    if (!user) throw new Error(`no account with the email ${email}`);
    const endSessions = async (reason: string) => new SessionRepository(conn).revokeAllForUser(user._id, reason, new Date());
    switch (command) {
      case 'show':
        return JSON.stringify({ email: user.email, username: user.username, loginBlock: user.loginBlock, deactivation: user.deactivation }, null, 2);
      case 'block': {
        const reason = reasonOf(rest[0]);
        await users.setLoginBlock(user._id, { reason, details: rest.slice(1), setAt: new Date() });
        const ended = ENDS_SESSIONS.has(reason) ? await endSessions(`block:${reason}`) : 0;
        if (reason === 'password_reset_sent') {
          const devOutbox = new DevOutboxRepository(conn);
          const mailer = createMailer({ transport: config.MAIL_TRANSPORT, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, devOutbox, logger });
          await new RecoveryService(users, new ResetTokenRepository(conn), mailer, { publicUrl: config.PUBLIC_URL, ttlSeconds: config.RESET_TOKEN_TTL_SECONDS, bcryptCost: config.BCRYPT_COST, logger }).sendResetLink(user, 'reset');
        }
        return `${user.email}: blocked (${reason})${ended ? `, ${ended} session(s) ended` : ''}`;
      }
      case 'unblock':
        return `${user.email}: ${(await users.setLoginBlock(user._id, null)) ? 'block cleared' : 'was not blocked'}`;
      case 'deactivate': {
        const reason = DEACTIVATION_REASONS.find((r) => r === rest[0]);
        if (!reason) throw new Error(`unknown deactivation reason "${rest[0] ?? ''}"\n${USAGE}`);
        const deactivation: Deactivation = { reason, setAt: new Date() };
        await users.setDeactivation(user._id, deactivation);
        const ended = await endSessions('deactivated');
        return `${user.email}: deactivated (${reason}), ${ended} session(s) ended`;
      }
      case 'reactivate':
        return `${user.email}: ${(await users.setDeactivation(user._id, null)) ? 'reactivated' : 'was not deactivated'}`;
      default:
        throw new Error(`unknown command "${command}"\n${USAGE}`);
    }
  } finally {
    await conn.close();
  }
}

// `npm run admin` runs the bundle (dist/admin.js); tests import adminCommand instead.
if (require.main === module) {
  adminCommand(process.argv.slice(2), process.env).then(
    (out) => console.log(out),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
