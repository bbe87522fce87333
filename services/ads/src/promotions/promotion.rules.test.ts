import { campaignDays } from './promotion.rules';

const now = new Date('2026-11-27T23:30:00Z');
const body = { start_now: true, is_ongoing: false, duration: 10 };

describe('a campaign\'s days (UTC)', () => {
  it('starts today when started now, else tomorrow, and runs `duration` days', () => {
    expect(campaignDays(now, body)).toEqual({ startDate: '2026-11-27', endDate: '2026-12-06' });
    expect(campaignDays(now, { ...body, start_now: false })).toEqual({ startDate: '2026-11-28', endDate: '2026-12-07' });
    expect(campaignDays(now, { ...body, duration: 1 })).toEqual({ startDate: '2026-11-27', endDate: '2026-11-27' });
  });

  it('ends on the inclusive end date when sent, and never when ongoing', () => {
    expect(campaignDays(now, { ...body, inclusive_end_date: '2026-12-24' })).toEqual({ startDate: '2026-11-27', endDate: '2026-12-24' });
    expect(campaignDays(now, { ...body, is_ongoing: true })).toEqual({ startDate: '2026-11-27', endDate: null });
  });

  it('refuses an end before the start or more than a year after it', () => {
    expect(campaignDays(now, { ...body, inclusive_end_date: '2026-11-26' })).toBe('invalid');
    expect(campaignDays(now, { ...body, inclusive_end_date: '2027-11-27' })).toEqual({ startDate: '2026-11-27', endDate: '2027-11-27' });
    expect(campaignDays(now, { ...body, inclusive_end_date: '2027-11-28' })).toBe('invalid');
  });
});
