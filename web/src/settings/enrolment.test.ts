import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { describeEnrolmentFailure, phoneEnding, validatePhone } from './enrolment';

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
