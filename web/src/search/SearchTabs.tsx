import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchScope } from '@pinhive/contracts';
import { SEARCH_TABS, tabPath } from './paths';

/**
 * What the search looks through: Pins, Boards, People and, for a signed-in person, Your Pins.
 * Links (each tab is an address), the open one marked `aria-current="page"`.
 */
export function SearchTabs({ scope, signedIn }: { scope: SearchScope; signedIn: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tabs = SEARCH_TABS.filter((tab) => tab !== 'my_pins' || signedIn);
  return (
    <nav className="search-tabs" aria-label={t('search.tabs.label')}>
      <ul className="search-tabs__list">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link to={tabPath(tab, params)} className="search-tabs__tab" aria-current={tab === scope ? 'page' : undefined}>
              {t(`search.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
