import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreateAdvertiserForm } from '../advertisers/CreateAdvertiserForm';
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
 */
export function BusinessCreatePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  useDocumentTitle(viewer.status === 'authenticated' ? t('titles.businessCreate') : t('titles.business'));
  if (viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('advertisers.loading')} />
      </div>
    );
  }
  if (viewer.status === 'authenticated') {
    return (
      <div className="page page--business">
        {/* Keyed by the account: a switch to another one starts the form afresh. */}
        <CreateAdvertiserForm key={viewer.user.id} userId={viewer.user.id} />
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
          <Link to={`/signup?next=${encodeURIComponent(BUSINESS_CREATE_PATH)}`} className="button button--primary">
            {t('business.cta')}
          </Link>
        }
      />
    </div>
  );
}
