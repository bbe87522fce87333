import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { challengeFactor, describeMfaFailure, mfaLoginRequest, normaliseMfaCode, validateMfaCode, validateRecoveryCode } from './mfa';

const apiError = (code: string, http_status: number, data?: Record<string, unknown>, message = `server says ${code}`) =>
  new ApiError({ code, message, message_detail: null, http_status, ...(data ? { data } : {}) });

const EMAIL = 'ada@example.com';
const CREDENTIALS = { username_or_email: EMAIL, password: 'correct-horse-42' };

describe('validateMfaCode', () => {
  it('requires a code', () => {
    expect(validateMfaCode('')).toBe('mfa_code_required');
    expect(validateMfaCode('   ')).toBe('mfa_code_required');
  });
  it('wants exactly 6 digits', () => {
    expect(validateMfaCode('12345')).toBe('mfa_code_format');
    expect(validateMfaCode('1234567')).toBe('mfa_code_format');
    expect(validateMfaCode('12a456')).toBe('mfa_code_format');
    expect(validateMfaCode('１２３４５６')).toBe('mfa_code_format');
    expect(validateMfaCode('123456')).toBeUndefined();
  });
  it('ignores spaces and dashes around the digits', () => {
    expect(normaliseMfaCode(' 123 456 ')).toBe('123456');
    expect(validateMfaCode('123-456')).toBeUndefined();
  });
});

describe('validateRecoveryCode', () => {
  it('requires a code', () => {
    expect(validateRecoveryCode('  ')).toBe('recovery_code_required');
  });
  it('wants xxxxx-xxxxx, however it is typed', () => {
    expect(validateRecoveryCode('abcde-fgh23')).toBeUndefined();
    expect(validateRecoveryCode(' ABCDE FGH23 ')).toBeUndefined();
    expect(validateRecoveryCode('abcdefgh23')).toBeUndefined();
    expect(validateRecoveryCode('123456')).toBe('recovery_code_format');
    expect(validateRecoveryCode('abcde-fgh2')).toBe('recovery_code_format');
  });
});

describe('challengeFactor', () => {
  const base = { credentials: CREDENTIALS };
  it('is the factor the answer named', () => {
    expect(challengeFactor({ ...base, factor: 'totp', phoneNumberEnd: '' })).toBe('totp');
    expect(challengeFactor({ ...base, factor: 'sms', phoneNumberEnd: '' })).toBe('sms');
  });
  it("without one, a phone's (which always names its ending) or else an app's", () => {
    expect(challengeFactor({ ...base, phoneNumberEnd: '23' })).toBe('sms');
    expect(challengeFactor({ ...base, phoneNumberEnd: '' })).toBe('totp');
  });
});

describe('mfaLoginRequest', () => {
  it('sends a recovery code as the code, as it is stored', () => {
    expect(mfaLoginRequest(CREDENTIALS, { recoveryCode: ' ABCDE fgh23 ' }, false)).toEqual({ ...CREDENTIALS, mfa_token: 'abcde-fgh23', recaptchaV3Token: 'default' });
  });
  it('sends the same credentials with the code', () => {
    expect(mfaLoginRequest(CREDENTIALS, { code: '123 456' }, false)).toEqual({ ...CREDENTIALS, mfa_token: '123456', recaptchaV3Token: 'default' });
  });
  it('asks for a new code with mfa_resend', () => {
    expect(mfaLoginRequest(CREDENTIALS, { resend: true }, false)).toEqual({ ...CREDENTIALS, mfa_resend: true, recaptchaV3Token: 'default' });
  });
  it('keeps the account-switch flag when adding an account', () => {
    expect(mfaLoginRequest(CREDENTIALS, { code: '123456' }, true)).toEqual({
      ...CREDENTIALS,
      mfa_token: '123456',
      account_switch: true,
      recaptchaV3Token: 'default',
    });
  });
  it('carries the token of a passed human check', () => {
    expect(mfaLoginRequest(CREDENTIALS, { resend: true }, false, 'local.tok')).toEqual({
      ...CREDENTIALS,
      mfa_resend: true,
      recaptchaV3Token: 'default',
      recaptchaV2Token: 'local.tok',
    });
  });
});

describe('describeMfaFailure', () => {
  it.each([
    ['mfa_code_invalid', 401],
    ['mfa_code_expired', 401],
    ['mfa_code_format', 400],
  ])('shows %s at the code field in the server words', (code, status) => {
    expect(describeMfaFailure(apiError(code, status, { field: 'mfa_token', phone_number_end: '23' }), EMAIL)).toEqual({
      type: 'field',
      field: 'code',
      message: { source: 'server', text: `server says ${code}` },
    });
  });
  it('falls back to the generic message when the server gave none', () => {
    expect(describeMfaFailure(apiError('mfa_code_invalid', 401, undefined, ''), EMAIL)).toEqual({
      type: 'field',
      field: 'code',
      message: { source: 'error', code: 'generic' },
    });
  });
  it('reads mfa_required as a new code sent to the phone ending', () => {
    expect(describeMfaFailure(apiError('mfa_required', 401, { phone_number_end: '07' }), EMAIL)).toEqual({ type: 'challenge', factor: 'sms', phoneNumberEnd: '07' });
  });
  it("reads an authenticator's mfa_required as the app's code asked for again", () => {
    expect(describeMfaFailure(apiError('mfa_required', 401, { factor: 'totp' }), EMAIL)).toEqual({ type: 'challenge', factor: 'totp', phoneNumberEnd: '' });
  });
  it("shows an authenticator's code errors at the field too", () => {
    expect(describeMfaFailure(apiError('mfa_code_invalid', 401, { field: 'mfa_token', factor: 'totp' }, 'Check your app.'), EMAIL)).toEqual({
      type: 'field',
      field: 'code',
      message: { source: 'server', text: 'Check your app.' },
    });
  });
  it('shows field errors of the password step above the form', () => {
    expect(describeMfaFailure(apiError('password_incorrect', 401, { field: 'password' }), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'password_incorrect' },
    });
  });
  it('opens recovery modals like the log-in form', () => {
    expect(describeMfaFailure(apiError('login_rate_limited', 429), EMAIL)).toEqual({ type: 'recovery', recovery: { kind: 'rate_limited' } });
  });
  it('shows a refused resend and an outage above the form', () => {
    expect(describeMfaFailure(apiError('too_many_requests', 429, undefined, 'Too many requests.'), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'server', text: 'Too many requests.' },
    });
    expect(describeMfaFailure(new NetworkError(new Error('offline')), EMAIL)).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
  });
});
