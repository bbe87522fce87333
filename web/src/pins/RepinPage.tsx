import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../api/client';
import { useAuthModal } from '../auth/authModalContext';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RepinModal } from '../saving/RepinModal';
import { pinHref } from '../saving/success';
import { SuccessDialog } from '../saving/SuccessDialog';
import type { SaveResult } from '../saving/useSave';
import { PinCloseup } from './PinPage';
import { usePin } from './usePin';

/**
 * `/pin/:id/repin/x/`: the close-up with the board picker open over it, saving the existing pin
 * (RepinResource); the success dialog follows. Closing the picker leaves the close-up.
 */
export function RepinPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const auth = useAuthModal();
  const query = usePin(id);
  const [picking, setPicking] = useState(true);
  const [saved, setSaved] = useState<SaveResult | null>(null);
  const asked = useRef(false);
  useDocumentTitle(t('titles.save'));
  const pinData = query.data;

  // A visitor gets the login-required prompt once; logged in, the picker opens (picking stays on).
  useEffect(() => {
    if (viewer.status !== 'anonymous' || !pinData || asked.current) return;
    asked.current = true;
    auth.requireLogin({ action: 'save', visual: { kind: 'image', src: pinData.images['236x'].url, alt: '', dominantColor: pinData.dominant_color } });
  }, [viewer.status, pinData, auth]);

  if (!/^\d{1,24}$/.test(id) || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isError) return <Navigate to={pinHref(id)} replace />;
  if (!query.data || viewer.status === 'loading') {
    return (
      <div className="page">
        <StatusView role="status" visual={<Spinner size="large" />} title={t('pins.loading')} />
      </div>
    );
  }
  const pin = query.data;
  const leave = () => void navigate(pinHref(id), { replace: true });

  return (
    <>
      <PinCloseup pin={pin} />
      {viewer.status === 'authenticated' && picking ? (
        <RepinModal
          target={{ kind: 'repin', pin }}
          onClose={leave}
          onSaved={(result) => {
            setPicking(false);
            setSaved(result);
          }}
        />
      ) : null}
      {saved ? <SuccessDialog result={saved} onClose={leave} /> : null}
    </>
  );
}
