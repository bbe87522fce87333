import { describe, expect, it } from '@jest/globals';
import { countryFromLocale } from './country';

describe('countryFromLocale', () => {
  it("reads the region of a browser's language tag", () => {
    expect(countryFromLocale('ja-JP')).toBe('JP');
    expect(countryFromLocale('en-US')).toBe('US');
    expect(countryFromLocale('en-gb')).toBe('GB');
    expect(countryFromLocale('zh-Hant-TW')).toBe('TW');
    expect(countryFromLocale('en_US')).toBe('US');
  });

  it('names no country without a region, for an area that is not a country, or for nonsense', () => {
    expect(countryFromLocale('ja')).toBeUndefined();
    expect(countryFromLocale('es-419')).toBeUndefined();
    expect(countryFromLocale('')).toBeUndefined();
    expect(countryFromLocale(undefined)).toBeUndefined();
    expect(countryFromLocale('not a tag!')).toBeUndefined();
  });
});
