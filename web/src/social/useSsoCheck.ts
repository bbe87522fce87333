import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SSO_CHECK_DEBOUNCE_MS } from '@pinhive/contracts';
import { checkSso } from '../api/social';
import { validateEmail } from '../auth/validation';
import { signsInWithSso } from './attempts';

/** The email as the check is keyed: trimmed, lower case. */
const keyOf = (email: string) => email.trim().toLowerCase();

/**
 * Whether the typed email signs in with single sign-on (spec section 5: the check is debounced
 * 300 ms and runs only for a valid email). While a changed email waits for its answer the last
 * answer holds, so the form does not flicker between its two shapes at each keystroke; an email
 * that is not valid is never SSO. A failed check counts as "not SSO": the password form stays, as
 * it does for an account of an SSO domain that has a password and no SSO link.
 */
export function useSsoCheck(email: string, enabled = true): boolean {
  const current = keyOf(email);
  const valid = enabled && validateEmail(email) === undefined;
  const [checked, setChecked] = useState<string | null>(null);

  useEffect(() => {
    if (!valid) {
      setChecked(null);
      return;
    }
    const timer = setTimeout(() => setChecked(current), SSO_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [current, valid]);

  const query = useQuery({
    queryKey: ['sso-check', checked],
    queryFn: ({ signal }) => checkSso(checked ?? '', signal),
    enabled: checked !== null,
    // Each check starts an authorisation on the server: one per email while the page stays.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const last = useRef(false);
  if (!valid) last.current = false;
  else if (checked === current && query.isSuccess) last.current = signsInWithSso(query.data);
  else if (checked === current && query.isError) last.current = false;
  return last.current;
}
