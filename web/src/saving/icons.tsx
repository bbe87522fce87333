/** Small icons of the board rows and cards; each names itself for screen readers. */
export function LockIcon({ label }: { label: string }) {
  return (
    <svg className="board-icon" viewBox="0 0 16 16" width="14" height="14" role="img" aria-label={label} focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 1 0-4 0z" />
    </svg>
  );
}

export function PeopleIcon({ label }: { label: string }) {
  return (
    <svg className="board-icon" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={label} focusable="false">
      <circle cx="5.5" cy="5" r="2.5" fill="currentColor" />
      <circle cx="11" cy="5.5" r="2" fill="currentColor" />
      <path fill="currentColor" d="M0.5 14c0-3 2.2-5 5-5s5 2 5 5zM11 14c0-1.8-.6-3.3-1.6-4.3A4 4 0 0 1 15.5 13v1z" />
    </svg>
  );
}

export function SectionsIcon({ label }: { label: string }) {
  return (
    <svg className="board-icon" viewBox="0 0 16 16" width="14" height="14" role="img" aria-label={label} focusable="false">
      <path fill="currentColor" d="M1 2h6v5H1zm8 0h6v5H9zM1 9h6v5H1zm8 0h6v5H9z" />
    </svg>
  );
}

export function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
