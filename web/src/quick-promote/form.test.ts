import { describe, expect, it } from '@jest/globals';
import { countryDefaults, quickPromotePayload } from '@pinhive/contracts';
import { formProblems, initialForm, scheduleOf, withSchedule } from './form';

const us = countryDefaults('US');
const defaults = { country: 'US', duration_days: us.durationDays, default_budget: us.defaultBudget, alternate_budget: us.alternateBudget, min_budget: us.minBudget, currency: us.currency, countries: ['US', 'CA', 'NZ', 'AU'] };
const pin = { title: 'Brass lamp', description: 'A lamp', link: 'https://lamps.example/brass' };
const TODAY = '2026-11-27';

describe('initialForm', () => {
  it("starts from the pin and the country's defaults", () => {
    const form = initialForm('7', defaults, pin);
    expect(form).toMatchObject({ name: 'Brass lamp', destination_url: 'https://lamps.example/brass', budget: 3, duration: 10, is_ongoing: false, inclusive_end_date: '', countries: ['US', 'CA', 'NZ', 'AU'], ad_type: 'CONSIDERATION' });
    expect(formProblems(form, defaults, TODAY)).toEqual([]);
  });

  it('builds a payload contracts accept', () => {
    const payload = quickPromotePayload(initialForm('7', defaults, pin), '42');
    expect(payload).toMatchObject({ budget_in_micro_currency: 3_000_000, campaign_name: 'Brass lamp', duration: 10, pin_id: '42', advertiser_id: '7', ads_client_type: 'quick_promote' });
    expect(payload).not.toHaveProperty('inclusive_end_date');
  });
});

describe('schedules', () => {
  const form = initialForm('7', defaults, pin);
  it('switches between duration, end date and ongoing', () => {
    const dated = withSchedule(form, 'end_date', TODAY);
    expect(dated.inclusive_end_date).toBe('2026-12-06');
    expect(scheduleOf(dated)).toBe('end_date');
    const ongoing = withSchedule(dated, 'ongoing', TODAY);
    expect(ongoing).toMatchObject({ is_ongoing: true, inclusive_end_date: '' });
    expect(scheduleOf(withSchedule(ongoing, 'duration', TODAY))).toBe('duration');
  });
});

describe('formProblems', () => {
  const form = initialForm('7', defaults, pin);
  it.each([
    ['a blank name', { name: '  ' }, 'name'],
    ['a destination without http', { destination_url: 'lamps.example' }, 'destination_url'],
    ['no budget', { budget: 0 }, 'budget'],
    ['a budget over the largest', { budget: 2_000_000 }, 'budget'],
    ['a duration of 0 days', { duration: 0 }, 'duration'],
    ['a duration over 365 days', { duration: 366 }, 'duration'],
    ['an end date in the past', { inclusive_end_date: '2026-11-26' }, 'inclusive_end_date'],
    ['an end date over a year ahead', { inclusive_end_date: '2027-11-28' }, 'inclusive_end_date'],
    ['no country', { countries: [] }, 'countries'],
    ['a web-conversion ad without a tag', { ad_type: 'WEB_CONVERSION' as const }, 'selected_ocpm_tag'],
  ])('refuses %s', (_, change, field) => {
    expect(formProblems({ ...form, ...change }, defaults, TODAY).map((p) => p.field)).toEqual([field]);
  });

  it('leaves the least budget to the server (it follows the business country)', () => {
    expect(formProblems({ ...form, budget: 0.5 }, defaults, TODAY)).toEqual([]);
  });

  it('ignores the duration of an ongoing campaign', () => {
    expect(formProblems({ ...form, is_ongoing: true, duration: 0 }, defaults, TODAY)).toEqual([]);
  });
});
