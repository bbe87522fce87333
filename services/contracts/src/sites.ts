/*
 * The product's sites (saving-boards-ads.md sections 6 and 9: "Sites are told apart by a site
 * identifier"; "Site ids: www 0, phone/tablet 1, sterling 3, ..."). Sterling is the advertiser
 * console; this web app serves it under `/advertiser/` beside the main site.
 */

export const SITE_IDS = {
  www: 0,
  phoneTablet: 1,
  sterling: 3,
  analytics: 4,
  business: 6,
  trends: 7,
  trendsInternal: 8,
  commerceApp: 10,
  creators: 11,
  planningHub: 12,
  newsroom: 13,
} as const;
export type SiteId = (typeof SITE_IDS)[keyof typeof SITE_IDS];

/** The console's own paths: `/advertiser` and everything under it. */
const CONSOLE_PATH = /^\/advertiser(?:\/|$)/;

/**
 * The site a page of this web app belongs to: the console's paths are sterling's (3), every
 * other page the main site's (0). The app has no separate phone, analytics or business sites.
 */
export function siteIdOfPath(pathname: string): SiteId {
  return CONSOLE_PATH.test(pathname) ? SITE_IDS.sterling : SITE_IDS.www;
}
