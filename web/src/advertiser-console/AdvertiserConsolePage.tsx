import { Suspense, useId } from 'react';
import { LoadFailedPage } from '../components/LoadFailedPage';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { advertiserIdSchema, consolePath, isOfferedConsolePage, matchConsolePath, type Advertiser, type ConsoleMatch, type OfferedConsolePage } from '@pinhive/contracts';
import { isNotFound } from '../api/client';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { BUSINESS_ACCESS_PATH } from '../advertisers/paths';
import { useAdvertiser } from '../advertisers/queries';
import { consolePages } from './consolePages';
import { NotOffered } from './NotOffered';
import { CONSOLE_NAV, offeredPath } from './sections';

/**
 * `/advertiser/{advertiserId}/*`: the advertiser console (saving-boards-ads.md section 2, its URL
 * table). The shell names the advertiser and lists the sections this product offers; the rest of
 * the address picks the page of the table: an offered one from the registry (consolePages.ts),
 * any other path of the table a plain statement that it is not offered. Only the advertiser's
 * owner and the people who act for it get past the shell's "not found or not yours".
 */
export function AdvertiserConsolePage() {
  const viewer = useViewer();
  const location = useLocation();
  const { advertiserId = '', '*': rest = '' } = useParams();
  const match = matchConsolePath(rest);

  // The table's id-less quick-promote entry, reached with an id: the advertiser's own quick-promote.
  if (match?.page === 'advertiserQuickPromote') return <Navigate to={`${consolePath('quickPromote', { advertiserId })}${location.search}`} replace />;
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (viewer.status === 'loading') return <Loading />;
  if (!advertiserIdSchema.safeParse(advertiserId).success) return <NotYours />;
  // Keyed by the account and the advertiser: a switch to another one starts afresh.
  return <Console key={`${viewer.user.id}:${advertiserId}`} userId={viewer.user.id} advertiserId={advertiserId} match={match} />;
}

function Loading() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.advertiserConsoleEntry'));
  return (
    <div className="page">
      <StatusView role="status" visual={<Spinner size="large" />} title={t('advertiserConsole.loading')} />
    </div>
  );
}

/** 404 from the ads service: it does not exist, or the viewer neither owns it nor acts for it (they are told apart for no one). */
function NotYours() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.advertiserConsoleEntry'));
  return (
    <div className="page">
      <StatusView
        visual={<span className="status-view__code" aria-hidden="true">404</span>}
        title={t('advertiserConsole.notFound.title')}
        body={t('advertiserConsole.notFound.body')}
        action={
          <Link to={BUSINESS_ACCESS_PATH} className="button button--primary">
            {t('advertiserConsole.notFound.cta')}
          </Link>
        }
      />
    </div>
  );
}

function Console({ userId, advertiserId, match }: { userId: string; advertiserId: string; match: ConsoleMatch | null }) {
  const { t } = useTranslation();
  const advertiser = useAdvertiser(userId, advertiserId);
  if (advertiser.isPending) return <Loading />;
  if (advertiser.isError) {
    if (isNotFound(advertiser.error)) return <NotYours />;
    return (
      <LoadFailedPage title={t('advertiserConsole.loadFailed')} onRetry={() => void advertiser.refetch()} />
    );
  }
  return <Shell advertiser={advertiser.data} match={match} />;
}

function Shell({ advertiser, match }: { advertiser: Advertiser; match: ConsoleMatch | null }) {
  const { t } = useTranslation();
  const navId = useId();
  const current = match?.page ?? null;
  const section = current ? t(`advertiserConsole.pages.${current}`) : t('advertiserConsole.unknownTitle');
  useDocumentTitle(t('titles.advertiserConsole', { section, advertiser: advertiser.name }));

  let content;
  if (match && isOfferedConsolePage(match.page)) {
    const Page = consolePages[match.page];
    content = <Page advertiser={advertiser} page={match.page} path={match.path} />;
  } else {
    content = <NotOffered page={current} advertiserId={advertiser.id} />;
  }

  return (
    <div className="page page--console">
      <div className="console">
        <header className="console__header">
          <p className="console__eyebrow">{t('advertiserConsole.eyebrow')}</p>
          <h1 className="console__title">{advertiser.name}</h1>
        </header>
        <div className="console__body">
          <nav className="console__nav" aria-label={t('advertiserConsole.nav')}>
            <ul className="console__nav-list">
              {CONSOLE_NAV.map((entry) =>
                'page' in entry ? (
                  <li key={entry.page}>
                    <NavItem page={entry.page} advertiserId={advertiser.id} current={current} />
                  </li>
                ) : (
                  <li key={entry.group}>
                    <span className="console__nav-group" id={`${navId}-${entry.group}`}>
                      {t(`advertiserConsole.${entry.group}`)}
                    </span>
                    <ul className="console__nav-list" aria-labelledby={`${navId}-${entry.group}`}>
                      {entry.pages.map((page) => (
                        <li key={page}>
                          <NavItem page={page} advertiserId={advertiser.id} current={current} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="console__content">
            <Suspense fallback={<Spinner size="large" label={t('advertiserConsole.loading')} />}>{content}</Suspense>
          </div>
        </div>
      </div>
    </div>
  );
}

/** A link of the navigation; the page shown is the current one (aria-current), whatever its slash. */
function NavItem({ page, advertiserId, current }: { page: OfferedConsolePage; advertiserId: string; current: string | null }) {
  const { t } = useTranslation();
  const here = page === current;
  return (
    <Link to={offeredPath(page, advertiserId)} className={`console__nav-link${here ? ' console__nav-link--current' : ''}`} aria-current={here ? 'page' : undefined}>
      {t(`advertiserConsole.pages.${page}`)}
    </Link>
  );
}
