import { mfaStatusSchema, type MfaStatus } from '@pinhive/contracts';
import { apiRequest } from './client';

/** `GET /v3/mfa/`: the logged-in account's two-factor status. */
export function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return apiRequest('/v3/mfa/', { signal, schema: mfaStatusSchema });
}

/** `POST /v3/mfa/phone/`: texts a code to the number (E.164); two-factor is on once it is confirmed. */
export function startMfaEnrolment(phoneNumber: string): Promise<MfaStatus> {
  return apiRequest('/v3/mfa/phone/', { method: 'POST', body: { phone_number: phoneNumber }, schema: mfaStatusSchema });
}

/** `POST /v3/mfa/phone/verify/`: confirms the number with the texted code; two-factor is then on. */
export function confirmMfaEnrolment(code: string): Promise<MfaStatus> {
  return apiRequest('/v3/mfa/phone/verify/', { method: 'POST', body: { code }, schema: mfaStatusSchema });
}
