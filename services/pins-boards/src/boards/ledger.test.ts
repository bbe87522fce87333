import { COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER, ledgerKeyEvent, legacySavedLedgerKey, savedKeyTime, savedLedgerKey } from './board.model';
import { settledKeys } from '../pins/pin.handlers';
import { SAVED_KEYS_CLOCK_MARGIN_MS, savedKeysToAfter, trimmable } from './board.repository';

/** The counter ledger's trimming (board.repository.ts): settled keys only, in batches. */
const keys = (n: number) => Array.from({ length: n }, (_, i) => `saved:p${i}@e${i}`);

it('trims nothing until a batch of keys is beyond the kept ones', async () => {
  expect(await trimmable(keys(COUNTED_KEYS_KEPT + COUNTED_KEYS_TRIMMED_TOGETHER - 1))).toEqual([]);
});

it('then offers every older key whose event is recorded handled, never the newest kept ones', async () => {
  const ledger = keys(COUNTED_KEYS_KEPT + COUNTED_KEYS_TRIMMED_TOGETHER);
  const unsettled = ledger[3] as string;
  const trim = await trimmable(ledger, async (k) => k !== unsettled);
  expect(trim).toEqual(ledger.slice(0, COUNTED_KEYS_TRIMMED_TOGETHER).filter((k) => k !== unsettled));
  expect(trim).not.toContain(ledger[ledger.length - COUNTED_KEYS_KEPT]);
});

it("asks about each key's own writer: a save's trim settles the deletions' keys too", async () => {
  const handled = new Set(['count-saved-pin:e1', 'count-deleted-pin:e2']);
  const settled = settledKeys({ handled: async (eventId, handler) => handled.has(`${handler}:${eventId}`) });
  expect(await settled('saved:p1@e1')).toBe(true);
  expect(await settled('deleted:p2@e2')).toBe(true);
  expect(await settled('deleted:p1@e1')).toBe(false);
  expect(await settled('saved:p3@e3')).toBe(false);
  // Keys of other writers, and keys without an event, settle as their writers say: here at once.
  expect(await settled('move-in:m1:0')).toBe(true);
});

it('finds the event of a save key that carries its time, and of one that does not', async () => {
  const handled = new Set(['count-saved-pin:e1']);
  const settled = settledKeys({ handled: async (eventId, handler) => handled.has(`${handler}:${eventId}`) });
  expect(await settled(savedLedgerKey('p1', 'e1', '2026-11-28T12:00:00.000Z'))).toBe(true);
  expect(await settled(legacySavedLedgerKey('p1', 'e1'))).toBe(true);
  expect(await settled(savedLedgerKey('p2', 'e2', '2026-11-28T12:00:00.000Z'))).toBe(false);
  expect(savedKeyTime(savedLedgerKey('p1', 'e1', '2026-11-28T12:00:00.000Z'))).toBe(Date.parse('2026-11-28T12:00:00.000Z'));
  expect(savedKeyTime('saved:p1@e1')).toBeUndefined();
  expect(ledgerKeyEvent('deleted:p1@e9')).toBe('e9');
});

describe("the board's savedKeysTo after a trim", () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  const at = (s: number) => savedLedgerKey(`p${s}`, `e${s}`, new Date(now - 100_000 + s * 1000).toISOString());
  it('moves past the newest save trimmed, never back', () => {
    expect(savedKeysToAfter({ savedKeysTo: 0 }, [at(1), at(5), at(3), 'deleted:p9@e9', 'move-in:m1:0'], now)).toBe(now - 95_000);
    expect(savedKeysToAfter({ savedKeysTo: now - 90_000 }, [at(1), at(5)], now)).toBeUndefined();
    expect(savedKeysToAfter({ savedKeysTo: 0 }, ['deleted:p9@e9'], now)).toBeUndefined();
  });
  it('goes past the clock for a save key without its time, and on a board that had none (counted before it was kept)', () => {
    expect(savedKeysToAfter({ savedKeysTo: 0 }, [at(1), 'saved:p7@e7'], now)).toBe(now + SAVED_KEYS_CLOCK_MARGIN_MS);
    expect(savedKeysToAfter({}, [], now)).toBe(now + SAVED_KEYS_CLOCK_MARGIN_MS);
  });
});
