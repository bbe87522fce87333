import { formatNagRecord, parseNagRecord, type NagRecord } from './rules';

/*
 * The upsells' local storage (section 3): the nag record 'timestamp_count' (per browser: the
 * extension belongs to the browser) and the seen-upsells list (per account: a shared browser
 * shows each person their own). Storage can be refused (private modes, quotas): reads then
 * answer nothing stored, and writes are dropped, which at worst shows an upsell again.
 */
export const NAG_RECORD_KEY = 'pinhive.upsells.extension.timestamp_count';
export const seenUpsellsKey = (userId: string): string => `pinhive.upsells.seen.${userId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Refused storage: see above.
  }
}

export const readNagRecord = (): NagRecord | null => parseNagRecord(read(NAG_RECORD_KEY));
export const writeNagRecord = (record: NagRecord): void => write(NAG_RECORD_KEY, formatNagRecord(record));

export function readSeenUpsells(userId: string): string[] {
  try {
    const value: unknown = JSON.parse(read(seenUpsellsKey(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export const writeSeenUpsells = (userId: string, seen: readonly string[]): void => write(seenUpsellsKey(userId), JSON.stringify(seen));
