import { NUMBER_BLOCK_FRESH_MS, NUMBER_BLOCK_MAX, NumberBlocks } from './number-blocks';

/** A counter in memory standing for the store's, recording each reservation's size. */
function counter() {
  const c = { value: 0, reservations: [] as number[], reserve: async (_id: string, n: number) => { c.reservations.push(n); c.value += n; return c.value; } };
  return c;
}

it('hands out increasing numbers, reserving bigger blocks while they are used up in time', async () => {
  const c = counter();
  const clock = { now: 0 };
  const blocks = new NumberBlocks(c.reserve, () => clock.now);
  const got: number[] = [];
  for (let i = 0; i < 40; i++) got.push(await blocks.next('b'));
  expect(got).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(NUMBER_BLOCK_MAX).toBe(16);
  expect(c.reservations).toEqual([1, 2, 4, 8, 16, 16]);
});

it('skips what is left of a stale block and starts again from one number', async () => {
  const c = counter();
  const clock = { now: 0 };
  const blocks = new NumberBlocks(c.reserve, () => clock.now);
  for (let i = 0; i < 4; i++) await blocks.next('b'); // blocks of 1, 2, then 4 (1 used)
  expect(c.value).toBe(7);
  clock.now += NUMBER_BLOCK_FRESH_MS;
  expect(await blocks.next('b')).toBe(8); // never a number at or below the counter's
  expect(c.reservations.at(-1)).toBe(1);
});

it('concurrent callers share one reservation and still get distinct numbers', async () => {
  const c = counter();
  const blocks = new NumberBlocks(c.reserve);
  const got = await Promise.all(Array.from({ length: 5 }, () => blocks.next('b')));
  expect(new Set(got).size).toBe(5);
  expect(Math.max(...got)).toBeLessThanOrEqual(c.value);
});

it('keeps each counter apart', async () => {
  const c = counter();
  const blocks = new NumberBlocks(c.reserve);
  await blocks.next('a');
  await blocks.next('b');
  expect(c.reservations).toEqual([1, 1]);
});

it('takes several numbers at once: what is left of a fresh block first, the rest in one reservation', async () => {
  const c = counter();
  const clock = { now: 0 };
  const blocks = new NumberBlocks(c.reserve, () => clock.now);
  for (let i = 0; i < 2; i++) await blocks.next('b'); // blocks of 1, then 2 (1 used): 3 is left
  expect(await blocks.take('b', 5)).toEqual([3, 4, 5, 6, 7]);
  // The counter is busy: its four numbers and a spare block of 4 (the next size) in one reservation.
  expect(c.reservations).toEqual([1, 2, 8]);
  expect(await blocks.take('b', 3)).toEqual([8, 9, 10]);
  expect(c.reservations).toEqual([1, 2, 8]);
  expect(await blocks.take('b', 1)).toHaveLength(1);
  expect(await blocks.take('b', 0)).toEqual([]);
  // A stale block's numbers are skipped, as next() skips them.
  await blocks.next('b');
  clock.now += NUMBER_BLOCK_FRESH_MS;
  const before = c.value;
  expect(await blocks.take('b', 2)).toEqual([before + 1, before + 2]);
});

it('a quiet counter reserves exactly what a take needs; takes in quick succession reserve spare blocks, growing to the most', async () => {
  const c = counter();
  const clock = { now: 0 };
  const blocks = new NumberBlocks(c.reserve, () => clock.now);
  expect(await blocks.take('r', 3)).toEqual([1, 2, 3]);
  expect(c.reservations).toEqual([3]);
  clock.now += NUMBER_BLOCK_FRESH_MS; // quiet again: nothing spare, nothing skipped
  expect(await blocks.take('r', 2)).toEqual([4, 5]);
  expect(c.reservations).toEqual([3, 2]);
  const got: number[] = [];
  for (let i = 0; i < 20; i++) got.push(...(await blocks.take('r', 5)));
  // Every number once, in order, and far fewer reservations than takes.
  expect(got).toEqual(Array.from({ length: 100 }, (_, i) => i + 6));
  expect(c.reservations.length - 2).toBeLessThanOrEqual(8);
  expect(Math.max(...c.reservations)).toBeLessThanOrEqual(NUMBER_BLOCK_MAX + 5);
});

it('takes of one counter at once share a reservation and its spare block, with distinct numbers', async () => {
  const c = counter();
  const clock = { now: 0 };
  const blocks = new NumberBlocks(c.reserve, () => clock.now);
  await blocks.take('r', 2); // the counter is in use: the next takes reserve spare numbers
  const got = await Promise.all([blocks.take('r', 3), blocks.take('r', 3), blocks.take('r', 3)]);
  const all = got.flat();
  expect(new Set(all).size).toBe(9);
  expect(got.map((g) => [...g].sort((a, b) => a - b))).toEqual(got);
  expect(Math.max(...all)).toBeLessThanOrEqual(c.value);
  // One reservation of 3 + a spare of 3, the third take's own (and its spare): not one each.
  expect(c.reservations.length - 1).toBeLessThan(3);
});
