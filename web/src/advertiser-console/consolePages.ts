import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Advertiser, ConsolePage, OfferedConsolePage } from '@pinhive/contracts';

/** What every console page is given by the shell. */
export interface ConsolePageProps {
  /** The advertiser whose console it is (the viewer owns it or acts for it). */
  advertiser: Advertiser;
  /** The page of the URL table the address names. */
  page: ConsolePage;
  /** Its path parameters (none for the offered pages today). */
  path: Readonly<Record<string, string>>;
}

type ConsolePageComponent = LazyExoticComponent<ComponentType<ConsolePageProps>>;

const reporting: ConsolePageComponent = lazy(() => import('../ads-reporting/ConsoleReportingPage').then((m) => ({ default: m.ConsoleReportingPage })));

/**
 * The page component of each offered section, loaded on demand: reporting (web/src/ads-reporting,
 * one page for the three levels), billing and order lines (web/src/ads-billing), quick-promote
 * (web/src/quick-promote).
 */
export const consolePages: Record<OfferedConsolePage, ConsolePageComponent> = {
  overview: lazy(() => import('./ConsoleOverview').then((m) => ({ default: m.ConsoleOverview }))),
  reportingCampaigns: reporting,
  reportingAdgroups: reporting,
  reportingAds: reporting,
  billing: lazy(() => import('../ads-billing/BillingPage').then((m) => ({ default: m.BillingPage }))),
  billingOrderLines: lazy(() => import('../ads-billing/OrderLinesPage').then((m) => ({ default: m.OrderLinesPage }))),
  quickPromote: lazy(() => import('../quick-promote/ConsoleQuickPromote').then((m) => ({ default: m.ConsoleQuickPromote }))),
};
