import { COUNTED_KEYS_KEPT, COUNTED_KEYS_TRIMMED_TOGETHER } from './board.model';
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
