import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { actsOnBehalf, type Advertiser } from '@pinhive/contracts';
import { useViewer } from '../auth/viewer';
import { ActingAsContext, type ActingAs } from './actingContext';
import { useAdvertisers } from './queries';
import { readStoredActing, resolveActing } from './rules';
import { readActingRaw, subscribeActing, writeActing } from './storage';

/**
 * Whom the signed-in viewer acts for: their choice, kept per account in local storage, checked
 * against `GET /ads/v4/advertisers/` (rules.ts `resolveActing`). An advertiser no longer listed
 * is forgotten, and the viewer acts as themself again.
 */
export function ActingAsProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const userId = viewer.status === 'authenticated' ? viewer.user.id : null;
  const list = useAdvertisers(userId);
  const raw = useSyncExternalStore(subscribeActing, () => (userId ? readActingRaw(userId) : null));
  const advertisers = userId ? list.data : undefined;
  const { advertiser, dropped } = useMemo(() => resolveActing(readStoredActing(raw), advertisers), [raw, advertisers]);

  useEffect(() => {
    if (dropped && userId) writeActing(userId, null);
  }, [dropped, userId]);

  const choose = useCallback(
    (next: Advertiser | null) => {
      if (userId) writeActing(userId, next);
    },
    [userId],
  );

  const value = useMemo<ActingAs>(() => ({ advertiser, onBehalf: actsOnBehalf(advertiser), advertisers, choose }), [advertiser, advertisers, choose]);
  return <ActingAsContext value={value}>{children}</ActingAsContext>;
}
