import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsolePage } from '@pinhive/contracts';
import { offeredPath } from './sections';

/**
 * A path of the console URL table this product does not offer (or, with no page, one the table
 * lacks): the shell stays, with a plain statement and the way back to the overview.
 */
export function NotOffered({ page, advertiserId }: { page: ConsolePage | null; advertiserId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="console__heading">{page ? t(`advertiserConsole.pages.${page}`) : t('advertiserConsole.unknownTitle')}</h2>
      <p className="console__text">{page ? t('advertiserConsole.notOffered') : t('advertiserConsole.unknown')}</p>
      <p className="console__text">
        <Link to={offeredPath('overview', advertiserId)} className="text-link">
          {t('advertiserConsole.toOverview')}
        </Link>
      </p>
    </>
  );
}
