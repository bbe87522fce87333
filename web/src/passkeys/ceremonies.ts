import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { LoginResponse, PasskeyList } from '@pinhive/contracts';
import { fetchLoginOptions, fetchRegistrationOptions, logInWithPasskey, registerPasskey } from './api';

/** Whether this browser can make and use passkeys at all (WebAuthn; a secure context). */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && browserSupportsWebAuthn();
}

/**
 * Adds a passkey to the logged-in account: the server's options, the browser's prompt
 * (`navigator.credentials.create()`), then the answer to the server, which names it after the
 * device unless a name is given. Answers the account's passkeys.
 */
export async function addPasskey(name?: string): Promise<PasskeyList> {
  const optionsJSON = await fetchRegistrationOptions();
  const credential = await startRegistration({ optionsJSON });
  return registerPasskey({ credential, ...(name ? { name } : {}) });
}

/**
 * Logs in with a passkey the person picks (no username: the options name no passkey), through
 * the browser's prompt (`navigator.credentials.get()`); the server sets the session cookies.
 */
export async function passkeyLogIn(accountSwitch: boolean): Promise<LoginResponse> {
  const optionsJSON = await fetchLoginOptions();
  const credential = await startAuthentication({ optionsJSON });
  return logInWithPasskey({ credential, ...(accountSwitch ? { account_switch: true } : {}) });
}
