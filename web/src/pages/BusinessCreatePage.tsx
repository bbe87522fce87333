import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeNextPath } from '@pinhive/contracts';
import { CreateAdvertiserForm } from '../advertisers/CreateAdvertiserForm';
import { useAdvertisers } from '../advertisers/queries';
import { BUSINESS_CREATE_PATH } from '../auth/BusinessLinks';
import { useViewer } from '../auth/viewer';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { LogoMark } from '../components/Logo';

/**
 * `/business/create`: a signed-in viewer creates an advertiser (then adds who may act for it on
 * the business access page); a visitor is told business accounts start from a personal one, and
 * signs up to come back here.
 *
 * It is also the business conversion route (saving-boards-ads.md section 2: 'Promote your Pin'
 * comes here with `next=/advertiser/quick_promote?pinId={id}`): with a same-origin `next`
 * (contracts' safeNextPath; anything else is ignored), a viewer who already has an advertiser
 * goes on to it at once, and one who creates an advertiser goes on to it afterwards.
 */
export function BusinessCreatePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params] = useSearchParams();
  const next = continuation(params.get('next'));
  const advertisers = useAdvertisers(viewer.status === 'authenticated' && next ? viewer.user.id : null);
  useDocumentTitle(viewer.status === 'authenticated' ? t('titles.businessCreate') : t('titles.business'));
  if (viewer.status === 'loading' || (next && viewer.status === 'authenticated' && advertisers.isPending)) {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('advertisers.loading')} />
      </div>
    );
  }
  if (viewer.status === 'authenticated') {
    if (next && advertisers.data && advertisers.data.length > 0) return <Navigate to={next} replace />;
    return (
      <div className="page page--business">
        {/* Keyed by the account: a switch to another one starts the form afresh. */}
        <CreateAdvertiserForm key={viewer.user.id} userId={viewer.user.id} next={next} />
      </div>
    );
  }
  return (
    <div className="page">
      <StatusView
        visual={<LogoMark size={48} />}
        title={t('business.title')}
        body={t('business.body')}
        action={
          <Link to={`/signup?next=${encodeURIComponent(next ? `${BUSINESS_CREATE_PATH}?${new URLSearchParams({ next }).toString()}` : BUSINESS_CREATE_PATH)}`} className="button button--primary">
            {t('business.cta')}
          </Link>
        }
      />
    </div>
  );
}

/** The same-origin `next` to go on to, or undefined (none, or one that would leave the site). */
function continuation(next: string | null): string | undefined {
  const safe = safeNextPath(next, '');
  return safe === '' ? undefined : safe;
}
