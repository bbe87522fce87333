import { pipeline } from 'node:stream/promises';
import { notFound, type Logger } from '@pinhive/kit';
import { Router } from 'express';
import { parseImageKey } from './image.keys';
import type { BlobStore } from './image.store';

/** A file's name is its content's hash: whatever is served under a key never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves image files from the BlobStore at `/media/<rendition>/<aa>/<bb>/<sha256>.<ext>` (the
 * gateway maps `/media/` here). Only a key of exactly that shape is looked up (image.keys.ts), so
 * no request can name another file; anything else, or a missing file, is the usual 404 envelope.
 */
export function mediaRouter(store: BlobStore, logger: Logger): Router {
  const router = Router();
  router.use('/media', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The raw path after /media/: percent-escapes are not decoded, so `%2e%2e` is just refused.
    const path = req.path.replace(/^\//, '');
    const key = parseImageKey(path);
    if (!key) return next(notFound());
    const etag = `"${key.rendition}-${key.id}"`;
    (async () => {
      const blob = await store.get(path);
      if (!blob) return next(notFound());
      res.setHeader('Content-Type', key.contentType);
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('ETag', etag);
      // Pin images are public and embeddable; helmet's default would keep them to our own pages.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (blob.size !== undefined) res.setHeader('Content-Length', blob.size);
      const unchanged = req.headers['if-none-match'] === etag;
      if (unchanged || req.method === 'HEAD') {
        blob.body.destroy();
        if (unchanged) res.removeHeader('Content-Length');
        res.status(unchanged ? 304 : 200).end();
        return;
      }
      try {
        await pipeline(blob.body, res);
      } catch (err) {
        // The client went away, or the store failed mid-file: the answer is already under way.
        logger.debug({ err, key: path }, 'media stream ended early');
      }
    })().catch(next);
  });
  return router;
}
