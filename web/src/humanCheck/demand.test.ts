import { describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../api/client';
import { humanCheckDemandFrom } from './demand';

const tooQuick = (data?: Record<string, unknown>) =>
  new ApiError({ code: 'login_too_quick', message: 'too quick', message_detail: null, http_status: 429, ...(data ? { data } : {}) });

describe('humanCheckDemandFrom', () => {
  it('reads the demand of a "too quick" answer', () => {
    expect(humanCheckDemandFrom(tooQuick({ human_check: 'local', ip_rule: true }))).toEqual({ human_check: 'local', ip_rule: true });
    expect(humanCheckDemandFrom(tooQuick({ human_check: 'recaptcha-enterprise', site_key: 'k', ip_rule: true }))).toEqual({
      human_check: 'recaptcha-enterprise',
      site_key: 'k',
      ip_rule: true,
    });
  });

  it('is null for other failures and for a demand it cannot read', () => {
    expect(humanCheckDemandFrom(tooQuick())).toBeNull();
    expect(humanCheckDemandFrom(tooQuick({ human_check: 'hcaptcha', ip_rule: true }))).toBeNull();
    expect(
      humanCheckDemandFrom(new ApiError({ code: 'login_rate_limited', message: 'm', message_detail: null, http_status: 429, data: { human_check: 'local', ip_rule: true } })),
    ).toBeNull();
    expect(humanCheckDemandFrom(new NetworkError(new TypeError('offline')))).toBeNull();
    expect(humanCheckDemandFrom(new Error('bug'))).toBeNull();
  });
});
