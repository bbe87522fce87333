import { PRODUCT_NAME } from '@pinhive/contracts';

/** The Pinhive mark: a red hexagon (the hive) holding a white pin. Decorative. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M16 1.5 28.6 8.75v14.5L16 30.5 3.4 23.25V8.75z" />
      <circle cx="16" cy="13" r="5.5" fill="#fff" />
      <path fill="#fff" d="M14.6 17.5h2.8L16 25z" />
    </svg>
  );
}

/** Mark plus wordmark; the wordmark text is the accessible name of whatever wraps it. */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__word">{PRODUCT_NAME}</span>
    </span>
  );
}
