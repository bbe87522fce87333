import {
  facebookProfileSchema,
  oneTapStartResponseSchema,
  providerStartResponseSchema,
  providersResponseSchema,
  registerResponseSchema,
  ssoCheckResponseSchema,
  type FacebookProfile,
  type OneTapStartResponse,
  type ProviderStartResponse,
  type ProvidersResponse,
  type RegisterResponse,
  type SocialProvider,
  type SocialRegisterRequest,
  type SsoCheckResponse,
} from '@pinhive/contracts';
import { apiRequest } from './client';

/**
 * `GET /v3/sso/check/?email=`: whether the email signs in with single sign-on. For one that
 * does, the server also starts its authorisation for this browser (an httpOnly cookie) and
 * answers the address to open in the popup.
 */
export function checkSso(email: string, signal?: AbortSignal): Promise<SsoCheckResponse> {
  return apiRequest(`/v3/sso/check/?${new URLSearchParams({ email }).toString()}`, { signal, schema: ssoCheckResponseSchema });
}

/** `GET /v3/auth/providers/?country=`: the providers offered here (LINE only for JP). */
export function fetchProviders(country: string | undefined, signal?: AbortSignal): Promise<ProvidersResponse> {
  const query = country ? `?${new URLSearchParams({ country }).toString()}` : '';
  return apiRequest(`/v3/auth/providers/${query}`, { signal, schema: providersResponseSchema });
}

/**
 * `POST /v3/auth/{provider}/start/`: starts a provider's popup for this browser (a flow cookie)
 * and answers its authorisation address. `rerequest` (Facebook-kind) asks again for a declined
 * permission: the email.
 */
export function startProvider(provider: SocialProvider, rerequest = false): Promise<ProviderStartResponse> {
  return apiRequest(`/v3/auth/${provider}/start/`, { method: 'POST', body: rerequest ? { rerequest: true } : {}, schema: providerStartResponseSchema });
}

/**
 * `POST /v3/auth/google/one_tap/start/`: starts a Google-kind one-tap for this browser (a flow
 * cookie) and answers what the browser's FedCM prompt is asked with: the provider's config, our
 * client id there and the nonce its ID token must carry.
 */
export function startOneTap(): Promise<OneTapStartResponse> {
  return apiRequest('/v3/auth/google/one_tap/start/', { method: 'POST', body: {}, schema: oneTapStartResponseSchema });
}

/** Spec section 7: the fields the web app asks of the Facebook-kind profile. */
export const FACEBOOK_PROFILE_FIELDS = 'picture,id,first_name,last_name,email,gender';

/** `POST /v3/facebook/profile_data/`: the profile the popup's access token may read, checked by the server. */
export function fetchFacebookProfile(accessToken: string): Promise<FacebookProfile> {
  return apiRequest('/v3/facebook/profile_data/', {
    method: 'POST',
    body: { access_token: accessToken, pii_safe_birthday: true, fields: FACEBOOK_PROFILE_FIELDS },
    schema: facebookProfileSchema,
  });
}

/** `POST /v3/register/social/`: the account for the identity a provider proved in this browser; logs it in. */
export function registerSocial(payload: SocialRegisterRequest): Promise<RegisterResponse> {
  return apiRequest('/v3/register/social/', { method: 'POST', body: payload, schema: registerResponseSchema });
}
