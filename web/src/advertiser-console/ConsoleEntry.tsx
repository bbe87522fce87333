import { Link, Navigate, useLocation } from 'react-router';
import { LoadFailedPage } from '../components/LoadFailedPage';
import { useTranslation } from 'react-i18next';
import { consolePath, type Advertiser } from '@pinhive/contracts';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useActingAs } from '../advertisers/actingContext';
import { BUSINESS_CREATE_PATH } from '../advertisers/paths';
import { useAdvertisers } from '../advertisers/queries';

/** Where an id-less console address leads, once the advertiser is known. */
type EntryTarget = 'overview' | 'quickPromote';

/**
 * `/advertiser/`: the console without an advertiser id ("the ads-site root requires an
 * advertiser", spec section 6). It goes on to the advertiser the viewer acts for, or their only
 * one, or lets them choose; the query goes along.
 */
export function ConsoleEntryPage() {
  return <ConsoleEntry target="overview" />;
}

/**
 * `/advertiser/quick-promote/` (the table's id-less quick-promote) and `/advertiser/quick_promote`
 * (where the saved-pin dialog's 'Promote your Pin' leads, with `pinId`): the quick-promote page of
 * the advertiser, chosen as for the console.
 */
export function QuickPromoteEntryPage() {
  return <ConsoleEntry target="quickPromote" />;
}

function ConsoleEntry({ target }: { target: EntryTarget }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  useDocumentTitle(t('titles.advertiserConsoleEntry'));
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (viewer.status === 'loading') return <Waiting />;
  return <Chooser key={viewer.user.id} userId={viewer.user.id} target={target} search={location.search} />;
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StatusView role="status" visual={<Spinner size="large" />} title={t('advertiserConsole.choose.loading')} />
    </div>
  );
}

function Chooser({ userId, target, search }: { userId: string; target: EntryTarget; search: string }) {
  const { t } = useTranslation();
  const list = useAdvertisers(userId);
  const acting = useActingAs();
  const to = (advertiser: Advertiser) => `${consolePath(target, { advertiserId: advertiser.id })}${search}`;

  if (list.isPending) return <Waiting />;
  if (list.isError) {
    return (
      <LoadFailedPage title={t('advertisers.access.loadFailed')} onRetry={() => void list.refetch()} />
    );
  }
  const advertisers = list.data;
  const chosen = advertisers.find((advertiser) => advertiser.id === acting.advertiser?.id) ?? (advertisers.length === 1 ? advertisers[0] : undefined);
  if (chosen) return <Navigate to={to(chosen)} replace />;
  if (advertisers.length === 0) {
    return (
      <div className="page">
        <StatusView
          title={t('advertiserConsole.choose.none')}
          action={
            <Link to={BUSINESS_CREATE_PATH} className="button button--primary">
              {t('advertiserConsole.choose.create')}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="page page--console">
      <div className="console console--choose">
        <h1 className="console__title">{t('advertiserConsole.choose.title')}</h1>
        <p className="console__text">{t('advertiserConsole.choose.intro')}</p>
        <ul className="console__cards">
          {advertisers.map((advertiser) => (
            <li key={advertiser.id} className="console__card">
              <Link to={to(advertiser)} className="console__card-link">
                {advertiser.name}
              </Link>
              <p className="console__card-hint">{advertiser.role === 'owner' ? t('advertiserConsole.overview.owner') : t('advertiserConsole.overview.member')}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
