import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OfferedConsolePage } from '@pinhive/contracts';
import { businessAccessPath } from '../advertisers/paths';
import type { ConsolePageProps } from './consolePages';
import { offeredPath } from './sections';

const SECTIONS: readonly { page: OfferedConsolePage; hint: 'reportingHint' | 'billingHint' | 'quickPromoteHint' }[] = [
  { page: 'reportingCampaigns', hint: 'reportingHint' },
  { page: 'billing', hint: 'billingHint' },
  { page: 'quickPromote', hint: 'quickPromoteHint' },
];

/** `/advertiser/{id}/`: the advertiser, the viewer's role in it, and the sections to go to. */
export function ConsoleOverview({ advertiser }: ConsolePageProps) {
  const { t } = useTranslation();
  const owner = advertiser.role === 'owner';
  return (
    <>
      <h2 className="console__heading">{t('advertiserConsole.pages.overview')}</h2>
      <dl className="console__facts">
        <div>
          <dt>{t('advertiserConsole.overview.role')}</dt>
          <dd>{owner ? t('advertiserConsole.overview.owner') : t('advertiserConsole.overview.member')}</dd>
        </div>
        <div>
          <dt>{t('advertiserConsole.overview.peopleTitle')}</dt>
          <dd>
            <Link to={businessAccessPath(advertiser.id)} className="text-link">
              {t('advertiserConsole.overview.people', { count: advertiser.member_count })}
            </Link>
          </dd>
        </div>
      </dl>
      <h3 className="console__subheading">{t('advertiserConsole.overview.sections')}</h3>
      <ul className="console__cards">
        {SECTIONS.map(({ page, hint }) => (
          <li key={page} className="console__card">
            <Link to={offeredPath(page, advertiser.id)} className="console__card-link">
              {page === 'reportingCampaigns' ? t('advertiserConsole.reporting') : t(`advertiserConsole.pages.${page}`)}
            </Link>
            <p className="console__card-hint">{t(`advertiserConsole.overview.${hint}`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
