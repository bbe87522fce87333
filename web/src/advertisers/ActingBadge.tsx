import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActingAs } from './actingContext';
import { BUSINESS_ACCESS_PATH } from './paths';

/**
 * The top bar says whom the viewer acts for, so that a board made for an advertiser is never a
 * surprise; it links to the business access page. Nothing while they act as themself.
 */
export function ActingBadge() {
  const { t } = useTranslation();
  const { advertiser } = useActingAs();
  if (!advertiser) return null;
  const text = t('advertisers.actingFor', { name: advertiser.name });
  return (
    // The title shows the whole name where the badge cuts it short.
    <Link to={BUSINESS_ACCESS_PATH} className="acting-badge" title={text}>
      <svg className="acting-badge__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M4 7h16v12H4zM9 7V5h6v2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="acting-badge__text">{text}</span>
    </Link>
  );
}
