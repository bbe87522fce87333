import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { describeLoginError } from './loginErrors';

const apiError = (code: string, http_status: number, data?: Record<string, unknown>, message = `server says ${code}`) =>
  new ApiError({ code, message, message_detail: null, http_status, ...(data ? { data } : {}) });

const EMAIL = 'ada@example.com';

describe('describeLoginError', () => {
  it('puts the wrong password at the password field, in our words', () => {
    expect(describeLoginError(apiError('password_incorrect', 401, { field: 'password' }), EMAIL)).toEqual({
      type: 'field',
      field: 'password',
      message: { source: 'error', code: 'password_incorrect' },
    });
  });

  it.each([
    ['login_rate_limited', 429, undefined, { kind: 'rate_limited' }],
    ['soft_banned', 403, undefined, { kind: 'soft_banned', email: EMAIL }],
    ['password_reset_sent', 403, undefined, { kind: 'password_reset_sent', email: EMAIL }],
    ['login_assistance', 403, { email: 'a***@example.com' }, { kind: 'login_assistance', email: 'a***@example.com' }],
    ['login_assistance', 403, undefined, { kind: 'login_assistance', email: EMAIL }],
    ['suspended', 403, { reasons: ['guidelines_violation', 7, ''] }, { kind: 'suspended', reasons: ['guidelines_violation'] }],
    ['prevent_facebook_register', 403, undefined, { kind: 'prevent_facebook_register', email: EMAIL }],
    ['prevent_google_register', 403, undefined, { kind: 'prevent_google_register', email: EMAIL }],
  ])('%s opens the recovery modal', (code, status, data, recovery) => {
    expect(describeLoginError(apiError(code, status, data), EMAIL)).toEqual({ type: 'recovery', recovery });
  });

  it.each(['linked_facebook', 'linked_google', 'linked_facebook_google', 'linked_sso', 'linked_line'])(
    '%s (an account with no password, linked to a provider) shows at the email field, in our words',
    (code) => {
      expect(describeLoginError(apiError(code, 401), EMAIL)).toEqual({ type: 'field', field: 'email', message: { source: 'error', code } });
    },
  );

  it('keeps the server message of a voluntary deactivation', () => {
    expect(describeLoginError(apiError('deactivated', 403, { reasons: [] }, 'You deactivated your account.'), EMAIL)).toEqual({
      type: 'recovery',
      recovery: { kind: 'deactivated', reasons: [], serverMessage: 'You deactivated your account.' },
    });
  });

  it('shows "too quick" and "can\'t log you in" above the form', () => {
    expect(describeLoginError(apiError('login_too_quick', 429), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'login_too_quick' },
    });
    expect(describeLoginError(apiError('login_failed', 401), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'login_failed' },
    });
  });

  it('puts an error naming the email field at the email field, with the server text for unknown codes', () => {
    expect(describeLoginError(apiError('bad_request', 400, { field: 'username_or_email' }, 'Too long'), EMAIL)).toEqual({
      type: 'field',
      field: 'email',
      message: { source: 'server', text: 'Too long' },
    });
  });

  it('answers outages with the generic message, and a failure that is no answer with the Unknown Error modal', () => {
    const generic = { type: 'alert', message: { source: 'error', code: 'generic' } };
    expect(describeLoginError(apiError('service_unavailable', 503), EMAIL)).toEqual(generic);
    expect(describeLoginError(new NetworkError(new TypeError('offline')), EMAIL)).toEqual(generic);
    expect(describeLoginError(new Error('bug'), EMAIL)).toEqual({ type: 'recovery', recovery: { kind: 'unknown' } });
  });
});

describe('describeLoginError and two-factor', () => {
  it('opens the code step with the phone ending', () => {
    expect(describeLoginError(apiError('mfa_required', 401, { phone_number_end: '23' }), EMAIL)).toEqual({ type: 'mfa', factor: 'sms', phoneNumberEnd: '23' });
    expect(describeLoginError(apiError('mfa_required', 401, { factor: 'sms', phone_number_end: '23' }), EMAIL)).toEqual({ type: 'mfa', factor: 'sms', phoneNumberEnd: '23' });
  });
  it('keeps only digits from the phone ending', () => {
    expect(describeLoginError(apiError('mfa_required', 401, { phone_number_end: '<b>' }), EMAIL)).toEqual({ type: 'mfa', factor: 'sms', phoneNumberEnd: '' });
    expect(describeLoginError(apiError('mfa_required', 401), EMAIL)).toEqual({ type: 'mfa', factor: 'sms', phoneNumberEnd: '' });
  });
  it("opens the code step for an authenticator app's code", () => {
    expect(describeLoginError(apiError('mfa_required', 401, { factor: 'totp' }), EMAIL)).toEqual({ type: 'mfa', factor: 'totp', phoneNumberEnd: '' });
  });
  it('takes an unknown factor for a phone (what every answer meant before apps)', () => {
    expect(describeLoginError(apiError('mfa_required', 401, { factor: 'carrier-pigeon', phone_number_end: '23' }), EMAIL)).toEqual({ type: 'mfa', factor: 'sms', phoneNumberEnd: '23' });
  });
});
