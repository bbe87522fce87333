import type { ReactNode } from 'react';

/** A field's message under it, with the error icon; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="field__error" id={id}>
      <svg className="field__error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M7 3.5h2l-.3 6H7.3zM8 10.6a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4" fill="#fff" />
      </svg>
      <span>{children}</span>
    </div>
  );
}
