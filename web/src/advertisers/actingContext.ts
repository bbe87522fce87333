import { createContext, useContext } from 'react';
import type { Advertiser } from '@pinhive/contracts';

export interface ActingAs {
  /** The advertiser the viewer acts for, or null: themself (also while logged out). */
  advertiser: Advertiser | null;
  /** On its behalf (someone else owns it): boards protected, the secret toggle and invites hidden. */
  onBehalf: boolean;
  /** The advertisers the viewer owns or may act for; undefined until the list answers (or if it failed). */
  advertisers: Advertiser[] | undefined;
  /** Acts for `advertiser` from now on (null: as themself), kept for this account in this browser. */
  choose: (advertiser: Advertiser | null) => void;
}

export const ActingAsContext = createContext<ActingAs | null>(null);

/** Whom the viewer acts for (saving-boards-ads.md section 6). */
export function useActingAs(): ActingAs {
  const acting = useContext(ActingAsContext);
  if (!acting) throw new Error('useActingAs needs an ActingAsProvider');
  return acting;
}
