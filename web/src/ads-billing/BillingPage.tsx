import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consolePath } from '@pinhive/contracts';
import type { ConsolePageProps } from '../advertiser-console/consolePages';
import { Spinner } from '../components/Spinner';
import { StatusView } from '../components/StatusView';
import { BillingFormModal, type BillingValues } from '../quick-promote/BillingFormModal';
import { GdprModal } from '../quick-promote/GdprModal';
import { useAdvertiserProfile, useSetBilling } from '../quick-promote/queries';

/**
 * The console's billing page (`/advertiser/{id}/billing/`): the billing details the quick-promote
 * billing form stored (whom and where to invoice; Pinhive takes no card), editable here, and a
 * link to the order lines of this month's spend. Details added here for the first time (or
 * never accepted) go through the GDPR modal as in quick-promote: nothing is stored until the
 * terms are accepted.
 */
export function BillingPage({ advertiser }: ConsolePageProps) {
  const { t } = useTranslation();
  const profile = useAdvertiserProfile(advertiser.id);
  const setBilling = useSetBilling(advertiser.id);
  const [editing, setEditing] = useState(false);
  /** The form's values as last submitted: kept while the terms are asked, and when they are declined. */
  const [submitted, setSubmitted] = useState<BillingValues | null>(null);
  const [askingTerms, setAskingTerms] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = <h2 className="console__heading">{t('adsBilling.title')}</h2>;

  if (profile.isPending) return <>{heading}<StatusView role="status" visual={<Spinner />} title={t('adsBilling.loading')} /></>;
  if (profile.isError) {
    return (
      <>
        {heading}
        <StatusView role="alert" title={t('adsBilling.loadFailed')}
          action={<button type="button" className="button button--secondary" onClick={() => void profile.refetch()}>{t('common.tryAgain')}</button>} />
      </>
    );
  }
  const billing = profile.data.billing;
  const store = (values: BillingValues) => {
    setFailure(null);
    setBilling.mutate({ ...values, accepted_terms: true }, {
      onSuccess: () => {
        setEditing(false);
        setAskingTerms(false);
        setSubmitted(null);
      },
      onError: (error) => setFailure(error instanceof Error ? error.message : t('adsBilling.saveFailed')),
    });
  };
  // Terms accepted once stay accepted (the profile records it); otherwise they are asked first.
  const save = (values: BillingValues) => {
    setSubmitted(values);
    if (billing?.accepted_terms) store(values);
    else {
      setFailure(null);
      setAskingTerms(true);
    }
  };
  return (
    <>
      {heading}
      {billing ? (
        <dl className="console__facts">
          <dt>{t('quickPromote.billing.contact')}</dt><dd>{billing.contact_name}</dd>
          <dt>{t('quickPromote.billing.email')}</dt><dd>{billing.email}</dd>
          <dt>{t('quickPromote.billing.address')}</dt><dd>{billing.address}</dd>
          <dt>{t('adsBilling.currency')}</dt><dd>{profile.data.defaults.currency}</dd>
        </dl>
      ) : (
        <p className="console__text">{t('adsBilling.none')}</p>
      )}
      <p className="console__actions">
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>{billing ? t('adsBilling.edit') : t('adsBilling.add')}</button>{' '}
        <Link className="text-link" to={consolePath('billingOrderLines', { advertiserId: advertiser.id })}>{t('adsBilling.orderLinesLink')}</Link>
      </p>
      {editing && askingTerms && submitted ? (
        <GdprModal
          pending={setBilling.isPending}
          failure={failure}
          onAccept={() => store(submitted)}
          onDecline={() => {
            setAskingTerms(false);
            setFailure(t('adsBilling.termsDeclined'));
          }}
        />
      ) : editing ? (
        <BillingFormModal
          initial={submitted ?? { contact_name: billing?.contact_name ?? '', email: billing?.email ?? '', address: billing?.address ?? '' }}
          pending={setBilling.isPending}
          failure={failure}
          onSubmit={save}
          onClose={() => {
            setEditing(false);
            setSubmitted(null);
            setFailure(null);
          }}
        />
      ) : null}
    </>
  );
}
