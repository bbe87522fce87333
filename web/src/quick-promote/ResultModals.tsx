import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromMicroCurrency, type Promotion, quickPromoteBillingPath } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { pinHref } from '../saving/success';
import type { PromoteFailure } from './errors';

/** SUCCESS_MODAL: what was promoted, its billing and the pin; Done (the last step) ends the flow. */
export function SuccessModal({ promotion, onDone }: { promotion: Promotion; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const done = useRef<HTMLButtonElement>(null);
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onDone} className="dialog--quick-promote" initialFocus={done}>
      <div className="qp-modal qp-modal--success">
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.success.title')}
        </h2>
        <p className="qp-modal__intro" id={`${id}-body`}>
          {t('quickPromote.success.body', { name: promotion.name, start: promotion.start_date, budget: fromMicroCurrency(promotion.daily_budget_in_micro_currency), currency: promotion.currency })}{' '}
          {promotion.end_date ? t('quickPromote.success.until', { end: promotion.end_date }) : t('quickPromote.success.ongoing')}
        </p>
        <div className="qp-modal__actions">
          <Link to={quickPromoteBillingPath(promotion.advertiser_id, promotion.campaign_id)} className="button button--secondary">
            {t('quickPromote.success.billing')}
          </Link>
          <Link to={pinHref(promotion.pin_id)} className="button button--secondary">
            {t('quickPromote.success.seePin')}
          </Link>
          <button type="button" ref={done} className="button button--primary" onClick={onDone}>
            {t('quickPromote.success.done')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** ERROR_MODAL: the server's message and its detail (section 8's 'modal' area); closing goes back to the page. */
export function ErrorModal({ failure, onClose }: { failure: PromoteFailure; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onClose} className="dialog--quick-promote" initialFocus={back}>
      <div className="qp-modal qp-modal--error">
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.error.title')}
        </h2>
        <div id={`${id}-body`}>
          <p className="qp-modal__message">{failure.message}</p>
          {failure.detail ? <p className="qp-modal__detail">{failure.detail}</p> : null}
        </div>
        <div className="qp-modal__actions">
          <button type="button" ref={back} className="button button--primary" onClick={onClose}>
            {t('quickPromote.error.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
