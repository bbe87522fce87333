import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';

/** Who vouches for a person besides their password: SSO and the social providers. */
export const IDENTITY_PROVIDERS = ['sso', 'google', 'facebook', 'line'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * One provider's subject linked to one account. An account is found by provider and subject,
 * never by an email a provider asserts: the same email from another provider is another identity
 * until the person links it explicitly.
 */
export interface IdentityLinkDoc {
  /** `<provider>:<subject>`: one account per identity, by the store's own unique `_id`. */
  _id: string;
  provider: IdentityProvider;
  subject: string;
  userId: string;
  /** The email the provider gave when linked (none for a phone-only social account). */
  email: string | null;
  linkedAt: Date;
}

export const IDENTITY_LINKS_COLLECTION = 'identity_links';

export const identityKey = (provider: IdentityProvider, subject: string) => `${provider}:${subject}`;

/**
 * The links, read by `_id` (log-in) or by the indexed `userId` (an account's links: at most one
 * per provider, so a bounded read).
 *
 * A registration through a provider claims the link first, naming the account id it is about to
 * insert, and inserts the account second. A crash between the two leaves a link to no account;
 * the retried registration claims the same link, gets that id back and inserts the account
 * then, so the person never ends with two accounts or none (RegistrationService.registerWithIdentity).
 */
export class IdentityLinkRepository {
  constructor(private readonly conn: Connection) {}

  private col() {
    return this.conn.collection<IdentityLinkDoc>(IDENTITY_LINKS_COLLECTION);
  }

  async find(provider: IdentityProvider, subject: string): Promise<IdentityLinkDoc | null> {
    return this.col().findOne({ _id: identityKey(provider, subject) });
  }

  async forUser(userId: string): Promise<IdentityLinkDoc[]> {
    return this.col().find({ userId }).limit(IDENTITY_PROVIDERS.length * 2).toArray();
  }

  /** Links the identity to `userId` unless it is linked already; answers the link that holds. */
  async claim(provider: IdentityProvider, subject: string, userId: string, email: string | null, now = new Date()): Promise<IdentityLinkDoc> {
    const link: IdentityLinkDoc = { _id: identityKey(provider, subject), provider, subject, userId, email, linkedAt: now };
    try {
      await this.col().insertOne(link);
      return link;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const held = await this.find(provider, subject);
      if (!held) throw err;
      return held;
    }
  }

  /** Removes the account's link to `provider`; answers whether there was one. */
  async unlink(userId: string, provider: IdentityProvider, subject: string): Promise<boolean> {
    return (await this.col().deleteOne({ _id: identityKey(provider, subject), userId })).deletedCount > 0;
  }
}
