import type { Advertiser } from '@pinhive/contracts';
import { actingStorageKey, storedActingValue } from './rules';

/*
 * The acting choice in local storage, one key per account (rules.ts `actingStorageKey`). Read
 * through `useSyncExternalStore`: a choice made in the menu, or in another tab (the `storage`
 * event), reaches every reader at once. A browser that refuses local storage (some private
 * modes) keeps the choice in memory for the page's life.
 */

const memory = new Map<string, string>();
const listeners = new Set<() => void>();

export function readActingRaw(userId: string): string | null {
  const key = actingStorageKey(userId);
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

/** Keeps `advertiser` as the account's choice (null: acting as themself) and tells every reader. */
export function writeActing(userId: string, advertiser: Advertiser | null): void {
  const key = actingStorageKey(userId);
  try {
    if (advertiser) window.localStorage.setItem(key, storedActingValue(advertiser));
    else window.localStorage.removeItem(key);
  } catch {
    if (advertiser) memory.set(key, storedActingValue(advertiser));
    else memory.delete(key);
  }
  for (const listener of listeners) listener();
}

export function subscribeActing(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
