import { createContext, useContext } from 'react';
import type { Recovery } from './recovery';

export interface RecoveryApi {
  open: (recovery: Recovery) => void;
  close: () => void;
}

export const RecoveryContext = createContext<RecoveryApi | null>(null);

/** Opens and closes the account-recovery modal. */
export function useRecovery(): RecoveryApi {
  const api = useContext(RecoveryContext);
  if (!api) throw new Error('useRecovery needs a RecoveryProvider');
  return api;
}
