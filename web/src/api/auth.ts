import { z } from 'zod';
import {
  devMessageSchema,
  emailValidationResponseSchema,
  forgotPasswordResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  type DevMessage,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
} from '@pinhive/contracts';
import { apiRequest, isUnauthorized } from './client';

/**
 * `GET /v3/users/me/`: the logged-in viewer, or null when nobody is (401 `unauthorized`, or a
 * `token_expired` whose renewal was refused: the client has already tried the refresh).
 */
export async function fetchViewer(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiRequest('/v3/users/me/', { signal, schema: meResponseSchema });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** `POST /v3/login/`: logs in with email and password; the session arrives as cookies. */
export function logIn(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/v3/login/', { method: 'POST', body: credentials, schema: loginResponseSchema });
}

/** `POST /v3/logout/`: ends the session (the server clears the cookies). A 401 is a session that had already ended: done too. */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('/v3/logout/', { method: 'POST', body: {} });
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
  }
}

/** `GET /v3/register/exists/`: true when an account already uses the email. */
export function emailExists(email: string): Promise<boolean> {
  return apiRequest(`/v3/register/exists/?${new URLSearchParams({ email }).toString()}`, { schema: z.boolean() });
}

/** `POST /v3/email/validation/`: the backend's opinion of an email (`is_valid`). */
export async function validateEmailRemotely(email: string): Promise<boolean> {
  const { is_valid } = await apiRequest('/v3/email/validation/', {
    method: 'POST',
    body: { email },
    schema: emailValidationResponseSchema,
  });
  return is_valid;
}

/** `POST /v3/users/forgot_password/`: sends a reset link (always answers `sent`, 429 when asked too often). */
export async function requestPasswordReset(usernameOrEmail: string): Promise<void> {
  await apiRequest('/v3/users/forgot_password/', {
    method: 'POST',
    body: { username_or_email: usernameOrEmail },
    schema: forgotPasswordResponseSchema,
  });
}

/** `POST /v3/users/reset_password/`: sets the new password and logs in. */
export function resetPassword(token: string, password: string): Promise<LoginResponse> {
  return apiRequest('/v3/users/reset_password/', { method: 'POST', body: { token, password }, schema: loginResponseSchema });
}

/** `GET /v3/dev/outbox/`: messages the product would have sent, newest first (404 in production). */
export function fetchDevOutbox(signal?: AbortSignal): Promise<DevMessage[]> {
  return apiRequest('/v3/dev/outbox/', { signal, schema: z.array(devMessageSchema) });
}
