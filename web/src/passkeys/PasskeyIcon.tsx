/** A person with a key: the passkeys' usual mark. Decorative (the button's words name it). */
export function PasskeyIcon() {
  return (
    <svg className="passkey-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="9" cy="7" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M2 21v-1a6 6 0 0 1 6-6h2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="17" cy="14" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M17 17v5m0-2h2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
