import {
  publicProfileSchema,
  registerResponseSchema,
  type PublicProfile,
  type RegisterRequest,
  type RegisterResponse,
} from '@pinhive/contracts';
import { apiRequest } from './client';

/** `POST /v3/register/`: creates the account; answers with the new session user. */
export function registerUser(payload: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest('/v3/register/', { method: 'POST', body: payload, schema: registerResponseSchema });
}

/** `GET /v3/users/{username}/`: a public profile (404 until the profile service has it). */
export function fetchProfile(username: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest(`/v3/users/${encodeURIComponent(username)}/`, { signal, schema: publicProfileSchema });
}
