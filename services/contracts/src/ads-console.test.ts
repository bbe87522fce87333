import {
  CONSOLE_OFFERED_PAGES,
  CONSOLE_PAGE_NAMES,
  adUrlQuery,
  consolePath,
  isOfferedConsolePage,
  matchConsolePath,
  quickPromoteBillingPath,
  type ParameterisedConsolePage,
  type PlainConsolePage,
} from './ads-console';

/**
 * Every path of the spec's advertiser console URL table (saving-boards-ads.md section 2), written
 * out by hand from the spec rather than read back from the builder's table, unprefixed.
 */
const TABLE: [PlainConsolePage, string][] = [
  ['overview', '/'],
  ['reportingCampaigns', '/reporting/campaigns/'],
  ['reportingAdgroups', '/reporting/adgroups/'],
  ['reportingAds', '/reporting/ads/'],
  ['reportingProductgroups', '/reporting/productgroups/'],
  ['reportingProductitems', '/reporting/productitems/'],
  // "keyword and search-query reporting pages": their paths are ours (docs/decisions/advertiser-console.md).
  ['reportingKeywords', '/reporting/keywords/'],
  ['reportingSearchQueries', '/reporting/search_queries/'],
  ['adsCreate', '/ads/create/'],
  ['automatedAdsCreate', '/automated/ads/create/'],
  ['adsCampaignMode', '/ads/campaign_mode/'],
  ['adsEdit', '/ads/edit/'],
  ['automatedAdsEdit', '/automated/ads/edit/'],
  ['adsEditDraft', '/ads/edit_draft/'],
  ['adsDuplicate', '/ads/duplicate/'],
  ['adsBulkEdit', '/ads/bulk_edit/'],
  ['audiences', '/audiences/'],
  ['audienceDebug', '/audience_debug/'],
  ['billing', '/billing/'],
  ['billingHistory', '/billing/history/'],
  ['billingOrderLines', '/billing/order_lines/'],
  ['billingPromotions', '/billing/promotions/'],
  ['billingDocuments', '/billing/documents/'],
  ['billingTaxDocuments', '/billing/tax_documents/'],
  ['billingPrepaidCampaignSpendSummary', '/billing/prepaid_campaign_spend_summary/'],
  ['billingPrepaidSpendCampaignBreakdown', '/billing/prepaid_spend_campaign_breakdown/'],
  ['bulkEditor', '/bulk_editor/'],
  ['bulkEditorUploadTemplate', '/bulk_editor/upload_template/'],
  ['bulkEditorDownloadTemplate', '/bulk_editor/download_template/'],
  ['bulkEditorHistory', '/bulk_editor/history/'],
  ['bulkEditorBulkIdLibrary', '/bulk_editor/bulk_id_library/'],
  ['bulkEditorResources', '/bulk_editor/resources/'],
  ['history', '/history/'],
  ['conversions', '/conversions/'],
  ['conversionsEventsOverview', '/conversions/events-overview/'],
  ['conversionsEventHistory', '/conversions/event-history/'],
  ['conversionsHealth', '/conversions/health/'],
  ['conversionsTestEvents', '/conversions/test-events/'],
  ['conversionsTag', '/conversions/tag/'],
  ['conversionsTagManualSetup', '/conversions/tag_manual_setup/'],
  ['conversionsTagHealth', '/conversions/tag-health/'],
  ['conversionsUpload', '/conversions/upload/'],
  ['conversionsHistory', '/conversions/history/'],
  ['conversionsPcaHistory', '/conversions/pca_history/'],
  ['conversionsPcaUpload', '/conversions/pca_upload/'],
  ['conversionsApiManualSetup', '/conversions/api_manual_setup/'],
  ['conversionsApiPartnerSetup', '/conversions/api_partner_setup/'],
  ['conversionsAccessToken', '/conversions/access_token/'],
  ['conversionsSetupApi', '/conversions/setup-api/'],
  ['conversionsDeduplication', '/conversions/deduplication/'],
  ['conversionsPayloadHelper', '/conversions/payload-helper/'],
  ['conversionsPinterestCapiConnect', '/conversions/pinterest_capi_connect/'],
  ['pinBuilder', '/pin-builder/'],
  ['accountsManager', '/accounts_manager/'],
  ['reportingPreferences', '/reporting/preferences/'],
  ['reportCenter', '/report-center/'],
  ['reportCenterBuilder', '/report-center/builder/'],
  ['reportCenterHistory', '/report-center/history/'],
  ['reportCenterUnsubscribe', '/report-center/unsubscribe/'],
  ['reportCenterDownload', '/report-center/download/'],
  ['quickPromote', '/quick-promote/'],
  ['advertiserQuickPromote', '/advertiser/quick-promote/'],
  ['recommendations', '/recommendations/'],
  ['productCatalogsDataSource', '/product-catalogs/data-source'],
  ['mediaPlanner', '/media_planner/'],
  ['msotOptimizer', '/msot-optimizer/'],
];

/** The two pages with path parameters, built with campaign 77 and product group 5. */
const WITH_PATH_PARAMS: [ParameterisedConsolePage, string][] = [
  ['campaignInsights', '/campaign-insights/77/'],
  ['campaignInsightsProductGroup', '/campaign-insights/77/product-group/5'],
];

const ADVERTISER = '549755813888';
const PREFIX = `/advertiser/${ADVERTISER}`;

describe('the advertiser console URL builder (saving-boards-ads.md section 2)', () => {
  it('knows every page of the table, and no other', () => {
    expect([...CONSOLE_PAGE_NAMES].sort()).toEqual([...TABLE, ...WITH_PATH_PARAMS].map(([page]) => page).sort());
  });

  describe('every path of the table', () => {
    it.each(TABLE)('%s: %s without an advertiser id, prefixed with one', (page, path) => {
      expect(consolePath(page)).toBe(path);
      expect(consolePath(page, {})).toBe(path);
      expect(consolePath(page, { advertiserId: null })).toBe(path);
      expect(consolePath(page, { advertiserId: ADVERTISER })).toBe(`${PREFIX}${path}`);
    });

    it.each(WITH_PATH_PARAMS)('%s: %s, its path parameters filled in', (page, path) => {
      const built = page === 'campaignInsights' ? consolePath(page, { path: { campaignId: '77' } }) : consolePath('campaignInsightsProductGroup', { path: { campaignId: '77', productGroupId: '5' } });
      expect(built).toBe(path);
      const prefixed =
        page === 'campaignInsights'
          ? consolePath(page, { advertiserId: ADVERTISER, path: { campaignId: '77' } })
          : consolePath('campaignInsightsProductGroup', { advertiserId: ADVERTISER, path: { campaignId: '77', productGroupId: '5' } });
      expect(prefixed).toBe(`${PREFIX}${path}`);
    });
  });

  describe('the advertiser id prefix', () => {
    it('goes on only when an advertiser id is known (a blank one is not)', () => {
      expect(consolePath('audiences', { advertiserId: undefined })).toBe('/audiences/');
      expect(consolePath('audiences', { advertiserId: '' })).toBe('/audiences/');
      expect(consolePath('audiences', { advertiserId: '   ' })).toBe('/audiences/');
      expect(consolePath('audiences', { advertiserId: '12' })).toBe('/advertiser/12/audiences/');
    });

    it('is encoded, as are path parameters', () => {
      expect(consolePath('overview', { advertiserId: 'a/b' })).toBe('/advertiser/a%2Fb/');
      expect(consolePath('campaignInsights', { path: { campaignId: '7 8' } })).toBe('/campaign-insights/7%208/');
    });

    it('refuses a blank path parameter rather than building a broken path', () => {
      expect(() => consolePath('campaignInsights', { path: { campaignId: '' } })).toThrow(/campaignId/);
    });
  });

  describe('the ad URL parameters and their inclusion rules', () => {
    it('are left out when none is given', () => {
      expect(adUrlQuery()).toEqual([]);
      expect(adUrlQuery({})).toEqual([]);
    });

    it('campaignId: only for a partial create', () => {
      expect(adUrlQuery({ campaignId: '9' })).toEqual([]);
      expect(adUrlQuery({ campaignId: '9', partialCreate: false })).toEqual([]);
      expect(adUrlQuery({ campaignId: '9', partialCreate: true })).toEqual([['campaignId', '9']]);
      expect(adUrlQuery({ partialCreate: true })).toEqual([]);
    });

    it('catalogsFeedId: only with the CATALOG_SALES objective', () => {
      expect(adUrlQuery({ catalogsFeedId: '4' })).toEqual([]);
      expect(adUrlQuery({ catalogsFeedId: '4', objectiveType: 'CONSIDERATION' })).toEqual([['objectiveType', 'CONSIDERATION']]);
      expect(adUrlQuery({ catalogsFeedId: '4', objectiveType: 'CATALOG_SALES' })).toEqual([
        ['objectiveType', 'CATALOG_SALES'],
        ['catalogsFeedId', '4'],
      ]);
    });

    it.each(['objectiveType', 'catalogId', 'productGroupId', 'managedClientId', 'adGroupId', 'pinPromotionId', 'view', 'entity_level'] as const)(
      '%s: whenever given and not blank',
      (name) => {
        expect(adUrlQuery({ [name]: 'x1' })).toEqual([[name, 'x1']]);
        expect(adUrlQuery({ [name]: '' })).toEqual([]);
        expect(adUrlQuery({ [name]: null })).toEqual([]);
      },
    );

    it('resumeLastDraft: true only, as the word true', () => {
      expect(adUrlQuery({ resumeLastDraft: true })).toEqual([['resumeLastDraft', 'true']]);
      expect(adUrlQuery({ resumeLastDraft: false })).toEqual([]);
    });

    it('ids: comma-separated, blanks dropped, left out when empty', () => {
      expect(adUrlQuery({ ids: ['1', '', '2'] })).toEqual([['ids', '1,2']]);
      expect(adUrlQuery({ ids: [] })).toEqual([]);
      expect(adUrlQuery({ ids: null })).toEqual([]);
    });

    it("go on a built path in the spec's order, encoded, commas kept", () => {
      expect(
        consolePath('adsCreate', {
          advertiserId: ADVERTISER,
          params: {
            ids: ['3', '4'],
            entity_level: 'AD_GROUP',
            view: 'PERFORMANCE',
            pinPromotionId: '8',
            adGroupId: '7',
            resumeLastDraft: true,
            managedClientId: '6',
            productGroupId: '5',
            catalogId: 'cat alog',
            catalogsFeedId: '2',
            objectiveType: 'CATALOG_SALES',
            campaignId: '1',
            partialCreate: true,
          },
        }),
      ).toBe(
        `${PREFIX}/ads/create/?campaignId=1&objectiveType=CATALOG_SALES&catalogsFeedId=2&catalogId=cat%20alog&productGroupId=5&managedClientId=6&resumeLastDraft=true&adGroupId=7&pinPromotionId=8&view=PERFORMANCE&entity_level=AD_GROUP&ids=3,4`,
      );
      expect(consolePath('reportingCampaigns', { params: { entity_level: 'CAMPAIGN' } })).toBe('/reporting/campaigns/?entity_level=CAMPAIGN');
    });
  });

  it('builds the quick-promote billing link with its query', () => {
    expect(quickPromoteBillingPath(ADVERTISER, '31')).toBe(`${PREFIX}/billing/?campaign_id=31&objective_type=CLICKTHROUGH&is_quick_promote=true`);
  });

  describe('which page a path names', () => {
    it.each([...TABLE, ...WITH_PATH_PARAMS])('%s: %s, with and without its trailing slash', (page, path) => {
      expect(matchConsolePath(path)?.page).toBe(page);
      const other = path.endsWith('/') ? path.replace(/\/$/, '') : `${path}/`;
      expect(matchConsolePath(other)?.page).toBe(page);
    });

    it('reads the path parameters and ignores the query', () => {
      expect(matchConsolePath('/campaign-insights/7%208/product-group/5?view=x')).toEqual({ page: 'campaignInsightsProductGroup', path: { campaignId: '7 8', productGroupId: '5' } });
      expect(matchConsolePath('reporting/ads')).toEqual({ page: 'reportingAds', path: {} });
      expect(matchConsolePath('')).toEqual({ page: 'overview', path: {} });
    });

    it('names no page for a path the table lacks', () => {
      expect(matchConsolePath('/reporting/')).toBeNull();
      expect(matchConsolePath('/billing/order_lines/extra/')).toBeNull();
      expect(matchConsolePath('/campaign-insights/%E0%A4%A/')).toBeNull();
      expect(matchConsolePath('/nothing-here/')).toBeNull();
    });
  });

  it('offers the overview, reporting on campaigns, ad groups and ads, billing, its order lines and quick-promote; nothing else', () => {
    expect([...CONSOLE_OFFERED_PAGES]).toEqual(['overview', 'reportingCampaigns', 'reportingAdgroups', 'reportingAds', 'billing', 'billingOrderLines', 'quickPromote']);
    expect(CONSOLE_PAGE_NAMES.filter(isOfferedConsolePage)).toEqual([...CONSOLE_OFFERED_PAGES]);
  });

  it('lets no caller build a page the table lacks, nor leave out a path parameter (types)', () => {
    // @ts-expect-error: not a page of the table
    expect(() => consolePath('dashboard')).toThrow();
    // @ts-expect-error: the insights page needs its campaign id
    expect(() => consolePath('campaignInsights')).toThrow(/campaignId/);
    // @ts-expect-error: and the product-group page both
    expect(() => consolePath('campaignInsightsProductGroup', { path: { campaignId: '1' } })).toThrow(/productGroupId/);
  });
});
