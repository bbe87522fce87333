import {
  BUSINESS_NAME_OR_ADDRESS_MESSAGE, businessProfileSchema, CAMPAIGN_NAME_MAX, campaignNameOf, countryDefaults, objectiveOf, quickPromoteBodySchema, quickPromotePayload, toMicroCurrency, type QuickPromoteFormValues,
} from './quick-promote';

describe('quick-promote country defaults (section 9)', () => {
  it.each([
    // country, duration, default budget, alternate budget, minimum, currency, group
    ['US', 10, 3, 7, 1, 'USD', 'north_america_oceania'],
    ['CA', 10, 1, 9, 1, 'CAD', 'north_america_oceania'],
    ['AU', 10, 1, 10, 1, 'AUD', 'north_america_oceania'],
    ['NZ', 10, 1, 10, 1, 'NZD', 'north_america_oceania'],
    ['GB', 10, 1, 5, 1, 'GBP', 'uk_ireland'],
    ['IE', 10, 1, 7, 1, 'EUR', 'uk_ireland'],
    ['CZ', 10, 80, 150, 11, 'USD', 'continental_europe'],
    ['SE', 30, 10, 70, 1, 'SEK', 'continental_europe'],
    ['NO', 30, 10, 70, 1, 'NOK', 'continental_europe'],
    ['DK', 30, 1, 50, 1, 'DKK', 'continental_europe'],
    ['CH', 10, 1, 7, 1, 'CHF', 'continental_europe'],
    ['DE', 10, 1, 7, 1, 'EUR', 'continental_europe'],
    ['FR', 10, 1, 7, 1, 'EUR', 'continental_europe'],
    ['AT', 10, 1, 7, 1, 'EUR', 'continental_europe'],
    ['PT', 10, 1, 7, 1, 'EUR', 'continental_europe'],
    ['PL', 10, 1, 7, 1, 'USD', 'continental_europe'],
    ['BR', 10, 1, 7, 1, 'USD', 'latin_america'],
    ['MX', 10, 1, 7, 1, 'USD', 'latin_america'],
    ['PE', 10, 1, 7, 1, 'USD', 'latin_america'],
  ])('%s: %i days, budget %d (alternate %d, least %d) in %s, group %s', (country, durationDays, defaultBudget, alternateBudget, minBudget, currency, group) => {
    expect(countryDefaults(country)).toEqual({ country, durationDays, defaultBudget, alternateBudget, minBudget, currency, group });
  });

  it('an unknown, missing or lower-case country is read as written, else the default country US', () => {
    expect(countryDefaults('se').country).toBe('SE');
    expect(countryDefaults(undefined).country).toBe('US');
    expect(countryDefaults('ZZ')).toEqual(countryDefaults('US'));
  });
});

describe('budgets and names (sections 5 and 9)', () => {
  it('a budget is multiplied into micro-currency and rounded', () => {
    expect(toMicroCurrency(3)).toBe(3_000_000);
    expect(toMicroCurrency(2.5)).toBe(2_500_000);
    expect(toMicroCurrency(0.1 + 0.2)).toBe(300_000);
    expect(toMicroCurrency(1.0000004)).toBe(1_000_000);
    expect(toMicroCurrency(1.0000006)).toBe(1_000_001);
  });

  it('a name of 64 characters or more is cut to 62 plus an ellipsis; shorter ones stay', () => {
    expect(campaignNameOf('a'.repeat(63))).toBe('a'.repeat(63));
    expect(campaignNameOf('a'.repeat(CAMPAIGN_NAME_MAX))).toBe(`${'a'.repeat(62)}…`);
    expect(campaignNameOf('b'.repeat(200))).toBe(`${'b'.repeat(62)}…`);
    // Characters, not UTF-16 units: an emoji is one.
    expect(campaignNameOf('🌷'.repeat(64))).toBe(`${'🌷'.repeat(62)}…`);
    expect(campaignNameOf('  Spring lamps  ')).toBe('Spring lamps');
  });
});

const form = (over: Partial<QuickPromoteFormValues> = {}): QuickPromoteFormValues => ({
  name: 'Spring lamps', destination_url: 'https://lamps.example.com/spring', budget: 3, duration: 10, inclusive_end_date: '', is_ongoing: false,
  advertiser_id: '1001', ages: ['25-34'], interests: ['home'], genders: ['female', 'male', 'unknown'], countries: ['US', 'CA'], ad_type: 'CONSIDERATION',
  selected_ocpm_tag: null, isAutoTargeting: true, ...over,
});

describe('the quick-promote payload (sections 5 and 7)', () => {
  it('carries every field of the call, the budget in micro-currency and the fixed values', () => {
    expect(quickPromotePayload(form(), '77')).toEqual({
      budget_in_micro_currency: 3_000_000, campaign_name: 'Spring lamps', destination_url: 'https://lamps.example.com/spring', duration: 10,
      auto_targeting_enabled: true, is_ongoing: false, start_now: true,
      targeting_spec: { GEO: ['US', 'CA'], AGE_BUCKET: ['25-34'], GENDER: ['female', 'male', 'unknown'], INTEREST: ['home'] },
      advertiser_id: '1001', ads_client_type: 'quick_promote', pin_id: '77', product_group_id: null, flexible_daily_budget_enabled: false,
    });
  });

  it('sends the end date only when not ongoing and not blank', () => {
    expect(quickPromotePayload(form({ inclusive_end_date: '2026-12-31' }), '77')?.inclusive_end_date).toBe('2026-12-31');
    expect(quickPromotePayload(form({ inclusive_end_date: '2026-12-31', is_ongoing: true }), '77')).not.toHaveProperty('inclusive_end_date');
    expect(quickPromotePayload(form({ inclusive_end_date: '   ' }), '77')).not.toHaveProperty('inclusive_end_date');
  });

  it('adds the objective type and the conversion tag for web conversion only', () => {
    const tag = { conversionTagId: '5', conversionEvent: 'CHECKOUT' as const };
    const web = quickPromotePayload(form({ ad_type: 'WEB_CONVERSION', selected_ocpm_tag: tag }), '77');
    expect(web).toMatchObject({ objective_type: 'WEB_CONVERSION', optimization_goal_metadata: { conversion_tag_id: '5', conversion_event: 'CHECKOUT' } });
    expect(quickPromotePayload(form({ selected_ocpm_tag: tag }), '77')).not.toHaveProperty('objective_type');
  });

  it('skips the save when a product group is given without a pin', () => {
    expect(quickPromotePayload(form({ ad_type: 'CATALOG_SALES' }), null, '9')).toBeNull();
    expect(quickPromotePayload(form({ ad_type: 'CATALOG_SALES' }), '77', '9')?.product_group_id).toBe('9');
  });

  it('is what the service accepts, and the objective follows from it', () => {
    const parsed = quickPromoteBodySchema.parse(quickPromotePayload(form(), '77'));
    expect(objectiveOf(parsed)).toBe('CONSIDERATION');
    expect(objectiveOf(quickPromoteBodySchema.parse(quickPromotePayload(form({ ad_type: 'CATALOG_SALES' }), '77', '9')))).toBe('CATALOG_SALES');
  });

  it.each([
    ['an ongoing campaign with an end date', { is_ongoing: true, inclusive_end_date: '2026-12-31' }, 'inclusive_end_date'],
    ['web conversion without a tag', { objective_type: 'WEB_CONVERSION' }, 'optimization_goal_metadata'],
    ['a country ads are not served in', { targeting_spec: { GEO: ['ZZ'] } }, 'targeting_spec'],
    ['no country', { targeting_spec: { GEO: [] } }, 'targeting_spec'],
    ['a link that is not http(s)', { destination_url: 'javascript:alert(1)' }, 'destination_url'],
    ['a budget of nothing', { budget_in_micro_currency: 0 }, 'budget_in_micro_currency'],
    ['a fractional micro budget', { budget_in_micro_currency: 1.5 }, 'budget_in_micro_currency'],
    ['a duration past a year', { duration: 366 }, 'duration'],
    ['another client type', { ads_client_type: 'ads_manager' }, 'ads_client_type'],
    ['a flexible budget', { flexible_daily_budget_enabled: true }, 'flexible_daily_budget_enabled'],
  ])('refuses %s, naming the field', (_name, over, field) => {
    const result = quickPromoteBodySchema.safeParse({ ...quickPromotePayload(form(), '77'), ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('business details (section 4: "valid if it has a business address or business info")', () => {
  it('is valid with a name or with an address, and never without a country', () => {
    expect(businessProfileSchema.safeParse({ business_name: 'Hive Lamps', country: 'US' }).success).toBe(true);
    expect(businessProfileSchema.safeParse({ address: 'Storgatan 1, Stockholm', country: 'se' }).data).toEqual({ business_name: '', website_url: '', country: 'SE', address: 'Storgatan 1, Stockholm' });
    expect(businessProfileSchema.safeParse({ business_name: 'Hive Lamps', country: 'ZZ' }).success).toBe(false);
  });
  it('refuses neither a name nor an address, at the name', () => {
    const result = businessProfileSchema.safeParse({ business_name: ' ', address: '', country: 'US' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['business_name'], message: BUSINESS_NAME_OR_ADDRESS_MESSAGE })]);
  });
});
