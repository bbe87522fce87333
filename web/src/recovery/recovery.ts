import type { SignInProvider } from '@pinhive/contracts';

/**
 * The account-recovery modals of the spec (signup-login.md sections 2, 4 and 8): one modal, one
 * kind per situation. Kinds are the login-block reasons of the contracts plus `deactivated`.
 */
export type Recovery =
  | { kind: 'password_reset_sent'; email: string }
  | { kind: 'rate_limited' }
  | { kind: 'soft_banned'; email?: string }
  | { kind: 'suspended'; reasons: string[] }
  | { kind: 'login_assistance'; email: string }
  | { kind: 'deactivated'; reasons: string[]; serverMessage?: string }
  | { kind: 'prevent_facebook_register'; email?: string }
  | { kind: 'prevent_google_register'; email?: string }
  /** A provider's sign-in is turned off (`provider_disabled`): the spec's social-auth-disabled modal, with OK. */
  | { kind: 'social_disabled'; provider: SignInProvider }
  | { kind: 'unknown' };

export type RecoveryKind = Recovery['kind'];

/** Reads `error.data.reasons` (a list of strings); anything else counts as no reasons. */
export function reasonsFrom(data: Record<string, unknown> | undefined): string[] {
  const reasons = data?.['reasons'];
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string' && r.trim() !== '') : [];
}
