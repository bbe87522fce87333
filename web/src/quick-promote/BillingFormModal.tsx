import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingProfileInput } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { ModalFooter } from './ModalFooter';
import { TextField } from '../components/TextField';
import { BILLING_MAX, billingProblems, type BillingField, type Problems } from './profileRules';

export type BillingValues = Omit<BillingProfileInput, 'accepted_terms'>;

interface BillingFormModalProps {
  initial: BillingValues;
  pending: boolean;
  failure: string | null;
  /** Valid values: on to the terms (GDPR_MODAL), unless they were accepted before. */
  onSubmit: (values: BillingValues) => void;
  onClose: () => void;
}

const ORDER: BillingField[] = ['contact_name', 'email', 'address'];

/** QUICK_PROMOTE_BILLING_FORM: whom and where to invoice (Pinhive takes no card numbers). */
export function BillingFormModal({ initial, pending, failure, onSubmit, onClose }: BillingFormModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = { contact_name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), address: useRef<HTMLInputElement>(null) };
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Problems<BillingField>>({});
  const message = (field: BillingField) => {
    const key = shown[field];
    return key ? t(`quickPromote.billing.${key as 'contactRequired'}`, { maxLength: BILLING_MAX[field] }) : undefined;
  };
  const change = (field: BillingField, value: string) => {
    setValues({ ...values, [field]: value });
    setShown({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problems = billingProblems(values);
    setShown(problems);
    const first = ORDER.find((f) => problems[f]);
    if (first) refs[first].current?.focus();
    else onSubmit(values);
  };

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-intro`} onClose={onClose} className="dialog--quick-promote">
      <form className="qp-modal" onSubmit={submit} noValidate>
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.billing.title')}
        </h2>
        <p className="qp-modal__intro" id={`${id}-intro`}>
          {t('quickPromote.billing.intro')}
        </p>
        <div className="qp-fields">
          <TextField ref={refs.contact_name} id={`${id}-contact`} label={t('quickPromote.billing.contact')} value={values.contact_name} autoComplete="name" onChange={(e) => change('contact_name', e.target.value)} error={message('contact_name')} />
          <TextField ref={refs.email} id={`${id}-email`} type="email" label={t('quickPromote.billing.email')} value={values.email} autoComplete="email" onChange={(e) => change('email', e.target.value)} error={message('email')} />
          <TextField ref={refs.address} id={`${id}-address`} label={t('quickPromote.billing.address')} value={values.address} autoComplete="street-address" onChange={(e) => change('address', e.target.value)} error={message('address')} />
        </div>
        <ModalFooter failure={failure} cancel={{ label: t('quickPromote.cancel'), onClick: onClose }} confirm={{ label: t('quickPromote.continue'), pending }} />
      </form>
    </Dialog>
  );
}
