import type { Request } from 'express';
import type { IdentityCredentials } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import type { UserDoc } from '../users/user.model';
import type { UserRepository } from '../users/user.repository';
import type { IdentityLinkRepository } from './identity-link.repository';
import type { IdentityLoginMethod, IdentityVerifier, VerifiedIdentity } from './identity-verifier';

export type IdentityLogin = { user: UserDoc; method: IdentityLoginMethod; identity: VerifiedIdentity };

/**
 * Log-in through SSO or a social provider: the provider's verifier proves an identity, and the
 * identity's link (never the email it asserts) finds the account. The operator blocks of an
 * email log-in apply the same (`assertMayLogIn`); the route then runs the same two-factor step.
 */
export class IdentityLoginService {
  constructor(
    private readonly verifiers: readonly IdentityVerifier[],
    private readonly links: IdentityLinkRepository,
    private readonly users: UserRepository,
    private readonly assertMayLogIn: (user: UserDoc) => Promise<void>,
  ) {}

  /** Null when the credentials are no provider's (an email log-in). */
  async verify(credentials: IdentityCredentials, req: Request): Promise<IdentityLogin | null> {
    for (const verifier of this.verifiers) {
      const proved = await verifier.verify(credentials, req);
      if (!proved) continue;
      const link = await this.links.find(proved.identity.provider, proved.identity.subject);
      const user = link && (await this.users.findById(link.userId));
      // The web app takes this code to the provider's sign-up (or email collection) step.
      if (!user) throw appError('identity_not_linked', { data: { provider: proved.identity.provider, email: proved.identity.email } });
      await this.assertMayLogIn(user);
      return { user, ...proved };
    }
    return null;
  }
}
