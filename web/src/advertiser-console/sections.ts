import { consolePath, type OfferedConsolePage } from '@pinhive/contracts';

/*
 * The console's navigation: the sections this product offers (CONSOLE_OFFERED_PAGES in
 * contracts), grouped as the console reads them. Every link is built by the contracts' builder.
 */

/** One entry of the navigation: a page, or a labelled group of pages. */
export type ConsoleNavEntry = { page: OfferedConsolePage } | { group: 'reporting' | 'billingGroup'; pages: readonly OfferedConsolePage[] };

export const CONSOLE_NAV: readonly ConsoleNavEntry[] = [
  { page: 'overview' },
  { group: 'reporting', pages: ['reportingCampaigns', 'reportingAdgroups', 'reportingAds'] },
  { group: 'billingGroup', pages: ['billing', 'billingOrderLines'] },
  { page: 'quickPromote' },
];

/** The path of an offered page of one advertiser's console. */
export const offeredPath = (page: OfferedConsolePage, advertiserId: string): string => consolePath(page, { advertiserId });
