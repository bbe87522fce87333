import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadFailedPage } from '../components/LoadFailedPage';
import { useTranslation } from 'react-i18next';
import { useActingAs } from '../advertisers/actingContext';
import { useAdvertisers } from '../advertisers/queries';
import { loginPathFor } from '../auth/targets';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { BUSINESS_CONVERSION_PATH, pinHref } from '../saving/success';
import { promotingAdvertiser } from './advertiser';
import { pinIdParam, quickPromotePath } from './paths';
import { QuickPromoteFlow } from './QuickPromoteFlow';

/**
 * `/advertiser/quick_promote?pinId=`: the quick-promote flow for the viewer's advertiser. A
 * visitor logs in first; a viewer with no advertiser goes through the business conversion route,
 * which comes back here once they have one.
 */
export function QuickPromotePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const acting = useActingAs();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const pinId = pinIdParam(params.get('pinId'));
  const list = useAdvertisers(viewer.status === 'authenticated' ? viewer.user.id : null);
  useDocumentTitle(t('titles.quickPromote'));

  const here = quickPromotePath(pinId);
  if (viewer.status === 'anonymous') return <Navigate to={loginPathFor(here)} replace />;
  if (viewer.status === 'loading' || (list.isPending && !acting.advertiser)) {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('quickPromote.loading')} />
      </div>
    );
  }
  if (list.isError && !acting.advertiser) {
    return (
      <LoadFailedPage title={t('quickPromote.loadFailed')} onRetry={() => void list.refetch()} />
    );
  }
  const advertiser = promotingAdvertiser(acting.advertiser, list.data ?? []);
  if (!advertiser) return <Navigate to={`${BUSINESS_CONVERSION_PATH}?${new URLSearchParams({ next: here }).toString()}`} replace />;

  return (
    <QuickPromoteFlow
      // A change of advertiser (the account menu) starts the flow afresh.
      key={`${viewer.user.id}.${advertiser.id}`}
      advertiserId={advertiser.id}
      advertiserName={advertiser.name}
      pinId={pinId}
      onPinChosen={(chosen) => setParams({ pinId: chosen }, { replace: true })}
      onFinish={(promotion) => void navigate(promotion ? pinHref(promotion.pin_id) : '/')}
    />
  );
}
