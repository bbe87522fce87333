import { useNavigate, useSearchParams } from 'react-router';
import { consolePath } from '@pinhive/contracts';
import type { ConsolePageProps } from '../advertiser-console/consolePages';
import { pinIdParam } from './paths';
import { QuickPromoteFlow } from './QuickPromoteFlow';

/**
 * The console's `/advertiser/{id}/quick-promote/` (`?pinId=` optional): the same flow as
 * `/advertiser/quick_promote`, for the console's advertiser; it ends on the campaigns' report.
 */
export function ConsoleQuickPromote({ advertiser }: ConsolePageProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <QuickPromoteFlow
      key={advertiser.id}
      advertiserId={advertiser.id}
      advertiserName={advertiser.name}
      pinId={pinIdParam(params.get('pinId'))}
      onPinChosen={(chosen) => setParams({ pinId: chosen }, { replace: true })}
      onFinish={() => void navigate(consolePath('reportingCampaigns', { advertiserId: advertiser.id }))}
    />
  );
}
