import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { ModalFooter } from './ModalFooter';

interface GdprModalProps {
  pending: boolean;
  failure: string | null;
  /** Accepted: the billing profile is stored with `accepted_terms: true`. */
  onAccept: () => void;
  /** Not now, Escape, the close button or the backdrop: back to the billing form. */
  onDecline: () => void;
}

/**
 * GDPR_MODAL: the advertising terms and the processing of the business's details, which the
 * billing profile's `accepted_terms` records. Accept has the focus: it is what the person came
 * to do, and nothing is stored until they press it.
 */
export function GdprModal({ pending, failure, onAccept, onDecline }: GdprModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const accept = useRef<HTMLButtonElement>(null);
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onDecline} className="dialog--quick-promote" initialFocus={accept}>
      <div className="qp-modal">
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.gdpr.title')}
        </h2>
        <p className="qp-modal__intro" id={`${id}-body`}>
          {t('quickPromote.gdpr.body')}
        </p>
        <ModalFooter failure={failure} cancel={{ label: t('quickPromote.gdpr.decline'), onClick: onDecline }} confirm={{ label: t('quickPromote.gdpr.accept'), pending, onClick: onAccept, ref: accept }} />
      </div>
    </Dialog>
  );
}
