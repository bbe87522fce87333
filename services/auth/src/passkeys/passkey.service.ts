import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import {
  MAX_PASSKEYS, type Passkey, type PasskeyList, type PasskeyLoginOptions, type PasskeyRegistrationOptions,
  type passkeyAssertionSchema, type passkeyRegistrationCredentialSchema,
} from '@pinhive/contracts';
import { appError, type Logger } from '@pinhive/kit';
import type { LoginLimiter } from '../login/login.limiter';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import { PASSKEY_TIMEOUT_MS, type PasskeyChallenges } from './passkey-challenges';
import type { PasskeyDoc, PasskeyRepository } from './passkey.repository';
import { counterAccepted, defaultPasskeyName, passkeyLoginAllowed, userHandleMatches, userHandleOf, type RelyingParty } from './passkey.rules';

/** The keys we accept: EdDSA, ES256, RS256 (what platform authenticators and security keys make). */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

type RegistrationCredential = z.output<typeof passkeyRegistrationCredentialSchema>;
type Assertion = z.output<typeof passkeyAssertionSchema>;

export const presentPasskey = (p: PasskeyDoc): Passkey => ({
  id: p._id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  backed_up: p.backedUp,
});

/**
 * Passkeys (WebAuthn through @simplewebauthn/server). Registration, from the settings of a
 * logged-in account: options that exclude the account's passkeys, then the browser's answer
 * verified against the account's single-use challenge, the origin and the RP ID ('none'
 * attestation: we trust the key, not the maker). Log-in, with no password and no username: options
 * with no allowed credentials (the person picks a discoverable passkey), then the signature
 * verified against the challenge this browser holds (taken once), the origin, the RP ID, the
 * stored key and its counter. Failures count against the log-in limits like wrong passwords.
 */
export class PasskeyService {
  constructor(
    private readonly repo: PasskeyRepository,
    private readonly challenges: PasskeyChallenges,
    private readonly users: UserRepository,
    private readonly limiter: LoginLimiter,
    /** The operator blocks and deactivation, as for every log-in (LoginService.assertMayLogIn). */
    private readonly assertMayLogIn: (user: UserDoc) => Promise<void>,
    private readonly rp: RelyingParty,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(user: UserDoc): Promise<PasskeyList> {
    return this.present(await this.repo.forUser(user._id));
  }

  async registrationOptions(user: UserDoc): Promise<PasskeyRegistrationOptions> {
    const existing = await this.repo.forUser(user._id);
    if (existing.length >= MAX_PASSKEYS) throw appError('passkey_limit');
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email || user.username,
      userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      userID: userHandleOf(user._id),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p._id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    // One registration at a time per account: a new one replaces the last challenge.
    await this.challenges.putRegistration(user._id, options.challenge);
    return options;
  }

  /**
   * The browser's new passkey, verified against the account's challenge (taken once: of two
   * answers to one challenge, one is stored at most, so the limit's count cannot be raced past).
   */
  async register(user: UserDoc, credential: RegistrationCredential, name: string | undefined, userAgent: string | undefined): Promise<PasskeyList> {
    const challenge = await this.challenges.takeRegistration(user._id);
    if (!challenge) throw appError('passkey_expired');
    let info;
    try {
      const verification = await verifyRegistrationResponse({
        response: credential as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        // Preferred, not required: a security key without a PIN still makes a passkey (see passkeyLoginAllowed).
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      if (!verification.verified) throw new Error('not verified');
      info = verification.registrationInfo;
    } catch (err) {
      this.logger.info({ err: (err as Error).message, userId: user._id }, 'passkey registration refused');
      throw appError('passkey_registration_failed');
    }
    const existing = await this.repo.forUser(user._id);
    if (existing.length >= MAX_PASSKEYS) throw appError('passkey_limit');
    const doc: PasskeyDoc = {
      _id: info.credential.id,
      userId: user._id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? credential.response.transports ?? []).slice(0, 16),
      name: name ?? defaultPasskeyName(userAgent, existing.map((p) => p.name)),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      createdAt: this.now(),
      lastUsedAt: null,
    };
    // Already stored (for this account or another): a credential belongs to one account.
    if (!(await this.repo.insert(doc))) throw appError('passkey_exists');
    return this.present([...existing, doc]);
  }

  async rename(user: UserDoc, id: string, name: string): Promise<PasskeyList> {
    if (!(await this.repo.rename(id, user._id, name))) throw appError('passkey_not_found');
    return this.list(user);
  }

  /** Forgotten at once: a log-in with it is refused from now on. */
  async remove(user: UserDoc, id: string): Promise<PasskeyList> {
    if (!(await this.repo.remove(id, user._id))) throw appError('passkey_not_found');
    return this.list(user);
  }

  /** A log-in's options: a fresh challenge, stored under the id the browser's cookie will hold. */
  async loginOptions(): Promise<{ options: PasskeyLoginOptions; challengeId: string }> {
    const options = await generateAuthenticationOptions({ rpID: this.rp.id, timeout: PASSKEY_TIMEOUT_MS, userVerification: 'preferred' });
    return { options, challengeId: await this.challenges.putLogin(options.challenge) };
  }

  /**
   * The account a signed challenge logs in. Order: the limits (a locked IP or passkey is refused
   * before anything is looked at), the challenge (taken once), the passkey, the signature and
   * counter, then the account's blocks and whether the passkey counts as both factors.
   */
  async logIn(challengeId: string | undefined, assertion: Assertion, ip: string): Promise<UserDoc> {
    // Counted per passkey and per IP (the IP's daily limit is the password log-in's).
    const identifier = `passkey:${assertion.id}`;
    await this.limiter.assertNotLocked(identifier, ip);
    const challenge = await this.challenges.takeLogin(challengeId);
    if (!challenge) throw appError('passkey_expired');
    const refuse = async (reason: string) => {
      this.logger.info({ reason, credentialId: assertion.id }, 'passkey log-in refused');
      await this.limiter.recordFailure(identifier, ip);
      return appError('passkey_invalid');
    };

    const passkey = await this.repo.find(assertion.id);
    if (!passkey) throw await refuse('unknown passkey');
    if (!userHandleMatches(assertion.response.userHandle, passkey.userId)) throw await refuse('user handle of another account');
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: assertion as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        credential: { id: passkey._id, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports },
        // Checked below against the account's two-factor setting (passkeyLoginAllowed).
        requireUserVerification: false,
      });
    } catch (err) {
      throw await refuse((err as Error).message);
    }
    if (!verified.verified) throw await refuse('signature');
    const { newCounter, userVerified } = verified.authenticationInfo;
    // The counter grew (or the passkey keeps none), and no other use recorded meanwhile.
    if (!counterAccepted(passkey.counter, newCounter)) throw await refuse('counter did not grow');
    if (!(await this.repo.recordUse(passkey._id, passkey.counter, newCounter, this.now()))) throw await refuse('used meanwhile, or removed');

    const user = await this.users.findById(passkey.userId);
    if (!user) throw await refuse('account gone');
    await this.limiter.recordSuccess(identifier);
    await this.assertMayLogIn(user);
    if (!passkeyLoginAllowed(userVerified, user.mfa !== null)) throw appError('passkey_verification_required');
    return user;
  }

  private present(docs: PasskeyDoc[]): PasskeyList {
    return { passkeys: docs.map(presentPasskey), max: MAX_PASSKEYS };
  }
}
