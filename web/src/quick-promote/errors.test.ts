import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api/apiError';
import { errorAreaOf, promoteFailure } from './errors';

describe('errorAreaOf (section 8)', () => {
  const table: [number, string | null | undefined, 'pin' | 'modal'][] = [
    [401, 'Log in again to promote.', 'pin'],
    [400, 'The least daily budget is 1 USD.', 'modal'],
    [403, 'detail', 'modal'],
    [409, 'Fill in the business details form first.', 'modal'],
    [500, 'detail', 'modal'],
    [0, 'detail', 'modal'],
    [401, null, 'modal'],
    [401, '', 'modal'],
    [401, undefined, 'modal'],
    [400, null, 'modal'],
  ];
  it.each(table)('status %i with detail %j shows in %s', (status, detail, area) => {
    expect(errorAreaOf(status, detail)).toBe(area);
  });
});

describe('promoteFailure', () => {
  it("keeps the server's message and detail", () => {
    const error = new ApiError({ code: 'promote_budget_too_low', message: 'Your daily budget is below the minimum.', message_detail: 'The least daily budget is 1 USD.', http_status: 400 });
    expect(promoteFailure(error, 'fallback')).toEqual({ area: 'modal', message: 'Your daily budget is below the minimum.', detail: 'The least daily budget is 1 USD.' });
  });

  it('puts a 401 with a detail under the pin', () => {
    const error = new ApiError({ code: 'unauthorized', message: 'Log in', message_detail: 'Your session ended.', http_status: 401 });
    expect(promoteFailure(error, 'fallback').area).toBe('pin');
  });

  it('says the fallback for anything else', () => {
    expect(promoteFailure(new Error('boom'), 'Something went wrong.')).toEqual({ area: 'modal', message: 'Something went wrong.', detail: null });
  });
});
