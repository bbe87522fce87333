import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { describeConsentFailure, validateConsent } from './consents';

const apiError = (code: string, http_status: number, data?: Record<string, unknown>) =>
  new ApiError({ code, message: `server says ${code}`, message_detail: null, http_status, ...(data ? { data } : {}) });
const EMAIL = 'ada@example.com';

describe('validateConsent', () => {
  it('requires the privacy agreement and nothing else', () => {
    expect(validateConsent({ privacy: false, marketing: true })).toEqual({ source: 'error', code: 'consent_required' });
    expect(validateConsent({ privacy: true, marketing: false })).toBeNull();
  });
});

describe('describeConsentFailure', () => {
  it("shows the server's consent_required at the box", () => {
    expect(describeConsentFailure(apiError('consent_required', 400, { field: 'kr_privacy_consent_opt_in' }), EMAIL)).toEqual({
      type: 'consent',
      message: { source: 'error', code: 'consent_required' },
    });
  });

  it('sends a refused sign-up field back to the sign-up view, at that field', () => {
    expect(describeConsentFailure(apiError('password_rules', 400, { field: 'password' }), EMAIL)).toEqual({
      type: 'signup_field',
      field: 'password',
      message: { source: 'error', code: 'password_rules' },
    });
    expect(describeConsentFailure(apiError('over_age', 400, { field: 'birthday' }), EMAIL)).toMatchObject({ type: 'signup_field', field: 'birthday' });
  });

  it('shows the under-age view, and the rest above the boxes', () => {
    expect(describeConsentFailure(apiError('underage', 403), EMAIL)).toEqual({ type: 'underage' });
    expect(describeConsentFailure(apiError('internal', 500), EMAIL)).toEqual({ type: 'alert', message: { source: 'error', code: 'generic' } });
    expect(describeConsentFailure(new NetworkError(new TypeError('offline')), EMAIL)).toEqual({
      type: 'alert',
      message: { source: 'error', code: 'generic' },
    });
  });
});
