import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ContinueWithEmailProps {
  /** Show the form straight away (the home page and the /signup page). */
  atOnce: boolean;
  /** The email sign-up form. */
  children: ReactNode;
}

/**
 * "Continue with email" (spec section 2): the button that reveals the sign-up form. The button
 * goes away as the form comes, so the focus moves to the form's email field rather than falling
 * back to the page.
 */
export function ContinueWithEmail({ atOnce, children }: ContinueWithEmailProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(atOnce);
  const form = useRef<HTMLDivElement>(null);
  const revealed = useRef(false);

  useEffect(() => {
    if (!shown || !revealed.current) return;
    revealed.current = false;
    form.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus();
  }, [shown]);

  if (shown) return <div ref={form}>{children}</div>;
  return (
    <button
      type="button"
      className="button button--primary button--block continue-with-email"
      onClick={() => {
        revealed.current = true;
        setShown(true);
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3" y="5.5" width="18" height="13" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m4 7.5 8 5.5 8-5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>{t('contexts.continueWithEmail')}</span>
    </button>
  );
}
