import { describe, expect, it } from '@jest/globals';
import { countryDefaults } from '@pinhive/contracts';
import { draftKey, draftOf, parseDraft, withDraft } from './drafts';
import { initialForm } from './form';

const us = countryDefaults('US');
const defaults = { country: 'US', duration_days: us.durationDays, default_budget: us.defaultBudget, alternate_budget: us.alternateBudget, min_budget: us.minBudget, currency: us.currency, countries: ['US'] };
const form = initialForm('7', defaults, { title: 'Lamp', description: '', link: null });

describe('drafts (section 3)', () => {
  it('is keyed {advertiser}.{pin}', () => {
    expect(draftKey('7', '42')).toBe('7.42');
  });

  it("keeps the spec's draft fields and restores them", () => {
    const changed = { ...form, name: 'Autumn lamps', budget: 7, destination_url: 'https://lamps.example', duration: 14, ages: ['25-34' as const], interests: ['home' as const], genders: ['female' as const], ad_type: 'WEB_CONVERSION' as const };
    const draft = draftOf(changed, '42', 'en');
    expect(Object.keys(draft).sort()).toEqual(['adType', 'ages', 'dailyBudget', 'destinationUrl', 'duration', 'genders', 'interests', 'locale', 'name', 'pin'].sort());
    const restored = withDraft(form, parseDraft(JSON.stringify(draft), '42')!);
    expect(restored).toEqual({ ...changed, selected_ocpm_tag: null });
  });

  it('drops a damaged draft, or one of another pin', () => {
    expect(parseDraft('{', '42')).toBeNull();
    expect(parseDraft(JSON.stringify({ pin: '42', dailyBudget: 'lots' }), '42')).toBeNull();
    expect(parseDraft(JSON.stringify(draftOf(form, '43', 'en')), '42')).toBeNull();
    expect(parseDraft(null, '42')).toBeNull();
  });
});

