/** The password-recovery page, with the typed email prefilled (`ue`) when there is one. */
export function passwordResetPath(email?: string): string {
  const ue = email?.trim();
  return ue ? `/password/reset/?${new URLSearchParams({ ue }).toString()}` : '/password/reset/';
}

/** A page variant's footer link to the other view, keeping `next` and other parameters. */
export function withSearch(pathname: string, search: string): string {
  return search && search !== '?' ? `${pathname}${search}` : pathname;
}
