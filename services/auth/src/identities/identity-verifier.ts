import type { Request } from 'express';
import type { IdentityCredentials, KnownGender } from '@pinhive/contracts';
import type { IdentityProvider } from './identity-link.repository';

/** A person as a provider vouched for them, after its token or code was verified. */
export interface VerifiedIdentity {
  provider: IdentityProvider;
  /** The provider's stable id of the person (`sub`, or the Facebook-kind user id). */
  subject: string;
  /** Absent for a phone-only social account, or when the person withheld it. */
  email: string | null;
  firstName?: string;
  lastName?: string;
  imageUrl?: string;
  /** YYYY-MM-DD when the provider shares it. */
  birthday?: string;
  /** When the provider shares one Pinhive knows (ad targeting). */
  gender?: KnownGender;
}

/** The log-in methods of the spec's enumeration a provider's log-in is recorded as. */
export type IdentityLoginMethod = 'sso' | 'google' | 'google_one_tap' | 'facebook' | 'line';

/**
 * One provider's check of the credentials a log-in (or a sign-up) carries. Each provider has one
 * (identities/<provider>/…); the log-in route asks each in turn.
 */
export interface IdentityVerifier {
  provider: IdentityProvider;
  /**
   * The identity these credentials prove, or null when they carry none of this provider's.
   * Credentials that are present but do not verify are refused with an appError (never null).
   */
  verify(credentials: IdentityCredentials, req: Request): Promise<{ identity: VerifiedIdentity; method: IdentityLoginMethod } | null>;
}
