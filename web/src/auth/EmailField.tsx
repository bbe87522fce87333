import { useRef, useState, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { Trans } from 'react-i18next';
import { suggestEmail } from '@pinhive/contracts';
import { TextField } from '../components/TextField';

interface EmailFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  autoComplete?: string;
}

/**
 * The email input with the spec's typo hint: on blur, "Did you mean {suggested}?" when the
 * domain looks mistyped (`suggestEmail` from contracts); pressing the hint fills the field in.
 */
export function EmailField({ id, label, placeholder, value, onChange, error, ref, autoComplete = 'email' }: EmailFieldProps) {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const setRefs = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  const accept = (suggested: string) => {
    onChange(suggested);
    setSuggestion(null);
    input.current?.focus();
  };

  return (
    <TextField
      ref={setRefs}
      id={id}
      name="email"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange(event.target.value);
        if (suggestion) setSuggestion(null);
      }}
      onBlur={() => setSuggestion(suggestEmail(value.trim()))}
      error={error}
      after={
        <div className="field__hint" aria-live="polite">
          {suggestion ? (
            <button type="button" className="suggestion" onClick={() => accept(suggestion)}>
              <Trans i18nKey="auth.typo" values={{ suggested: suggestion }} components={{ strong: <strong /> }} />
            </button>
          ) : null}
        </div>
      }
    />
  );
}
