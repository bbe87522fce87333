import type { Advertiser } from '@pinhive/contracts';

/**
 * The advertiser a promotion is for on `/advertiser/quick_promote` (the console passes its own):
 * the one the viewer acts for, else the first they own, else the first they may act for.
 */
export function promotingAdvertiser(acting: Advertiser | null, list: readonly Advertiser[]): Advertiser | null {
  return acting ?? list.find((a) => a.role === 'owner') ?? list[0] ?? null;
}
