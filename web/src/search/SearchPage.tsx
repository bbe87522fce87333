import { useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { scopeHasResults, searchOptionsFromUrl, searchPageMetaSchema, type SearchScope } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ColorFilter } from './ColorFilter';
import { asTypedPath, isPinScope, isSearchScope, searchErrorText, tabPath } from './paths';
import { isWarning, noticeToOpen } from './notice';
import { useSearch, useSearchAdvisory } from './queries';
import { SearchNoticeBox, SearchNoticeDialog } from './SearchNotice';
import { SearchResults } from './SearchResults';
import { SearchState } from './SearchState';
import { SearchTabs } from './SearchTabs';

/**
 * `/search/:scope/?q=…`: the results of a search (BaseSearchResource), with the scope tabs and, for
 * pins, the colour chips. A scope the spec names but this product has nothing of (videos...)
 * says so; any other word in the path is the pins scope. Above the results, the query it searched
 * when it corrected a typo, and the query's advisory notice (SearchAdvisoryResource), if it has one.
 */
export function SearchPage() {
  const { scope } = useParams();
  const { search } = useLocation();
  if (!isSearchScope(scope)) return <Navigate replace to={`/search/pins/${search}`} />;
  return <SearchView scope={scope} />;
}

function SearchView({ scope }: { scope: SearchScope }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const viewer = useViewer();
  const paramsText = params.toString();
  const options = useMemo(() => searchOptionsFromUrl(scope, new URLSearchParams(paramsText)), [scope, paramsText]);
  const query = options.query;
  const signedIn = viewer.status === 'authenticated';
  const needsLogin = scope === 'my_pins' && viewer.status === 'anonymous';
  const searchable = query !== '' && scopeHasResults(scope) && viewer.status !== 'loading' && !needsLogin;
  const results = useSearch(options, signedIn ? viewer.user.id : null, searchable);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  // Results of the words most like a typo, when the query as typed found nothing: said, with a
  // way to search as typed.
  const corrected = searchPageMetaSchema.safeParse(results.data?.pages[0]?.meta ?? {}).data?.corrected_query;
  const waiting = query !== '' && scopeHasResults(scope) && !needsLogin && (viewer.status === 'loading' || results.isPending);
  useDocumentTitle(query ? t('titles.search', { query }) : t('titles.searchEmpty'));

  // The advisory: its notices above the results (a failure shows none), and the notice in the
  // modal, opened at once for emotional distress or suicide, once per query the page opens with
  // (moving between tabs keeps the query and does not open it again).
  const advisory = useSearchAdvisory(query);
  const sensitivity = query ? (advisory.data ?? null) : null;
  const [openNotice, setOpenNotice] = useState<{ query: string; index: number } | null>(null);
  const [autoOpenedFor, setAutoOpenedFor] = useState<string | null>(null);
  const first = noticeToOpen(sensitivity);
  if (first !== null && autoOpenedFor !== query) {
    // Set while rendering (React's "state from a change"), so the modal comes with the notice.
    setAutoOpenedFor(query);
    setOpenNotice({ query, index: first });
  }
  const dialogNotice = openNotice?.query === query ? sensitivity?.notices[openNotice.index] : undefined;

  let body: ReactNode = null;
  let status = '';
  if (!query) {
    body = <SearchState title={t('search.noQuery')} body={t('search.noQueryHint')} />;
  } else if (!scopeHasResults(scope)) {
    body = (
      <SearchState
        title={t(`search.none.${scope as 'buyable_pins' | 'videos' | 'idea_pins' | 'my_content'}`)}
        action={
          <Link to={tabPath(signedIn && scope === 'my_content' ? 'my_pins' : 'pins', params)} className="button button--secondary">
            {signedIn && scope === 'my_content' ? t('search.searchYourPins') : t('search.searchPins')}
          </Link>
        }
      />
    );
  } else if (needsLogin) {
    body = (
      <SearchState
        title={t('search.logInForYourPins')}
        action={
          <Link to={`/login?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`} className="button button--primary">
            {t('common.logIn')}
          </Link>
        }
      />
    );
  } else if (waiting) {
    status = t('search.searching', { query });
  } else if (results.isError && items.length === 0) {
    body = (
      <SearchState
        role="alert"
        title={t('search.failed')}
        body={searchErrorText(results.error, t('errors.generic'))}
        action={
          <button type="button" className="button button--secondary" onClick={() => void results.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      />
    );
  } else if (items.length === 0 && !results.hasNextPage) {
    status = t('search.count', { count: 0 });
    body = <SearchState title={t('search.empty', { query })} body={isPinScope(scope) && params.has('colors') ? t('search.emptyColorsHint') : t('search.emptyHint')} />;
  } else {
    status = results.hasNextPage ? t('search.countMore', { count: items.length }) : t('search.count', { count: items.length });
    body = (
      <>
        {items.length === 0 ? <SearchState title={t('search.keepLooking')} /> : null}
        <SearchResults pages={results.data?.pages ?? []} label={t('search.resultsLabel', { query })} more={results} anonymous={!signedIn} />
      </>
    );
  }

  return (
    <div className="page page--search">
      <header className="search-header">
        <h1 className="search-header__title">{query ? t('search.title', { query }) : t('search.titleEmpty')}</h1>
        <p className="search-header__status" role="status">
          {status}
        </p>
      </header>
      <SearchTabs scope={scope} signedIn={signedIn} />
      {query && isPinScope(scope) && scopeHasResults(scope) ? <ColorFilter /> : null}
      {corrected && items.length > 0 ? (
        <p className="search-correction">
          {t('search.correctedTo', { query: corrected })}{' '}
          <Link to={asTypedPath(scope, params)} className="search-correction__as-typed">
            {t('search.searchAsTyped', { query })}
          </Link>
        </p>
      ) : null}
      {sensitivity?.notices.map((notice, index) => (
        <SearchNoticeBox key={index} notice={notice} warning={isWarning(sensitivity)} onOpen={() => setOpenNotice({ query, index })} />
      ))}
      {body}
      {sensitivity && dialogNotice ? <SearchNoticeDialog notice={dialogNotice} warning={isWarning(sensitivity)} onClose={() => setOpenNotice(null)} /> : null}
      {waiting ? <LoadingOverlay label={t('search.searching', { query })} /> : null}
    </div>
  );
}
