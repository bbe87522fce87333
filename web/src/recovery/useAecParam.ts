import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readAec } from './aec';
import { useRecovery } from './recoveryContext';

/**
 * Reads `aec` when a page loads with it, opens the soft-banned modal for a soft-ban code, and
 * removes the parameter from the address. The removal is a `replace` navigation of the router
 * (which calls `history.replaceState`), so the router's location loses `aec` too.
 */
export function useAecParam(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const recovery = useRecovery();

  useEffect(() => {
    const outcome = readAec(location.search);
    if (!outcome) return;
    if (outcome.softBanned) recovery.open({ kind: 'soft_banned' });
    void navigate(
      { pathname: location.pathname, search: outcome.search, hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [location, navigate, recovery]);
}
