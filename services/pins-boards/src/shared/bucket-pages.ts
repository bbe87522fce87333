import { z } from 'zod';

/** Most buckets one page reads: holes (unfollows, removed entries, skipped numbers) cost one read each. */
export const MAX_BUCKETS_PER_PAGE = 8;

/** Where a page starts: a bucket, and the items numbered below `before` in it. */
export type BucketPageKey = {
  bucket: number;
  before: number;
};

/** The bookmark of a bucket-paged list (the kit's pagedOptions `key`). */
export const bucketPageKeySchema = z.object({ bucket: z.number().int().min(0), before: z.number().int().min(0) });

/** The first page of a list whose highest number is `head`. */
export const firstPage = (head: number, size: number): BucketPageKey => ({ bucket: Math.floor(head / size), before: Number.MAX_SAFE_INTEGER });

/**
 * One page of a numbered list the store cannot sort (follower lists, home feeds), newest
 * first, the way board pages are read (pins/pin.repository.ts `page`): the bucket `start` names,
 * then older ones, each one read by equality on its bucket key (`read(bucket)`), ordered here
 * by number. Answers at most `limit` items and where the next page starts (undefined after the
 * oldest bucket): a full page ends inside a bucket, a page that met MAX_BUCKETS_PER_PAGE holes
 * goes on from the next bucket down.
 */
export async function pageByBuckets<T>(
  read: (bucket: number) => Promise<T[]>,
  numberOf: (item: T) => number,
  size: number,
  start: BucketPageKey,
  limit: number,
): Promise<{ items: T[]; next: BucketPageKey | undefined }> {
  const found: T[] = [];
  let bucket = start.bucket;
  let before = start.before;
  for (let reads = 0; bucket >= 0 && reads < MAX_BUCKETS_PER_PAGE; reads++) {
    const shown = (await read(bucket)).filter((item) => numberOf(item) < before).sort((a, b) => numberOf(b) - numberOf(a));
    for (const item of shown) {
      if (found.length === limit) {
        // One more is there: the next page starts below the last one shown.
        const last = numberOf(found[limit - 1] as T);
        return { items: found, next: { bucket: Math.floor(last / size), before: last } };
      }
      found.push(item);
    }
    bucket -= 1;
    before = Number.MAX_SAFE_INTEGER;
  }
  return { items: found, next: bucket >= 0 ? { bucket, before: Number.MAX_SAFE_INTEGER } : undefined };
}
