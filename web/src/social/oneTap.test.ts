import { describe, expect, it } from '@jest/globals';
import { browserOffersOneTap, chromiumMajorVersion } from './oneTap';

const CHROME_120 = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('one-tap gate (spec: FedCM from version 116 by default)', () => {
  it("reads the Chromium major version, none for other browsers", () => {
    expect(chromiumMajorVersion(CHROME_120)).toBe(120);
    expect(chromiumMajorVersion('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.108 Safari/537.36')).toBe(156);
    expect(chromiumMajorVersion(FIREFOX)).toBeNull();
  });

  it('offers one-tap from the minimum version on, where the browser has FedCM', () => {
    expect(browserOffersOneTap(116, { userAgent: CHROME_120, hasFedCm: true })).toBe(true);
    expect(browserOffersOneTap(120, { userAgent: CHROME_120, hasFedCm: true })).toBe(true);
    expect(browserOffersOneTap(121, { userAgent: CHROME_120, hasFedCm: true })).toBe(false);
    expect(browserOffersOneTap(116, { userAgent: CHROME_120, hasFedCm: false })).toBe(false);
    expect(browserOffersOneTap(116, { userAgent: FIREFOX, hasFedCm: true })).toBe(false);
  });
});
