import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { authenticatorCodeToSend, describeEnrolmentFailure, groupedKey, phoneEnding, validateAuthenticatorCode, validatePhone } from './enrolment';

const apiError = (code: string, http_status: number, message = `server says ${code}`) =>
  new ApiError({ code, message, message_detail: null, http_status });

describe('validatePhone', () => {
  it('requires a number and leaves the format to the server', () => {
    expect(validatePhone('  ')).toBe('phone_required');
    expect(validatePhone('+44 7700 900123')).toBeUndefined();
    expect(validatePhone('07700')).toBeUndefined();
  });
});

describe('phoneEnding', () => {
  it('is the last two digits', () => {
    expect(phoneEnding('+44 7700 900123')).toBe('23');
    expect(phoneEnding('+1 (555) 010-9987')).toBe('87');
    expect(phoneEnding('+')).toBe('');
  });
});

describe('describeEnrolmentFailure', () => {
  it('puts a refused number at the phone field, in the server words', () => {
    expect(describeEnrolmentFailure(apiError('phone_invalid', 400))).toEqual({
      type: 'field',
      field: 'phone',
      message: { source: 'server', text: 'server says phone_invalid' },
    });
  });
  it.each([
    ['mfa_code_invalid', 401],
    ['mfa_code_expired', 401],
    ['mfa_code_format', 400],
  ])('puts %s (%d) at the code field', (code, status) => {
    expect(describeEnrolmentFailure(apiError(code, status))).toEqual({
      type: 'field',
      field: 'code',
      message: { source: 'server', text: `server says ${code}` },
    });
  });
  it('asks to log in again when the session ended', () => {
    expect(describeEnrolmentFailure(apiError('unauthorized', 401))).toEqual({ type: 'logged_out' });
  });
  it('shows send refusals above the form', () => {
    expect(describeEnrolmentFailure(apiError('sms_unavailable', 503))).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'sms_unavailable' },
    });
    expect(describeEnrolmentFailure(apiError('too_many_requests', 429, 'Too many requests. Wait a moment and try again.'))).toEqual({
      type: 'alert',
      message: { source: 'server', text: 'Too many requests. Wait a moment and try again.' },
    });
  });
  it('shows an outage as the generic message', () => {
    expect(describeEnrolmentFailure(new NetworkError(new Error('offline')))).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
    expect(describeEnrolmentFailure(apiError('whatever', 502))).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
    expect(describeEnrolmentFailure(new Error('boom'))).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
  });
});

describe('validateAuthenticatorCode', () => {
  it("wants the app's 6 digits", () => {
    expect(validateAuthenticatorCode('', false)).toBe('mfa_code_required');
    expect(validateAuthenticatorCode('123 456', false)).toBeUndefined();
    expect(validateAuthenticatorCode('12345', false)).toBe('mfa_code_format');
    expect(validateAuthenticatorCode('abcde-fgh23', false)).toBe('mfa_code_format');
  });
  it('takes a recovery code where one is allowed (turning the app off)', () => {
    expect(validateAuthenticatorCode('abcde-fgh23', true)).toBeUndefined();
    expect(validateAuthenticatorCode('123456', true)).toBeUndefined();
    expect(validateAuthenticatorCode('abcde', true)).toBe('mfa_code_format');
  });
});

describe('authenticatorCodeToSend', () => {
  it("sends the app's digits without spaces, a recovery code as stored", () => {
    expect(authenticatorCodeToSend(' 123 456 ')).toBe('123456');
    expect(authenticatorCodeToSend('ABCDE FGH23')).toBe('abcde-fgh23');
  });
});

describe('groupedKey', () => {
  it('shows the key in groups of four', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('ABCDEF')).toBe('ABCD EF');
  });
});

describe('describeEnrolmentFailure of the authenticator', () => {
  it('puts an expired set-up at the code field, and a factor already on above the form', () => {
    expect(describeEnrolmentFailure(apiError('mfa_setup_expired', 400))).toEqual({ type: 'field', field: 'code', message: { source: 'server', text: 'server says mfa_setup_expired' } });
    expect(describeEnrolmentFailure(apiError('mfa_already_enabled', 409))).toEqual({ type: 'alert', message: { source: 'error', code: 'mfa_already_enabled' } });
  });
});
