import type { Request } from 'express';
import { checkBirthday, hasIdentityCredentials, type IdentityCredentials, type IdentityNotLinkedData } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import type { IdentityLinkRepository } from './identity-link.repository';
import type { IdentityLoginMethod, IdentityVerifier, VerifiedIdentity } from './identity-verifier';
import type { ProviderFlows } from './provider-flows';

export type IdentityLogin =
  | { kind: 'linked'; user: UserDoc; method: IdentityLoginMethod }
  /** Proved, but no account has this identity: held for the sign-up under `pendingId`. */
  | { kind: 'unlinked'; pendingId: string; data: IdentityNotLinkedData };

/** A provider's YYYY-MM-DD birthday in seconds (UTC midnight), as the age rules take it. */
export const birthdaySeconds = (birthday: string): number => Math.floor(Date.parse(`${birthday}T00:00:00Z`) / 1000);

/**
 * Log-in through SSO or a social provider: the provider's verifier proves an identity, and the
 * identity's link (never the email it asserts) finds the account. The operator blocks of an
 * email log-in apply the same (`assertMayLogIn`); the route then runs the same two-factor step.
 * An identity with no account is held for the sign-up that follows (spec: "social log-in with an
 * account-not-found code goes to the birthday step").
 */
export class IdentityLoginService {
  constructor(
    private readonly verifiers: readonly IdentityVerifier[],
    private readonly links: IdentityLinkRepository,
    private readonly users: UserRepository,
    private readonly flows: ProviderFlows,
    private readonly assertMayLogIn: (user: UserDoc) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Null when the credentials are no provider's (an email log-in). */
  async verify(credentials: IdentityCredentials, req: Request): Promise<IdentityLogin | null> {
    for (const verifier of this.verifiers) {
      const proved = await verifier.verify(credentials, req);
      if (!proved) continue;
      const { identity } = proved;
      const link = await this.links.find(identity.provider, identity.subject);
      const user = link && (await this.users.findById(link.userId));
      if (!user) return { kind: 'unlinked', pendingId: await this.flows.holdPending(identity), data: await this.notLinkedData(identity) };
      await this.assertMayLogIn(user);
      return { kind: 'linked', user, method: proved.method };
    }
    // Credentials of a provider that is not configured here.
    if (hasIdentityCredentials(credentials)) throw appError('provider_disabled');
    return null;
  }

  /** The account a provider proved earlier in this browser, for its second-factor step (see ProviderFlows.holdFirstFactor). */
  async resume(heldId: string | undefined): Promise<(IdentityLogin & { kind: 'linked' }) | null> {
    const held = await this.flows.firstFactor(heldId);
    const user = held && (await this.users.findById(held.userId));
    if (!held || !user) return null;
    await this.assertMayLogIn(user);
    return { kind: 'linked', user, method: held.method };
  }

  holdFirstFactor = (user: UserDoc, method: IdentityLoginMethod): Promise<string> => this.flows.holdFirstFactor({ userId: user._id, method });

  dropFirstFactor = (heldId: string): Promise<void> => this.flows.dropFirstFactor(heldId);

  private async notLinkedData(identity: VerifiedIdentity): Promise<IdentityNotLinkedData> {
    const birthday = identity.birthday ? birthdaySeconds(identity.birthday) : undefined;
    return {
      provider: identity.provider,
      email: identity.email,
      first_name: identity.firstName ?? null,
      has_birthday: birthday !== undefined && checkBirthday(birthday, this.now()) === 'ok',
      email_exists: identity.email ? await this.users.emailExists(identity.email) : false,
    };
  }
}
