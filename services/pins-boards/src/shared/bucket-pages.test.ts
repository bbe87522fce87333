import { firstPage, MAX_BUCKETS_PER_PAGE, pageByBuckets } from './bucket-pages';
import { listBucketKey } from './list-numbers';

const SIZE = 10;

/** A list held in memory as the store would: numbers, read a bucket at a time (counting reads). */
function list(numbers: number[]) {
  const reads: number[] = [];
  const read = async (bucket: number) => {
    reads.push(bucket);
    return numbers.filter((n) => Math.floor(n / SIZE) === bucket).map((n) => ({ n }));
  };
  return { read, reads };
}

async function all(numbers: number[], limit: number) {
  const { read, reads } = list(numbers);
  const pages: number[][] = [];
  let start = firstPage(Math.max(0, ...numbers), SIZE);
  for (;;) {
    const page = await pageByBuckets(read, (i) => i.n, SIZE, start, limit);
    pages.push(page.items.map((i) => i.n));
    if (!page.next) return { pages, reads };
    start = page.next;
  }
}

it('pages every item once, newest first, across buckets', async () => {
  const numbers = Array.from({ length: 35 }, (_, i) => i + 1);
  const { pages } = await all(numbers, 8);
  expect(pages.flat()).toEqual([...numbers].reverse());
  expect(pages[0]).toEqual([35, 34, 33, 32, 31, 30, 29, 28]);
  expect(pages.every((p) => p.length <= 8)).toBe(true);
});

it('passes over holes, reading at most a bounded number of buckets per page', async () => {
  const { pages, reads } = await all([1, 2, 95, 96], 3);
  expect(pages.flat()).toEqual([96, 95, 2, 1]);
  const firstPageReads = reads.slice(0, MAX_BUCKETS_PER_PAGE);
  expect(new Set(firstPageReads).size).toBe(MAX_BUCKETS_PER_PAGE);
});

it('keys buckets by owner and floor(n / size)', () => {
  expect(listBucketKey('b1', 0, 100)).toBe('b1:0');
  expect(listBucketKey('b1', 99, 100)).toBe('b1:0');
  expect(listBucketKey('b1', 100, 100)).toBe('b1:1');
});
