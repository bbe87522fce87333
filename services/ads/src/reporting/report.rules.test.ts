import { describe, expect, it } from '@jest/globals';
import { spendCurrency } from './report.rules';

const business = (country: string) => ({ business_name: 'Acme', website_url: '', country, address: '', updatedAt: new Date(), updatedBy: 'user-olive' });

describe("the currency of an advertiser's spend added up", () => {
  it('is the one its campaigns were promoted in', () => {
    expect(spendCurrency({ currencies: ['SEK'], business: business('US') })).toBe('SEK');
  });

  it('is none when they were promoted in more than one, or none at all', () => {
    expect(spendCurrency({ currencies: ['SEK', 'USD'], business: business('SE') })).toBeNull();
    expect(spendCurrency({ currencies: [] })).toBeNull();
    expect(spendCurrency(null)).toBeNull();
  });

  it("is its country's for a profile from before campaigns noted theirs", () => {
    expect(spendCurrency({ business: business('DE') })).toBe('EUR');
    expect(spendCurrency({})).toBeNull();
  });
});
