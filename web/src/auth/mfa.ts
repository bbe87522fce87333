import { MFA_CODE_FORMAT, normaliseRecoveryCode, type IdentityCredentials, type LoginRequest, type MfaFactor } from '@pinhive/contracts';
import { isApiError } from '../api/client';
import { GENERIC, type FormMessage } from './formMessage';
import { describeLoginError, mfaFactor, phoneNumberEnd, type FailureOutcome } from './loginErrors';

/**
 * What the log-in sent, kept in memory (component state) only, to send again with the code: the
 * typed email and password, or a provider's credentials (SSO, Google-kind, Facebook-kind, LINE).
 */
export type LoginCredentials = { username_or_email?: string; password?: string } & IdentityCredentials;

/** The code step of a log-in: who is logging in, the factor asked for, and the phone ending the code went to. */
export interface MfaChallenge {
  credentials: LoginCredentials;
  /** Absent when the form that met `mfa_required` did not pass it on: see `challengeFactor`. */
  factor?: MfaFactor;
  phoneNumberEnd: string;
}

/**
 * The factor a code step asks for: the one `mfa_required` named (the forms pass it on). For a
 * challenge without it, a phone's `mfa_required` always names its ending, an app's never does.
 */
export function challengeFactor(challenge: MfaChallenge): MfaFactor {
  return challenge.factor ?? (challenge.phoneNumberEnd === '' ? 'totp' : 'sms');
}

/** The spec's toast after "Resend code": 5000 ms. */
export const MFA_RESEND_TOAST_MS = 5000;

export type MfaCodeError = 'mfa_code_required' | 'mfa_code_format';

/** What people paste or type around the digits ("123 456", "123-456") is not part of the code. */
export function normaliseMfaCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The code rules of spec section 5: required, then 6 digits (the contracts' format). */
export function validateMfaCode(raw: string): MfaCodeError | undefined {
  const code = normaliseMfaCode(raw);
  if (code === '') return 'mfa_code_required';
  if (!MFA_CODE_FORMAT.test(code)) return 'mfa_code_format';
  return undefined;
}

export type RecoveryCodeError = 'recovery_code_required' | 'recovery_code_format';

/** A recovery code (authenticator accounts): required, then `xxxxx-xxxxx` however it is typed (case, dash, spaces). */
export function validateRecoveryCode(raw: string): RecoveryCodeError | undefined {
  if (raw.trim() === '') return 'recovery_code_required';
  if (normaliseRecoveryCode(raw) === null) return 'recovery_code_format';
  return undefined;
}

/** What the code step sends: the code, a recovery code instead, or a request for a new code. */
export type MfaStep = { code: string } | { recoveryCode: string } | { resend: true };

function tokenOf(step: MfaStep): Pick<LoginRequest, 'mfa_token' | 'mfa_resend'> {
  if ('code' in step) return { mfa_token: normaliseMfaCode(step.code) };
  if ('recoveryCode' in step) return { mfa_token: normaliseRecoveryCode(step.recoveryCode) ?? step.recoveryCode.trim() };
  return { mfa_resend: true };
}

/**
 * `POST /v3/login/` of the code step: the same credentials, with the code or asking for a new one,
 * the account-switch flag when adding an account, and the token of a passed human check (the IP
 * rule applies to this post too).
 */
export function mfaLoginRequest(
  credentials: LoginCredentials,
  step: MfaStep,
  accountSwitch: boolean,
  recaptchaV2Token?: string,
): LoginRequest {
  return {
    ...credentials,
    ...tokenOf(step),
    ...(accountSwitch ? { account_switch: true } : {}),
    recaptchaV3Token: 'default',
    ...(recaptchaV2Token ? { recaptchaV2Token } : {}),
  };
}

/** A new code was sent (the answer to a resend, or to a code for an attempt that had expired); an app's code is asked for again. */
export interface NewChallenge {
  type: 'challenge';
  factor: MfaFactor;
  phoneNumberEnd: string;
}

export type MfaStepFailure = FailureOutcome<'code'> | NewChallenge;

const CODE_ERRORS = new Set(['mfa_code_invalid', 'mfa_code_expired', 'mfa_code_format']);

/**
 * How a failure of the code step shows: code errors at the code field in the server's words
 * (spec: "server message or 'Sorry! Something went wrong on our end.'"); `mfa_required` means a
 * code was (re)sent; the rest as on the log-in form, except that this step has no email or
 * password field, so their messages show above the form.
 */
export function describeMfaFailure(error: unknown, email: string): MfaStepFailure {
  if (isApiError(error) && CODE_ERRORS.has(error.code)) {
    const message: FormMessage = error.http_status < 500 && error.message ? { source: 'server', text: error.message } : GENERIC;
    return { type: 'field', field: 'code', message };
  }
  if (isApiError(error) && error.code === 'mfa_required') return { type: 'challenge', factor: mfaFactor(error.data), phoneNumberEnd: phoneNumberEnd(error.data) };
  const outcome = describeLoginError(error, email);
  switch (outcome.type) {
    case 'field':
      return { type: 'alert', message: outcome.message };
    case 'mfa':
      return { type: 'challenge', factor: outcome.factor, phoneNumberEnd: outcome.phoneNumberEnd };
    case 'alert':
    case 'recovery':
      return outcome;
  }
}
