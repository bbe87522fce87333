import { SITE_IDS, siteIdOfPath } from './sites';

describe('siteIdOfPath', () => {
  it.each([
    ['/', SITE_IDS.www],
    ['/pin/123/', SITE_IDS.www],
    ['/pin/create/button/', SITE_IDS.www],
    ['/advertisers-guide/', SITE_IDS.www],
    ['/advertiser', SITE_IDS.sterling],
    ['/advertiser/quick_promote', SITE_IDS.sterling],
    ['/advertiser/549755813888/reporting/campaigns/', SITE_IDS.sterling],
  ])('%s is site %i', (path, site) => {
    expect(siteIdOfPath(path)).toBe(site);
  });

  it('numbers the sites as section 9 does', () => {
    expect(SITE_IDS).toMatchObject({ www: 0, phoneTablet: 1, sterling: 3, analytics: 4, business: 6, trends: 7, trendsInternal: 8, commerceApp: 10, creators: 11, planningHub: 12, newsroom: 13 });
  });
});
