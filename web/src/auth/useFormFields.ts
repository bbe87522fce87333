import { createRef, useEffect, useRef, useState, type RefObject } from 'react';
import type { FormMessage, ValidationCode } from './formMessage';

type Messages<F extends string> = Partial<Record<F, FormMessage>>;

/**
 * The field state the log-in and sign-up forms share: values, a message per field, an input ref
 * per field, and the focus rule (after the render that marked a field invalid, so a screen reader
 * announces it with its message). Typing in a field clears its message.
 */
export function useFormFields<F extends string>(
  fields: readonly F[],
  initial: { values: Record<F, string>; errors?: Messages<F>; focus?: F | null },
) {
  const [values, setValues] = useState(initial.values);
  const [errors, setErrors] = useState<Messages<F>>(initial.errors ?? {});
  const [inputs] = useState(() => Object.fromEntries(fields.map((f) => [f, createRef<HTMLInputElement>()])) as Record<F, RefObject<HTMLInputElement | null>>);
  const focusNext = useRef<F | null>(initial.focus ?? null);

  useEffect(() => {
    if (!focusNext.current) return;
    inputs[focusNext.current].current?.focus();
    focusNext.current = null;
  });

  const change = (field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** One message, at its field, which takes the focus; the other fields' messages go. */
  const showAt = (field: F, message: FormMessage) => {
    setErrors({ [field]: message } as Messages<F>);
    focusNext.current = field;
  };

  /** Shows the client rules' findings (none clears them); true when every field passed. */
  const passes = (found: Partial<Record<F, ValidationCode>>): boolean => {
    const messages: Messages<F> = {};
    for (const field of fields) {
      const code = found[field];
      if (code) messages[field] = { source: 'validation', code };
    }
    setErrors(messages);
    const firstInvalid = fields.find((field) => messages[field]);
    if (firstInvalid) focusNext.current = firstInvalid;
    return firstInvalid === undefined;
  };

  return { values, errors, inputs, change, showAt, passes };
}
