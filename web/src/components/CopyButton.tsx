import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says whether it worked (a polite status beside the button). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy-button__status" role="status">
        {outcome === 'copied' ? t('security.copied') : outcome === 'failed' ? t('security.copyFailed') : ''}
      </span>
    </span>
  );
}
