import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './FieldError';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> {
  id: string;
  label: ReactNode;
  /** The message shown under the box; marks it invalid and describes it. */
  error?: ReactNode;
  /** Ids of other elements that describe the box (the explanation it agrees to). */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label beside it and its error message under it (as TextField). */
export function CheckboxField({ id, label, error, describedBy, ref, className, ...input }: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== null && error !== false;
  const description = [invalid ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`checkbox-field${invalid ? ' checkbox-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="checkbox-field__row">
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          className="checkbox-field__input"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={description}
        />
        <label className="checkbox-field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {invalid ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
