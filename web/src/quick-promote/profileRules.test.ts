import { describe, expect, it } from '@jest/globals';
import { billingProblems, businessProblems } from './profileRules';

describe('businessProblems', () => {
  const valid = { business_name: 'Hive Lamps', website_url: '', country: 'US', address: '' };
  it('accepts a name or an address, with a country (section 4)', () => {
    expect(businessProblems(valid)).toEqual({});
    expect(businessProblems({ ...valid, business_name: '', address: 'Storgatan 1, Stockholm' })).toEqual({});
    expect(businessProblems({ ...valid, website_url: 'https://hive.example', country: 'gb' })).toEqual({});
  });
  it.each([
    [{ business_name: ' ' }, { business_name: 'nameRequired' }],
    [{ business_name: '', address: '  ' }, { business_name: 'nameRequired' }],
    [{ business_name: 'x'.repeat(101) }, { business_name: 'tooLong' }],
    [{ website_url: 'hive.example' }, { website_url: 'websiteInvalid' }],
    [{ country: 'ZZ' }, { country: 'countryRequired' }],
    [{ country: '' }, { country: 'countryRequired' }],
    [{ address: 'x'.repeat(301) }, { address: 'tooLong' }],
  ])('refuses %j', (change, problems) => {
    expect(businessProblems({ ...valid, ...change })).toEqual(problems);
  });
});

describe('billingProblems', () => {
  const valid = { contact_name: 'Ada', email: 'ada@hive.example', address: '1 Hive Road' };
  it('accepts a contact, an email and an address', () => {
    expect(billingProblems(valid)).toEqual({});
  });
  it.each([
    [{ contact_name: '' }, { contact_name: 'contactRequired' }],
    [{ email: 'ada' }, { email: 'emailInvalid' }],
    [{ address: ' ' }, { address: 'addressRequired' }],
    [{ address: 'x'.repeat(301) }, { address: 'tooLong' }],
  ])('refuses %j', (change, problems) => {
    expect(billingProblems({ ...valid, ...change })).toEqual(problems);
  });
});
