import type { ServiceDefinition } from '@pinhive/kit';
import type { AuthConfig } from './config';
import { SigningKeys } from './keys/signing-keys';
import { IpRule } from './human-check/ip-rule';
import { LocalHumanCheck, RecaptchaEnterprise } from './human-check/human-check.verifier';
import { localHumanCheckRoutes } from './human-check/human-check.routes';
import { LoginLimiter, RequestLimiter } from './login/login.limiter';
import { LoginService } from './login/login.service';
import { loginRoutes } from './login/login.routes';
import { createMailer } from './messaging/mailer';
import { createSmsSender } from './messaging/sms';
import { MfaChallengeRepository } from './mfa/mfa-challenge.repository';
import { MfaService } from './mfa/mfa.service';
import { mfaRoutes } from './mfa/mfa.routes';
import { DevOutboxRepository } from './messaging/dev-outbox.repository';
import { devOutboxRoutes } from './messaging/dev-outbox.routes';
import { RecoveryService } from './recovery/recovery.service';
import { ResetTokenRepository } from './recovery/reset-token.repository';
import { recoveryRoutes } from './recovery/recovery.routes';
import { SESSIONS_COLLECTION } from './sessions/session.model';
import { SessionRepository } from './sessions/session.repository';
import { SessionService } from './sessions/session.service';
import { sessionRoutes } from './sessions/session.routes';
import { Recognition } from './sessions/recognition';
import { recognitionRoutes } from './sessions/recognition.routes';
import { StoredAccounts } from './sessions/stored-accounts';
import { storedAccountRoutes } from './sessions/stored-accounts.routes';
import { USERS_COLLECTION } from './users/user.model';
import { UserRepository } from './users/user.repository';
import { RegistrationService } from './users/registration.service';
import { userRoutes } from './users/user.routes';

/** The auth service: wiring of repositories, services and routes. */
export function authService(config: AuthConfig): ServiceDefinition<AuthConfig> {
  return {
    name: 'auth',
    config,
    redisUrl: config.REDIS_URL,
    outboxCollections: [USERS_COLLECTION, SESSIONS_COLLECTION],
    setup: (ctx) => {
      const redis = ctx.redis!;
      const cookies = { secure: config.COOKIE_SECURE, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS };

      const users = new UserRepository(ctx.mongo);
      const keys = new SigningKeys(ctx.mongo, config.ACCESS_TOKEN_TTL_SECONDS);
      keys.load().catch((err: unknown) => ctx.logger.warn({ err }, 'signing keys not loaded yet; retried on first use'));
      const recognition = new Recognition(keys);
      const sessions = new SessionService(new SessionRepository(ctx.mongo), keys, recognition, { refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS, onStored: (id) => ctx.outbox.kick({ collection: SESSIONS_COLLECTION, id }) });

      const devOutbox = new DevOutboxRepository(ctx.mongo);
      const mailer = createMailer({ transport: config.MAIL_TRANSPORT, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, devOutbox, logger: ctx.logger });
      const recovery = new RecoveryService(users, new ResetTokenRepository(ctx.mongo), mailer, {
        publicUrl: config.PUBLIC_URL, ttlSeconds: config.RESET_TOKEN_TTL_SECONDS, bcryptCost: config.BCRYPT_COST, logger: ctx.logger,
      });
      const ns = config.RATE_LIMIT_NAMESPACE;
      const loginLimiter = new LoginLimiter(redis, {
        maxConsecutiveFailures: config.LOGIN_MAX_CONSECUTIVE_FAILURES, maxFailuresPerIpPerDay: config.LOGIN_MAX_FAILURES_PER_IP_PER_DAY, lockoutSeconds: config.LOGIN_LOCKOUT_SECONDS,
      }, `${ns}login`);
      const localCheck = new LocalHumanCheck(redis, ns);
      const verifier = config.HUMAN_CHECK === 'recaptcha-enterprise'
        ? new RecaptchaEnterprise({ projectId: config.RECAPTCHA_PROJECT_ID!, siteKey: config.RECAPTCHA_SITE_KEY!, apiKey: config.RECAPTCHA_API_KEY!, minScore: config.RECAPTCHA_MIN_SCORE, logger: ctx.logger })
        : localCheck;
      const ipRule = new IpRule(redis, verifier, {
        burst: config.LOGIN_IP_BURST, windowSeconds: config.LOGIN_IP_BURST_WINDOW_SECONDS, namespace: ns, exempt: config.LOGIN_IP_RULE_EXEMPT,
        siteKey: config.HUMAN_CHECK === 'recaptcha-enterprise' ? config.RECAPTCHA_SITE_KEY : undefined,
      });
      const login = new LoginService(users, loginLimiter, recovery, config.BCRYPT_COST);
      const registration = new RegistrationService(users, { bcryptCost: config.BCRYPT_COST, onStored: (id) => ctx.outbox.kick({ collection: USERS_COLLECTION, id }) });

      const limits = {
        exists: new RequestLimiter(redis, { keyPrefix: 'exists_ip', points: 60, durationSeconds: 60, namespace: ns }),
        forgotIp: new RequestLimiter(redis, { keyPrefix: 'forgot_ip', points: 20, durationSeconds: 3600, namespace: ns }),
        forgotId: new RequestLimiter(redis, { keyPrefix: 'forgot_id', points: 5, durationSeconds: 3600, namespace: ns }),
        mfaSends: new RequestLimiter(redis, { keyPrefix: 'mfa_send', points: 10, durationSeconds: 3600, namespace: ns }),
      };
      const sms = createSmsSender({ transport: config.SMS_TRANSPORT, devOutbox, logger: ctx.logger });
      const storedAccounts = new StoredAccounts(sessions, users, cookies);
      const mfa = new MfaService(users, new MfaChallengeRepository(ctx.mongo), sms, limits.mfaSends);
      return {
        keyLookup: keys.lookup,
        checks: [{ name: 'signing-keys', check: async () => { await keys.load(); return keys.ready(); } }],
        routes: [
          ...userRoutes({ registration, users, sessions, existsLimiter: limits.exists, cookies }),
          ...loginRoutes(login, ipRule, mfa, sessions, storedAccounts, cookies),
          ...(verifier === localCheck ? localHumanCheckRoutes(localCheck) : []),
          ...storedAccountRoutes(storedAccounts),
          ...mfaRoutes(mfa, users, sessions),
          ...sessionRoutes(sessions, users, keys, cookies),
          ...recognitionRoutes(recognition, users, cookies),
          ...recoveryRoutes(recovery, sessions, { perIp: limits.forgotIp, perIdentifier: limits.forgotId, login: loginLimiter }, cookies),
          ...(config.MAIL_TRANSPORT === 'dev-outbox' || config.SMS_TRANSPORT === 'dev-outbox' ? devOutboxRoutes(devOutbox) : []),
        ],
      };
    },
  };
}
