import { genderOf, type IdentityCredentials } from '@pinhive/contracts';
import { appError } from '@pinhive/kit';
import { normaliseIdentifier } from '../../users/identifier';
import type { IdentityLoginMethod, IdentityVerifier, VerifiedIdentity } from '../identity-verifier';
import { isoBirthday, type FacebookGraph, type GraphProfile, type TokenFacts } from './facebook.graph';

/** The person a Graph profile describes; the email only when the person granted it. */
export function identityFromProfile(facts: TokenFacts, profile: GraphProfile): VerifiedIdentity {
  const email = facts.scopes.includes('email') && profile.email ? normaliseIdentifier(profile.email) : null;
  const picture = profile.picture?.data;
  return {
    provider: 'facebook', subject: facts.userId, email,
    firstName: profile.first_name || undefined, lastName: profile.last_name || undefined,
    imageUrl: picture && !picture.is_silhouette ? picture.url : undefined,
    birthday: isoBirthday(profile.birthday),
    gender: genderOf(profile.gender) ?? undefined,
  };
}

/**
 * The Facebook-kind log-in (`facebook_id` + `facebook_token`): the token must be valid and issued
 * to this app (`debug_token` with the app secret), and be the token of the `facebook_id` the
 * browser names; the profile it reads gives names, birthday, gender and, when granted, the email.
 */
export class FacebookVerifier implements IdentityVerifier {
  readonly provider = 'facebook';
  constructor(private readonly graph: FacebookGraph) {}

  async verify(credentials: IdentityCredentials): Promise<{ identity: VerifiedIdentity; method: IdentityLoginMethod } | null> {
    if (!credentials.facebook_token) return null;
    const facts = await this.graph.inspect(credentials.facebook_token);
    if (credentials.facebook_id !== undefined && credentials.facebook_id !== facts.userId) throw appError('identity_invalid', { data: { provider: 'facebook' } });
    const profile = await this.graph.profile(credentials.facebook_token);
    return { identity: identityFromProfile(facts, profile), method: 'facebook' };
  }
}
