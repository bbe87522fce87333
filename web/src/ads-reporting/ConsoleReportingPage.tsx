import type { ReportLevel } from '@pinhive/contracts';
import type { ConsolePageProps } from '../advertiser-console/consolePages';
import { ReportingPage } from './ReportingPage';

const LEVELS = { reportingCampaigns: 'campaigns', reportingAdgroups: 'adgroups', reportingAds: 'ads' } as const satisfies Record<string, ReportLevel>;

/**
 * The reporting page as the console shell's registry takes it (advertiser-console/consolePages.ts):
 * `reportingCampaigns`, `reportingAdgroups` and `reportingAds` each show their level.
 */
export function ConsoleReportingPage({ advertiser, page }: ConsolePageProps) {
  const level: ReportLevel = page in LEVELS ? LEVELS[page as keyof typeof LEVELS] : 'campaigns';
  return <ReportingPage key={`${advertiser.id}:${level}`} advertiserId={advertiser.id} level={level} />;
}
