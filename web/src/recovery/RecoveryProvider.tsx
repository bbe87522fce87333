import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { usePathnameChange } from '../hooks/usePathnameChange';
import type { Recovery } from './recovery';
import { RecoveryContext, type RecoveryApi } from './recoveryContext';
import { RecoveryModal } from './RecoveryModal';

/** Holds the one recovery modal of the app; closing it (or leaving the page) clears it. */
export function RecoveryProvider({ children }: { children: ReactNode }) {
  const [recovery, setRecovery] = useState<Recovery | null>(null);
  const close = useCallback(() => setRecovery(null), []);
  const api = useMemo<RecoveryApi>(() => ({ open: setRecovery, close }), [close]);
  usePathnameChange(close);

  return (
    <RecoveryContext value={api}>
      {children}
      {recovery ? <RecoveryModal key={recovery.kind} recovery={recovery} onClose={close} /> : null}
    </RecoveryContext>
  );
}
