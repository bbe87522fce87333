import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './FieldError';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string;
  label: string;
  /** The message shown under the field; marks the input invalid and describes it. */
  error?: ReactNode;
  /** Shown under the field and its error (a hint such as the email typo suggestion). */
  after?: ReactNode;
  /** Ids of other elements that describe the field (a hint, the sentence above a code field). */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message under it. */
export function TextField({ id, label, error, after, describedBy, ref, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== null && error !== false;
  const description = [invalid ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className={`field__input${className ? ` ${className}` : ''}`}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={description}
      />
      {invalid ? <FieldError id={errorId}>{error}</FieldError> : null}
      {after}
    </div>
  );
}
