import { runPeriodically, type ServiceDefinition } from '@pinhive/kit';
import type { AuthConfig } from './config';
import { SigningKeys } from './keys/signing-keys';
import { IpRule } from './human-check/ip-rule';
import { LocalHumanCheck, RecaptchaEnterprise } from './human-check/human-check.verifier';
import { localHumanCheckRoutes } from './human-check/human-check.routes';
import { LoginLimiter, RequestLimiter } from './login/login.limiter';
import { LoginService } from './login/login.service';
import { loginRoutes } from './login/login.routes';
import { boardInviteHandler } from './messaging/board-invite.handler';
import { createMailer } from './messaging/mailer';
import { createSmsSender } from './messaging/sms';
import { MfaChallengeRepository } from './mfa/mfa-challenge.repository';
import { MfaService } from './mfa/mfa.service';
import { authenticatorFactor } from './mfa/authenticator.service';
import { AuthenticatorRepository, RESEAL_BATCH } from './mfa/authenticator.repository';
import { SecretBox } from './security/secret-box';
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
import { IdentityLinkRepository } from './identities/identity-link.repository';
import { IdentityLoginService } from './identities/identity-login.service';
import type { IdentityVerifier } from './identities/identity-verifier';
import { DiscoveredProvider } from './identities/discovered-provider';
import { IdTokenVerifier } from './identities/id-token.verifier';
import { identityRoutes } from './identities/identity.routes';
import { ProviderFlows } from './identities/provider-flows';
import { SocialStart, type PopupProvider } from './identities/social-start';
import { SsoService } from './identities/sso/sso.service';
import { FacebookGraph } from './identities/facebook/facebook.graph';
import { FacebookStart } from './identities/facebook/facebook.start';
import { FacebookVerifier } from './identities/facebook/facebook.verifier';
import { USERS_COLLECTION } from './users/user.model';
import { UserRepository } from './users/user.repository';
import { RegistrationService } from './users/registration.service';
import { settingsRoutes } from './users/settings.routes';
import { userRoutes } from './users/user.routes';
import { renameReservedUsernamesOnce } from './users/reserved-usernames';
import { authIndexes, devOutboxIndexes } from './indexes';
import { PasskeyChallenges } from './passkeys/passkey-challenges';
import { PasskeyRepository, passkeyIndexes } from './passkeys/passkey.repository';
import { relyingParty } from './passkeys/passkey.rules';
import { PasskeyService } from './passkeys/passkey.service';
import { passkeyRoutes } from './passkeys/passkey.routes';

/** Ended sessions, tokens and challenges are purged hourly; a failed purge is retried sooner. */
const PURGE_EVERY_MS = 3_600_000;
const PURGE_RETRY_MS = 60_000;
/** After an MFA key rotation, how often what the old keys sealed is looked for (and sealed again). */
const RESEAL_EVERY_MS = 3_600_000;

/** The auth service: wiring of repositories, services and routes. */
export function authService(config: AuthConfig): ServiceDefinition<AuthConfig> {
  const devOutboxOn = config.MAIL_TRANSPORT === 'dev-outbox' || config.SMS_TRANSPORT === 'dev-outbox';
  return {
    name: 'auth',
    config,
    redisUrl: config.REDIS_URL,
    indexes: [...authIndexes, ...passkeyIndexes, ...(devOutboxOn ? devOutboxIndexes : [])],
    outboxCollections: [USERS_COLLECTION, SESSIONS_COLLECTION],
    setup: (ctx) => {
      const redis = ctx.redis!;
      const cookies = { secure: config.COOKIE_SECURE, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS };

      const users = new UserRepository(ctx.mongo);
      const keys = new SigningKeys(ctx.mongo, config.ACCESS_TOKEN_TTL_SECONDS);
      keys.load().catch((err: unknown) => ctx.logger.warn({ err }, 'signing keys not loaded yet; retried on first use'));
      const recognition = new Recognition(keys);
      const retention = { retentionDays: config.ENDED_RECORDS_RETENTION_DAYS };
      const sessionStore = new SessionRepository(ctx.mongo, retention);
      const sessions = new SessionService(sessionStore, keys, recognition, { refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS, onStored: (id, created) => ctx.outbox.kick({ collection: SESSIONS_COLLECTION, id, created }) });

      const devOutbox = new DevOutboxRepository(ctx.mongo);
      const mailer = createMailer({ transport: config.MAIL_TRANSPORT, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, devOutbox, logger: ctx.logger });
      const resetTokens = new ResetTokenRepository(ctx.mongo, retention);
      const recovery = new RecoveryService(users, resetTokens, mailer, {
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
      const identityLinks = new IdentityLinkRepository(ctx.mongo);
      const login = new LoginService(users, loginLimiter, recovery, identityLinks, config.BCRYPT_COST);
      // Sign-in through providers: each configured one has a verifier (identities/).
      const flows = new ProviderFlows(redis, ns);
      const discovered = <P extends 'sso' | PopupProvider>(provider: P, issuer: string | undefined, clientId: string | undefined, clientSecret?: string) =>
        (issuer && clientId
          ? new DiscoveredProvider(provider, {
            issuer, clientId, clientSecret, clockToleranceSeconds: config.IDENTITY_CLOCK_TOLERANCE_SECONDS, logger: ctx.logger, responseType: provider === 'sso' ? 'code' : 'id_token',
          })
          : null);
      const ssoProvider = discovered('sso', config.SSO_ISSUER, config.SSO_CLIENT_ID, config.SSO_CLIENT_SECRET);
      const sso = new SsoService(ssoProvider, flows, users, identityLinks, ctx.logger, { domains: config.SSO_DOMAINS, redirectUri: `${config.PUBLIC_URL.replace(/\/$/, '')}/sso/callback/` });
      const popupProviders = new Map<PopupProvider, DiscoveredProvider>();
      const google = discovered('google', config.GOOGLE_ISSUER, config.GOOGLE_CLIENT_ID);
      const line = discovered('line', config.LINE_ISSUER, config.LINE_CHANNEL_ID);
      if (google) popupProviders.set('google', google);
      if (line) popupProviders.set('line', line);
      const facebookGraph = config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
        ? new FacebookGraph({ graphUrl: config.FACEBOOK_GRAPH_URL, appId: config.FACEBOOK_APP_ID, appSecret: config.FACEBOOK_APP_SECRET, logger: ctx.logger })
        : null;
      const facebook = facebookGraph && {
        graph: facebookGraph,
        start: new FacebookStart(flows, {
          dialogUrl: config.FACEBOOK_DIALOG_URL, appId: config.FACEBOOK_APP_ID!, publicUrl: config.PUBLIC_URL, responseType: config.FACEBOOK_DIALOG_RESPONSE_TYPE, scope: config.FACEBOOK_SCOPE,
        }),
      };
      const identityVerifiers: IdentityVerifier[] = [
        sso,
        ...(facebookGraph ? [new FacebookVerifier(facebookGraph)] : []),
        ...(google ? [new IdTokenVerifier(google, flows, ctx.logger, { hostedDomain: config.GOOGLE_HOSTED_DOMAIN })] : []),
        ...(line ? [new IdTokenVerifier(line, flows, ctx.logger)] : []),
      ];
      const identityLogin = new IdentityLoginService(identityVerifiers, identityLinks, users, flows, login.assertMayLogIn);
      const registration = new RegistrationService(users, identityLinks, { bcryptCost: config.BCRYPT_COST, onStored: (id, created) => ctx.outbox.kick({ collection: USERS_COLLECTION, id, created }) });

      // Limits a route declares (its rateLimit) carry what they allow, for the OpenAPI document.
      const declared = (keyPrefix: string, points: number, durationSeconds: number) => ({
        limiter: new RequestLimiter(redis, { keyPrefix, points, durationSeconds, namespace: ns }), allows: `${points} per ${durationSeconds} s`,
      });
      const limits = {
        exists: declared('exists_ip', 60, 60),
        ssoCheck: declared('sso_check_ip', 60, 60),
        // Every showing of the log-in or sign-up card in a FedCM browser starts one: its own budget, so pages cannot use up the SSO checks.
        oneTapStart: declared('one_tap_start_ip', 120, 60),
        forgotIp: declared('forgot_ip', 20, 3600),
        forgotId: declared('forgot_id', 5, 3600),
        // The claim page's saves: a person types a website a few times, never hundreds.
        settingsWrite: declared('settings_write', 30, 3600),
        mfaSends: new RequestLimiter(redis, { keyPrefix: 'mfa_send', points: 10, durationSeconds: 3600, namespace: ns }),
      };
      const sms = createSmsSender({ transport: config.SMS_TRANSPORT, devOutbox, logger: ctx.logger });
      const storedAccounts = new StoredAccounts(sessions, users, cookies);
      const challenges = new MfaChallengeRepository(ctx.mongo, retention);
      const secretBox = new SecretBox(config.MFA_SECRET_KEY, config.MFA_SECRET_KEYS_PREVIOUS);
      const authenticators = new AuthenticatorRepository(ctx.mongo, secretBox);
      const authenticator = authenticatorFactor(authenticators, redis, users, { namespace: ns, maxFailures: config.LOGIN_MAX_CONSECUTIVE_FAILURES, lockoutSeconds: config.LOGIN_LOCKOUT_SECONDS });
      // After a key rotation, what the previous keys sealed is sealed again under the current one, a batch at a time.
      if (secretBox.previousIds.length > 0) {
        runPeriodically(ctx.mongo, ctx.logger, 'sealing authenticator secrets under the current key', { everyMs: RESEAL_EVERY_MS, retryMs: PURGE_RETRY_MS }, async () => {
          let sealed = 0;
          for (const id of secretBox.previousIds) {
            let read: number;
            do {
              read = await authenticators.sealAgainUnder(id);
              sealed += read;
            } while (read === RESEAL_BATCH);
          }
          if (sealed > 0) ctx.logger.info({ sealed }, 'authenticator secrets sealed again under the current MFA_SECRET_KEY');
          return { sealed };
        });
      }
      const mfa = new MfaService(users, challenges, sms, limits.mfaSends, authenticator);
      const passkeys = new PasskeyService(new PasskeyRepository(ctx.mongo), new PasskeyChallenges(redis, ns), users, loginLimiter, login.assertMayLogIn, relyingParty(config), ctx.logger);
      // What nothing can use any more goes by its day key (FerretDB has no TTL index); it stops
      // with the service's connection.
      const purged: { purge(now: Date): Promise<number> }[] = [sessionStore, resetTokens, challenges, ...(devOutboxOn ? [devOutbox] : [])];
      runPeriodically(ctx.mongo, ctx.logger, 'purging ended auth records', { everyMs: PURGE_EVERY_MS, retryMs: PURGE_RETRY_MS }, async () => {
        let deleted = 0;
        for (const store of purged) deleted += await store.purge(new Date());
        return { deleted };
      });
      return {
        keyLookup: keys.lookup,
        // Accounts named like a page of the web app or the gateway get a free name (once per list).
        carryOvers: [renameReservedUsernamesOnce(ctx.mongo, users, ctx.logger, (id) => ctx.outbox.kick({ collection: USERS_COLLECTION, id }))],
        checks: [{ name: 'signing-keys', check: async () => { await keys.load(); return keys.ready(); } }],
        // Mail other services ask for: pins-boards' board invitations by email.
        handlers: [boardInviteHandler({ mailer, publicUrl: config.PUBLIC_URL, logger: ctx.logger })],
        routes: [
          ...userRoutes({ registration, users, sessions, existsLimit: limits.exists, cookies }),
          ...settingsRoutes({ users, sessions, writeLimit: limits.settingsWrite }),
          ...identityRoutes({
            sso, social: new SocialStart(popupProviders, flows, config.PUBLIC_URL, config.GOOGLE_FEDCM_CONFIG_URL && config.GOOGLE_CLIENT_ID ? { configUrl: config.GOOGLE_FEDCM_CONFIG_URL, clientId: config.GOOGLE_CLIENT_ID } : null), facebook, flows, registration, sessions,
            checkLimit: limits.ssoCheck, oneTapLimit: limits.oneTapStart, cookies, googleFedcmMinVersion: config.GOOGLE_FEDCM_MIN_VERSION,
          }),
          ...loginRoutes(login, identityLogin, ipRule, mfa, sessions, storedAccounts, cookies),
          ...(verifier === localCheck ? localHumanCheckRoutes(localCheck) : []),
          ...storedAccountRoutes(storedAccounts),
          ...mfaRoutes(mfa, users, sessions),
          ...sessionRoutes(sessions, users, keys, cookies),
          ...recognitionRoutes(recognition, users, identityLinks, cookies),
          ...recoveryRoutes(recovery, sessions, { forgotPerIp: limits.forgotIp, forgotPerIdentifier: limits.forgotId, login: loginLimiter }, cookies),
          ...(devOutboxOn ? devOutboxRoutes(devOutbox) : []),
          ...passkeyRoutes({ passkeys, users, sessions, accounts: storedAccounts, ipRule, cookies, optionsLimit: declared('passkey_options_ip', 60, 60), addLoginWindowSeconds: config.PASSKEY_ADD_LOGIN_WINDOW_SECONDS }),
        ],
      };
    },
  };
}
