import type { ImageRepository } from './image.repository';
import { readAll, type BlobStore } from './image.store';
import { pictureHash } from './picture-hash';

export interface BackfillCounts {
  /** Images given their hash now. */
  hashed: number;
  /** Images that had one already. */
  had: number;
  /** Images whose 236x file is missing or unreadable (left without: they neither find nor are found). */
  failed: number;
}

/**
 * `npm run admin -- images phash`: the picture hash of every image stored before it was computed
 * at save, from its 236x still (as at save: image.processing.ts). One pass over the images, the
 * one read here that is not by key, as a backfill must be; it runs beside the service, and a
 * stopped run is simply run again (images hashed meanwhile are counted as `had`).
 */
export async function backfillPictureHashes(deps: { repo: Pick<ImageRepository, 'eachImage' | 'setHash'>; store: Pick<BlobStore, 'get'>; progress?: (line: string) => void }): Promise<BackfillCounts> {
  const counts: BackfillCounts = { hashed: 0, had: 0, failed: 0 };
  for await (const image of deps.repo.eachImage()) {
    if (image.phash) {
      counts.had++;
      continue;
    }
    try {
      const blob = await deps.store.get(image.renditions['236x'].key);
      if (!blob) throw new Error('file missing');
      await deps.repo.setHash(image._id, await pictureHash(await readAll(blob)));
      counts.hashed++;
    } catch (err) {
      counts.failed++;
      deps.progress?.(`image ${image._id}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if ((counts.hashed + counts.failed) % 1000 === 0) deps.progress?.(`${counts.hashed} images hashed so far`);
  }
  return counts;
}
