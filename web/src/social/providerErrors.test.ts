import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/apiError';
import { describePopupEnd, describeProviderError } from './providerErrors';

const apiError = (code: string, http_status: number, data?: Record<string, unknown>) => new ApiError({ code, message: `server: ${code}`, message_detail: null, http_status, ...(data ? { data } : {}) });

describe('describePopupEnd', () => {
  it('ends quietly when the popup was closed', () => {
    expect(describePopupEnd({ kind: 'closed' })).toEqual({ type: 'quiet' });
  });

  it("says popups must be enabled, that the product must be authorised, or that something went wrong", () => {
    expect(describePopupEnd({ kind: 'blocked' })).toEqual({ type: 'message', message: { source: 'social', code: 'popupBlocked' } });
    expect(describePopupEnd({ kind: 'denied' })).toEqual({ type: 'message', message: { source: 'social', code: 'notAuthorised' } });
    expect(describePopupEnd({ kind: 'timeout' })).toEqual({ type: 'message', message: { source: 'social', code: 'failed' } });
    expect(describePopupEnd({ kind: 'failed', reason: 'state_mismatch' })).toEqual({ type: 'message', message: { source: 'social', code: 'failed' } });
  });
});

describe('describeProviderError', () => {
  it("shows the provider's unavailable title, or the disabled modal", () => {
    expect(describeProviderError(apiError('provider_unavailable', 503, { provider: 'google' }), 'google')).toEqual({ type: 'unavailable' });
    expect(describeProviderError(apiError('provider_disabled', 403), 'line')).toEqual({ type: 'disabled' });
  });

  it('says "Sorry! Something went wrong on our end." for SSO failures', () => {
    expect(describeProviderError(apiError('sso_failed', 502), 'sso')).toEqual({ type: 'message', message: { source: 'error', code: 'generic' } });
    expect(describeProviderError(apiError('internal', 500), 'sso')).toEqual({ type: 'message', message: { source: 'error', code: 'generic' } });
    expect(describeProviderError(new Error('boom'), 'sso')).toEqual({ type: 'message', message: { source: 'error', code: 'generic' } });
  });

  it("shows a refused or expired sign-in in our words, Facebook's as the spec's banner", () => {
    expect(describeProviderError(apiError('identity_expired', 400), 'google')).toEqual({ type: 'message', message: { source: 'error', code: 'identity_expired' } });
    expect(describeProviderError(apiError('identity_invalid', 401), 'facebook')).toEqual({ type: 'message', message: { source: 'social', code: 'facebookCantConnect' } });
  });

  it('hands two-factor and blocked accounts on as a log-in would', () => {
    expect(describeProviderError(apiError('mfa_required', 401, { factor: 'totp' }), 'google')).toEqual({ type: 'mfa', factor: 'totp', phoneNumberEnd: '' });
    expect(describeProviderError(apiError('suspended', 403), 'line')).toEqual({ type: 'recovery', recovery: { kind: 'suspended', reasons: [] } });
  });

  it("says the popup's default for a provider's outage or no answer", () => {
    expect(describeProviderError(apiError('internal', 500), 'google')).toEqual({ type: 'message', message: { source: 'social', code: 'failed' } });
    expect(describeProviderError(new TypeError('x'), 'line')).toEqual({ type: 'message', message: { source: 'social', code: 'failed' } });
  });
});
