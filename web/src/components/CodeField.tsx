import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

/**
 * A field for a texted one-time code: numeric keypad, the browser's one-time-code autofill,
 * no autocorrection. Used at log-in and when confirming a phone number.
 */
export function CodeField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'placeholder'>) {
  const { t } = useTranslation();
  return (
    <TextField
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      className="field__input--code"
      placeholder={t('auth.mfa.codePlaceholder')}
      {...props}
    />
  );
}
