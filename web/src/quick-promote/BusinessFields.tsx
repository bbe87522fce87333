import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, type BusinessProfile, type BusinessProfileInput } from '@pinhive/contracts';
import { Dialog } from '../components/Dialog';
import { ModalFooter } from './ModalFooter';
import { TextField } from '../components/TextField';
import { countryName, SelectField } from './fields';
import { BUSINESS_MAX, businessProblems, hasProblems, type BusinessField, type Problems } from './profileRules';

export const emptyBusiness = (country: string): BusinessProfileInput => ({ business_name: '', website_url: '', country, address: '' });
export const businessInput = (business: BusinessProfile): BusinessProfileInput => ({ ...business });

/** The field to focus for the first problem, in the order the fields show. */
const ORDER: BusinessField[] = ['business_name', 'website_url', 'country', 'address'];
export const firstBusinessProblem = (problems: Problems<BusinessField>): BusinessField | undefined => ORDER.find((f) => problems[f]);

interface BusinessFieldsProps {
  values: BusinessProfileInput;
  onChange: (values: BusinessProfileInput) => void;
  /** Problems to show (after a press of the form's button). */
  problems: Problems<BusinessField>;
  /** Refs of the fields, to focus the first problem. */
  refs: Partial<Record<BusinessField, RefObject<HTMLInputElement | HTMLSelectElement | null>>>;
}

/** The business's name, website, country and address (QUICK_PROMOTE_BUSINESS_FORM's fields; also on the page while there is no business). */
export function BusinessFields({ values, onChange, problems, refs }: BusinessFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const message = (field: BusinessField) => {
    const key = problems[field];
    return key ? t(`quickPromote.business.${key as 'nameRequired'}`, { maxLength: BUSINESS_MAX[field] }) : undefined;
  };
  const countries = COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <div className="qp-fields">
      <TextField
        ref={refs.business_name as RefObject<HTMLInputElement>}
        id={`${id}-name`}
        label={t('quickPromote.business.name')}
        value={values.business_name}
        autoComplete="organization"
        onChange={(event) => onChange({ ...values, business_name: event.target.value })}
        error={message('business_name')}
      />
      <TextField
        ref={refs.website_url as RefObject<HTMLInputElement>}
        id={`${id}-website`}
        type="url"
        label={t('quickPromote.business.website')}
        value={values.website_url ?? ''}
        autoComplete="url"
        placeholder="https://"
        onChange={(event) => onChange({ ...values, website_url: event.target.value })}
        error={message('website_url')}
      />
      <SelectField
        ref={refs.country as RefObject<HTMLSelectElement>}
        id={`${id}-country`}
        label={t('quickPromote.business.country')}
        value={values.country}
        options={countries}
        onChange={(event) => onChange({ ...values, country: event.target.value })}
        error={message('country')}
      />
      <TextField
        ref={refs.address as RefObject<HTMLInputElement>}
        id={`${id}-address`}
        label={t('quickPromote.business.address')}
        value={values.address ?? ''}
        autoComplete="street-address"
        onChange={(event) => onChange({ ...values, address: event.target.value })}
        error={message('address')}
      />
    </div>
  );
}

/** Refs for each business field. */
export function useBusinessRefs() {
  return {
    business_name: useRef<HTMLInputElement>(null),
    website_url: useRef<HTMLInputElement>(null),
    country: useRef<HTMLSelectElement>(null),
    address: useRef<HTMLInputElement>(null),
  };
}

interface BusinessFormModalProps {
  initial: BusinessProfileInput;
  pending: boolean;
  /** The server's refusal, shown above the buttons. */
  failure: string | null;
  onSubmit: (values: BusinessProfileInput) => void;
  onClose: () => void;
}

/** QUICK_PROMOTE_BUSINESS_FORM: the business details in a dialog. */
export function BusinessFormModal({ initial, pending, failure, onSubmit, onClose }: BusinessFormModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = useBusinessRefs();
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Problems<BusinessField>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problems = businessProblems(values);
    setShown(problems);
    const first = firstBusinessProblem(problems);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    if (!hasProblems(problems)) onSubmit(values);
  };

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-intro`} onClose={onClose} className="dialog--quick-promote">
      <form className="qp-modal" onSubmit={submit} noValidate>
        <h2 className="qp-modal__title" id={`${id}-title`}>
          {t('quickPromote.business.title')}
        </h2>
        <p className="qp-modal__intro" id={`${id}-intro`}>
          {t('quickPromote.business.intro')}
        </p>
        <BusinessFields values={values} onChange={(next) => { setValues(next); setShown({}); }} problems={shown} refs={refs} />
        <ModalFooter failure={failure} cancel={{ label: t('quickPromote.cancel'), onClick: onClose }} confirm={{ label: t('quickPromote.continue'), pending }} />
      </form>
    </Dialog>
  );
}
