import {
  authenticatorEnrolmentSchema,
  mfaSettingsStatusSchema,
  recoveryCodesSchema,
  type AuthenticatorEnrolment,
  type MfaSettingsStatus,
  type RecoveryCodes,
} from '@pinhive/contracts';
import { apiRequest } from './client';

/** `GET /v3/mfa/`: the logged-in account's two-factor status (which factor is on, recovery codes left). */
export function fetchMfaStatus(signal?: AbortSignal): Promise<MfaSettingsStatus> {
  return apiRequest('/v3/mfa/', { signal, schema: mfaSettingsStatusSchema });
}

/** `POST /v3/mfa/phone/`: texts a code to the number (E.164); two-factor is on once it is confirmed. */
export function startMfaEnrolment(phoneNumber: string): Promise<MfaSettingsStatus> {
  return apiRequest('/v3/mfa/phone/', { method: 'POST', body: { phone_number: phoneNumber }, schema: mfaSettingsStatusSchema });
}

/** `POST /v3/mfa/phone/verify/`: confirms the number with the texted code; two-factor is then on. */
export function confirmMfaEnrolment(code: string): Promise<MfaSettingsStatus> {
  return apiRequest('/v3/mfa/phone/verify/', { method: 'POST', body: { code }, schema: mfaSettingsStatusSchema });
}

/** `POST /v3/mfa/totp/`: a new authenticator secret (link, QR code, key to type), to confirm with a code. */
export function startAuthenticatorEnrolment(): Promise<AuthenticatorEnrolment> {
  return apiRequest('/v3/mfa/totp/', { method: 'POST', body: {}, schema: authenticatorEnrolmentSchema });
}

/** `POST /v3/mfa/totp/verify/`: the app's first code turns two-factor on; the recovery codes come this once. */
export function confirmAuthenticator(code: string): Promise<RecoveryCodes> {
  return apiRequest('/v3/mfa/totp/verify/', { method: 'POST', body: { code }, schema: recoveryCodesSchema });
}

/** `POST /v3/mfa/totp/disable/`: turns the authenticator off with a current code or a recovery code. */
export function disableAuthenticator(code: string): Promise<MfaSettingsStatus> {
  return apiRequest('/v3/mfa/totp/disable/', { method: 'POST', body: { code }, schema: mfaSettingsStatusSchema });
}

/** `POST /v3/mfa/recovery_codes/`: new recovery codes (the old ones stop working), with a current code. */
export function regenerateRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return apiRequest('/v3/mfa/recovery_codes/', { method: 'POST', body: { code }, schema: recoveryCodesSchema });
}
