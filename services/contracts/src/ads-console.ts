/*
 * The advertiser console's addresses (saving-boards-ads.md section 2, "Advertiser console URL
 * table" and the quick-promote billing link; section 6: "URLs take an advertiser id prefix").
 * One pure builder for every path of the table, so that the web app, the README and the tests
 * read the same table and no caller writes a console path by hand. The spec leaves the keyword
 * and search-query reporting paths unnamed: ours, in docs/decisions/advertiser-console.md.
 */

/**
 * Every page of the table and its path, as the spec writes it (trailing slash and all:
 * `/product-catalogs/data-source` and the product-group insights have none). `{name}` is a path
 * parameter the caller must give.
 */
export const CONSOLE_PAGES = {
  overview: '/',
  reportingCampaigns: '/reporting/campaigns/',
  reportingAdgroups: '/reporting/adgroups/',
  reportingAds: '/reporting/ads/',
  reportingProductgroups: '/reporting/productgroups/',
  reportingProductitems: '/reporting/productitems/',
  reportingKeywords: '/reporting/keywords/',
  reportingSearchQueries: '/reporting/search_queries/',
  adsCreate: '/ads/create/',
  automatedAdsCreate: '/automated/ads/create/',
  adsCampaignMode: '/ads/campaign_mode/',
  adsEdit: '/ads/edit/',
  automatedAdsEdit: '/automated/ads/edit/',
  adsEditDraft: '/ads/edit_draft/',
  adsDuplicate: '/ads/duplicate/',
  adsBulkEdit: '/ads/bulk_edit/',
  audiences: '/audiences/',
  audienceDebug: '/audience_debug/',
  billing: '/billing/',
  billingHistory: '/billing/history/',
  billingOrderLines: '/billing/order_lines/',
  billingPromotions: '/billing/promotions/',
  billingDocuments: '/billing/documents/',
  billingTaxDocuments: '/billing/tax_documents/',
  billingPrepaidCampaignSpendSummary: '/billing/prepaid_campaign_spend_summary/',
  billingPrepaidSpendCampaignBreakdown: '/billing/prepaid_spend_campaign_breakdown/',
  bulkEditor: '/bulk_editor/',
  bulkEditorUploadTemplate: '/bulk_editor/upload_template/',
  bulkEditorDownloadTemplate: '/bulk_editor/download_template/',
  bulkEditorHistory: '/bulk_editor/history/',
  bulkEditorBulkIdLibrary: '/bulk_editor/bulk_id_library/',
  bulkEditorResources: '/bulk_editor/resources/',
  history: '/history/',
  conversions: '/conversions/',
  conversionsEventsOverview: '/conversions/events-overview/',
  conversionsEventHistory: '/conversions/event-history/',
  conversionsHealth: '/conversions/health/',
  conversionsTestEvents: '/conversions/test-events/',
  conversionsTag: '/conversions/tag/',
  conversionsTagManualSetup: '/conversions/tag_manual_setup/',
  conversionsTagHealth: '/conversions/tag-health/',
  conversionsUpload: '/conversions/upload/',
  conversionsHistory: '/conversions/history/',
  conversionsPcaHistory: '/conversions/pca_history/',
  conversionsPcaUpload: '/conversions/pca_upload/',
  conversionsApiManualSetup: '/conversions/api_manual_setup/',
  conversionsApiPartnerSetup: '/conversions/api_partner_setup/',
  conversionsAccessToken: '/conversions/access_token/',
  conversionsSetupApi: '/conversions/setup-api/',
  conversionsDeduplication: '/conversions/deduplication/',
  conversionsPayloadHelper: '/conversions/payload-helper/',
  conversionsPinterestCapiConnect: '/conversions/pinterest_capi_connect/',
  pinBuilder: '/pin-builder/',
  accountsManager: '/accounts_manager/',
  reportingPreferences: '/reporting/preferences/',
  reportCenter: '/report-center/',
  reportCenterBuilder: '/report-center/builder/',
  reportCenterHistory: '/report-center/history/',
  reportCenterUnsubscribe: '/report-center/unsubscribe/',
  reportCenterDownload: '/report-center/download/',
  quickPromote: '/quick-promote/',
  advertiserQuickPromote: '/advertiser/quick-promote/',
  recommendations: '/recommendations/',
  productCatalogsDataSource: '/product-catalogs/data-source',
  campaignInsights: '/campaign-insights/{campaignId}/',
  campaignInsightsProductGroup: '/campaign-insights/{campaignId}/product-group/{productGroupId}',
  mediaPlanner: '/media_planner/',
  msotOptimizer: '/msot-optimizer/',
} as const;

/** A page of the console URL table: nothing else can be built. */
export type ConsolePage = keyof typeof CONSOLE_PAGES;
export const CONSOLE_PAGE_NAMES = Object.keys(CONSOLE_PAGES) as ConsolePage[];

/** The `{name}`s of a path pattern. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;
/** The path parameters a page needs (`never` for most). */
export type ConsolePathParams<P extends ConsolePage> = Record<PathParamNames<(typeof CONSOLE_PAGES)[P]>, string>;
/** The pages whose path has parameters (`/campaign-insights/{campaignId}/`...). */
export type ParameterisedConsolePage = { [P in ConsolePage]: [PathParamNames<(typeof CONSOLE_PAGES)[P]>] extends [never] ? never : P }[ConsolePage];
/** The pages built from their name alone. */
export type PlainConsolePage = Exclude<ConsolePage, ParameterisedConsolePage>;

/**
 * Pages this product has data for (issue 25): the overview, reporting on campaigns, ad groups and
 * ads, billing (the billing profile and `order_lines` from spend) and quick-promote. Every other
 * page of the table opens the console shell with a plain statement that it is not offered.
 */
export const CONSOLE_OFFERED_PAGES = [
  'overview',
  'reportingCampaigns',
  'reportingAdgroups',
  'reportingAds',
  'billing',
  'billingOrderLines',
  'quickPromote',
] as const satisfies readonly ConsolePage[];
export type OfferedConsolePage = (typeof CONSOLE_OFFERED_PAGES)[number];

export const isOfferedConsolePage = (page: ConsolePage): page is OfferedConsolePage => (CONSOLE_OFFERED_PAGES as readonly ConsolePage[]).includes(page);

/** The one objective type whose links carry a catalogs feed id. */
const CATALOG_SALES = 'CATALOG_SALES';

/**
 * The ad URL parameters (section 2), in the spec's order and with its names. Blank values are
 * left out, like absent ones.
 */
export interface AdUrlParams {
  /** Only sent for a partial create (an ad group made inside an existing campaign). */
  campaignId?: string | null;
  /** Says the create is partial: without it `campaignId` is left out. */
  partialCreate?: boolean;
  objectiveType?: string | null;
  /** Only sent when `objectiveType` is CATALOG_SALES. */
  catalogsFeedId?: string | null;
  catalogId?: string | null;
  productGroupId?: string | null;
  /** Selects a managed account. */
  managedClientId?: string | null;
  /** Sent as `resumeLastDraft=true` when true, left out otherwise. */
  resumeLastDraft?: boolean;
  adGroupId?: string | null;
  pinPromotionId?: string | null;
  view?: string | null;
  entity_level?: string | null;
  /** Sent comma-separated; left out when empty. */
  ids?: readonly string[] | null;
}

export interface ConsolePathOptions {
  /** The `/advertiser/{advertiserId}` prefix goes on when this is known (non-blank). */
  advertiserId?: string | null;
  params?: AdUrlParams;
}

type OptionsFor<P extends ConsolePage> = [PathParamNames<(typeof CONSOLE_PAGES)[P]>] extends [never]
  ? [options?: ConsolePathOptions]
  : [options: ConsolePathOptions & { path: ConsolePathParams<P> }];

const given = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The query pairs of the ad URL parameters, by the spec's inclusion rules, in its order. */
export function adUrlQuery(params: AdUrlParams = {}): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (name: string, value: string | null | undefined) => {
    if (given(value)) pairs.push([name, value]);
  };
  if (params.partialCreate === true) add('campaignId', params.campaignId);
  add('objectiveType', params.objectiveType);
  if (params.objectiveType === CATALOG_SALES) add('catalogsFeedId', params.catalogsFeedId);
  add('catalogId', params.catalogId);
  add('productGroupId', params.productGroupId);
  add('managedClientId', params.managedClientId);
  if (params.resumeLastDraft === true) pairs.push(['resumeLastDraft', 'true']);
  add('adGroupId', params.adGroupId);
  add('pinPromotionId', params.pinPromotionId);
  add('view', params.view);
  add('entity_level', params.entity_level);
  const ids = (params.ids ?? []).filter(given);
  if (ids.length > 0) pairs.push(['ids', ids.join(',')]);
  return pairs;
}

// Commas stay readable: `ids` is a comma-separated list.
const queryString = (pairs: readonly [string, string][]): string =>
  pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replaceAll('%2C', ',')}`).join('&')}`;

/** `/advertiser/{advertiserId}`, or nothing when no advertiser is known. */
export const consolePrefix = (advertiserId: string | null | undefined): string => (given(advertiserId) ? `/advertiser/${encodeURIComponent(advertiserId.trim())}` : '');

/**
 * The path of one console page: `/advertiser/{advertiserId}` + the table's path (its `{name}`s
 * filled in) + the ad URL parameters that apply. Pages with path parameters need `path`.
 */
export function consolePath<P extends ConsolePage>(page: P, ...[options]: OptionsFor<P>): string {
  const pattern: string = CONSOLE_PAGES[page];
  const values: Record<string, string> = options && 'path' in options ? options.path : {};
  const path = pattern.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (!given(value)) throw new Error(`consolePath(${page}): the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
  return `${consolePrefix(options?.advertiserId)}${path}${queryString(adUrlQuery(options?.params))}`;
}

/**
 * The quick-promote screens' billing link (section 2): the advertiser's billing page with
 * `campaign_id`, `objective_type=CLICKTHROUGH` and `is_quick_promote=true`.
 */
export function quickPromoteBillingPath(advertiserId: string, campaignId: string): string {
  return `${consolePath('billing', { advertiserId })}${queryString([
    ['campaign_id', campaignId],
    ['objective_type', 'CLICKTHROUGH'],
    ['is_quick_promote', 'true'],
  ])}`;
}

/** Which page of the table a path is (with or without its trailing slash), and its path parameters. */
export interface ConsoleMatch {
  page: ConsolePage;
  path: Record<string, string>;
}

const MATCHERS = CONSOLE_PAGE_NAMES.map((page) => {
  const names: string[] = [];
  const body = CONSOLE_PAGES[page]
    .replace(/\/$/, '')
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { page, names, pattern: new RegExp(`^${body}/?$`) };
});

/**
 * The page of the table a path after the `/advertiser/{advertiserId}` prefix names (`/` or `` for
 * the overview), or null when the table has no such page. The query is ignored.
 */
export function matchConsolePath(pathAfterPrefix: string): ConsoleMatch | null {
  const bare = pathAfterPrefix.split(/[?#]/)[0] ?? '';
  const path = bare.startsWith('/') ? bare : `/${bare}`;
  for (const { page, names, pattern } of MATCHERS) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
    } catch {
      return null; // a malformed escape (`%E0%A4%A`) names no page
    }
    return { page, path: params };
  }
  return null;
}
