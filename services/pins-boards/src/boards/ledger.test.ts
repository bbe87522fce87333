import { COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER } from './board.model';
import { settledKeys } from '../pins/pin.handlers';
import { trimmable } from './board.repository';

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
