import { isApiError } from '../api/client';
import type { Recovery } from '../recovery/recovery';
import { GENERIC, messageForCode, type FormMessage } from './formMessage';
import type { ConsentChoices } from './registration';
import { describeSignupFailure } from './signupFlow';
import type { SignupField } from './validation';

/** The server's words for a missing agreement (`consent_required`), also used before any request. */
export const CONSENT_REQUIRED: FormMessage = { source: 'error', code: 'consent_required' };

/** The consents view's own rule: the privacy agreement is required, the marketing box is not. */
export function validateConsent(choices: ConsentChoices): FormMessage | null {
  return choices.privacy ? null : CONSENT_REQUIRED;
}

/** How a failed registration from the consents view shows. */
export type ConsentFailure =
  | { type: 'underage' }
  /** At the required box. */
  | { type: 'consent'; message: FormMessage }
  /**
   * A sign-up field the server refused (its password rules, the birthday): those fields are on the
   * sign-up view, so the card goes back there with the message at the field.
   */
  | { type: 'signup_field'; field: SignupField; message: FormMessage }
  | { type: 'alert'; message: FormMessage }
  | { type: 'recovery'; recovery: Recovery };

export function describeConsentFailure(error: unknown, email: string): ConsentFailure {
  if (isApiError(error) && error.code === 'consent_required') return { type: 'consent', message: messageForCode(error.code, error.message) };
  const failure = describeSignupFailure('register', error, email);
  switch (failure.type) {
    case 'field':
      return { type: 'signup_field', field: failure.field, message: failure.message };
    case 'underage':
    case 'alert':
    case 'recovery':
      return failure;
    // Not answers of the registration call; should one come, say something went wrong.
    case 'mfa':
    case 'toast':
      return { type: 'alert', message: GENERIC };
  }
}
