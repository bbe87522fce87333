import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldError } from '../components/FieldError';

/*
 * The form controls the quick-promote forms need beyond TextField: a labelled select, and groups
 * of checkboxes or radios in a fieldset whose legend names them (screen readers read the legend
 * with each choice). Errors as TextField: under the control, describing it.
 */

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  error?: ReactNode;
  describedBy?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ id, label, options, error, describedBy, ref, ...select }: SelectFieldProps) {
  const invalid = error !== undefined && error !== null && error !== false;
  const description = [invalid ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} ref={ref} id={id} className="field__input" aria-invalid={invalid ? true : undefined} aria-describedby={description}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {invalid ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

interface ChoicesProps<V extends string> {
  id: string;
  legend: string;
  choices: readonly { value: V; label: string }[];
  hint?: string;
  error?: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
}

/** Any number of choices (countries, ages, genders, interests). */
export function CheckboxGroup<V extends string>({ id, legend, choices, hint, error, ref, selected, onChange }: ChoicesProps<V> & { selected: readonly V[]; onChange: (next: V[]) => void }) {
  const invalid = error !== undefined && error !== null && error !== false;
  const description = [invalid ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="qp-choices" id={id} ref={ref} tabIndex={-1} aria-describedby={description}>
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="qp-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="qp-choices__list">
        {choices.map((choice) => (
          <label key={choice.value} className="qp-choice">
            <input
              type="checkbox"
              checked={selected.includes(choice.value)}
              onChange={(event) => onChange(event.target.checked ? [...selected, choice.value] : selected.filter((v) => v !== choice.value))}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {invalid ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

/** One of a few choices (the objective, how the campaign ends). */
export function RadioGroup<V extends string>({ id, legend, choices, value, onChange }: Omit<ChoicesProps<V>, 'hint' | 'error'> & { value: V; onChange: (next: V) => void }) {
  return (
    <fieldset className="qp-choices" id={id}>
      <legend className="field__label">{legend}</legend>
      <div className="qp-choices__list qp-choices__list--stacked">
        {choices.map((choice) => (
          <label key={choice.value} className="qp-choice">
            <input type="radio" name={id} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A country's name in the reader's language (its code when the browser has no name for it). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
