import {
  loginResponseSchema,
  passkeyListSchema,
  passkeyLoginOptionsSchema,
  passkeyRegistrationOptionsSchema,
  type LoginResponse,
  type PasskeyList,
  type PasskeyLoginOptions,
  type PasskeyLoginRequest,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationRequest,
} from '@pinhive/contracts';
import { apiRequest } from '../api/client';

/** Where auth serves the passkey calls. */
const PASSKEYS = '/v3/auth/passkeys/';
const one = (id: string) => `${PASSKEYS}${encodeURIComponent(id)}/`;

/** `GET /v3/auth/passkeys/`: the logged-in account's passkeys, oldest first. */
export function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return apiRequest(PASSKEYS, { signal, schema: passkeyListSchema });
}

/** `POST /v3/auth/passkeys/options/`: the options for `navigator.credentials.create()`. */
export function fetchRegistrationOptions(): Promise<PasskeyRegistrationOptions> {
  return apiRequest(`${PASSKEYS}options/`, { method: 'POST', body: {}, schema: passkeyRegistrationOptionsSchema });
}

/** `POST /v3/auth/passkeys/`: the passkey the browser made; answers the account's passkeys. */
export function registerPasskey(body: PasskeyRegistrationRequest): Promise<PasskeyList> {
  return apiRequest(PASSKEYS, { method: 'POST', body, schema: passkeyListSchema });
}

/** `PATCH /v3/auth/passkeys/{id}/`: a new name. */
export function renamePasskey(id: string, name: string): Promise<PasskeyList> {
  return apiRequest(one(id), { method: 'PATCH', body: { name }, schema: passkeyListSchema });
}

/** `DELETE /v3/auth/passkeys/{id}/`: it logs nobody in from now on. */
export function removePasskey(id: string): Promise<PasskeyList> {
  return apiRequest(one(id), { method: 'DELETE', schema: passkeyListSchema });
}

/** `POST /v3/auth/passkeys/login/options/`: the options for `navigator.credentials.get()`; the challenge's cookie comes with them. */
export function fetchLoginOptions(): Promise<PasskeyLoginOptions> {
  return apiRequest(`${PASSKEYS}login/options/`, { method: 'POST', body: {}, schema: passkeyLoginOptionsSchema });
}

/** `POST /v3/auth/passkeys/login/`: the signed challenge; sets the session cookies. */
export function logInWithPasskey(body: PasskeyLoginRequest): Promise<LoginResponse> {
  return apiRequest(`${PASSKEYS}login/`, { method: 'POST', body, schema: loginResponseSchema });
}
