import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pin, Promotion } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { usePin } from '../pins/usePin';
import { PinSelectionModal } from './PinSelectionModal';
import { PromoteEditor } from './PromoteEditor';
import { useAdvertiserProfile } from './queries';

export interface QuickPromoteFlowProps {
  /** The advertiser the pin is promoted for (the route's choice, or the console's path). */
  advertiserId: string;
  advertiserName?: string | undefined;
  /** The pin to promote; without one the flow opens on PIN_SELECTION_MODAL. */
  pinId: string | null;
  /** A pin was chosen in the selection modal (the route keeps it in the address). */
  onPinChosen?: (pinId: string) => void;
  /** The flow ended: Done after the promotion, or the selection closed without a pin (null). */
  onFinish: (promotion: Promotion | null) => void;
}

/**
 * The quick-promote flow (saving-boards-ads.md sections 2, 4 and 8): PIN_SELECTION_MODAL when no
 * pin is given, then QUICK_PROMOTE_PAGE with its dialogs (PromoteEditor). Mounted by
 * `/advertiser/quick_promote?pinId=` and by the console's `/advertiser/{id}/quick-promote/`.
 */
export function QuickPromoteFlow({ advertiserId, advertiserName, pinId: givenPin, onPinChosen, onFinish }: QuickPromoteFlowProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [pinId, setPinId] = useState(givenPin);
  const [selecting, setSelecting] = useState(givenPin === null);
  const profile = useAdvertiserProfile(advertiserId);
  const pin = usePin(pinId ?? '');

  const choose = (chosen: Pin) => {
    setPinId(chosen.id);
    setSelecting(false);
    onPinChosen?.(chosen.id);
  };
  const selection =
    selecting && viewer.status === 'authenticated' ? (
      <PinSelectionModal username={viewer.user.username} onChoose={choose} onClose={() => (pinId ? setSelecting(false) : onFinish(null))} />
    ) : null;

  let body;
  if (!pinId) {
    body = <StatusView title={t('quickPromote.title')} body={t('quickPromote.selection.title')} />;
  } else if (profile.isPending || pin.isPending) {
    body = <StatusView role="status" visual={<Spinner size="large" />} title={t('quickPromote.loading')} />;
  } else if (profile.isError || pin.isError) {
    body = (
      <StatusView
        role="alert"
        title={profile.isError ? t('quickPromote.loadFailed') : t('quickPromote.pinFailed')}
        action={
          <button type="button" className="button button--secondary" onClick={() => void (profile.isError ? profile.refetch() : pin.refetch())}>
            {t('common.tryAgain')}
          </button>
        }
      />
    );
  } else {
    // Keyed by the pin: another pin starts its own form (and its own draft).
    body = <PromoteEditor key={pin.data.id} advertiserId={advertiserId} advertiserName={advertiserName} pin={pin.data} profile={profile.data} onChangePin={() => setSelecting(true)} onFinish={onFinish} />;
  }

  return (
    <div className="page page--quick-promote">
      {body}
      {selection}
    </div>
  );
}
