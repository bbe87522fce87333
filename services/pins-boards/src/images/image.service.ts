import { createHash } from 'node:crypto';
import { appError, type Logger } from '@pinhive/kit';
import { findPinImages, type FoundImages } from './find-images';
import { checkFetchUrl, type GuardedFetcher } from './guarded-fetch';
import { imageKey } from './image.keys';
import type { ImageDoc } from './image.model';
import type { Readable } from 'node:stream';
import { contentHash, IMAGE_FORMATS, processImage, processImageFile, RENDITIONS, type LocalFile, type ProcessedImage, type RenditionName } from './image.processing';
import { receiveUpload } from './image.upload';
import { hashFields, type ImageRepository, type NearImage } from './image.repository';
import type { BlobStore } from './image.store';
import { MAX_IMAGE_BYTES } from './images.config';

export interface ImageSpec {
  url: string;
  width: number;
  height: number;
}
/** A pin's `images` (saving-boards-ads.md section 3: imageSpec_236x and imageSpec_orig). */
export type ImageUrls = Record<RenditionName, ImageSpec>;

export interface ImageServiceOptions {
  repo: ImageRepository;
  store: BlobStore;
  fetcher: Pick<GuardedFetcher, 'fetch'>;
  logger: Logger;
  /** The largest image accepted, uploaded or linked (FETCH_MAX_BYTES). */
  maxBytes?: number;
  /** Where media.router.ts is reached by browsers: `/media` behind the gateway. */
  mediaBaseUrl?: string;
  /** Where streamed uploads wait while they are processed (image.upload.ts). */
  uploadDir?: string;
}

/** A streamed upload: the body and what its headers say. */
export interface UploadInput {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  field?: string;
}

/** An upload as a data: URL (`data:image/png;base64,...`) or bare base64 (standard or URL-safe alphabet). */
const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Images of pins: stored once per file (the id is the file's hash) and once per link, served by
 * media.router.ts. Deleting is for the caller to decide (when no pin uses an image any more).
 */
export class ImageService {
  private readonly maxBytes: number;
  private readonly mediaBaseUrl: string;
  /** Links being fetched now: the popup's warm-up and the save that follows share one fetch. */
  private readonly inFlight = new Map<string, Promise<ImageDoc>>();

  constructor(private readonly opts: ImageServiceOptions) {
    this.maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
    this.mediaBaseUrl = (opts.mediaBaseUrl ?? '/media').replace(/\/+$/, '');
  }

  /** PinResource's `image_base64` ("first converted to an image url", spec section 7). */
  async storeFromBase64(input: string, field = 'image_base64'): Promise<ImageDoc> {
    const data = input.trim().replace(DATA_URL, '').replace(/\s+/g, '');
    if (!data || !BASE64.test(data)) throw appError('image_invalid', { field, detail: 'The upload is not base64 data.' });
    // Refused before decoding: base64 is 4 characters for every 3 bytes.
    if (Math.floor((data.length * 3) / 4) - (data.match(/=/g)?.length ?? 0) > this.maxBytes) {
      throw appError('image_too_large', { field, detail: `The limit is ${this.maxBytes} bytes.` });
    }
    // Node's base64 decoder also reads the URL-safe alphabet.
    return this.storeBytes(Buffer.from(data, 'base64'), field);
  }

  /**
   * The pin builder's upload: the request body streamed to a temporary file (never whole in
   * memory), checked and processed by sharp from there, its files copied to the store as
   * streams. Not an image type: refused before reading; over the limit: refused as soon as the
   * count passes it (or before reading, by Content-Length).
   */
  async storeUpload(upload: UploadInput): Promise<ImageDoc> {
    const field = upload.field ?? 'file';
    const type = (upload.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!type.startsWith('image/')) throw appError('image_invalid', { field, detail: 'Send the file with its image type (image/jpeg, image/png, ...).' });
    if (type === 'image/svg+xml') throw appError('image_invalid', { field, detail: 'SVG images are not accepted.' });
    const received = await receiveUpload(upload.body, {
      maxBytes: this.maxBytes,
      field,
      ...(upload.contentLength === undefined ? {} : { declaredLength: upload.contentLength }),
      ...(this.opts.uploadDir ? { dir: this.opts.uploadDir } : {}),
    });
    try {
      const known = await this.opts.repo.findById(received.id);
      if (known) return known;
      return await this.storeProcessed(await processImageFile(received, { field, maxBytes: this.maxBytes }));
    } finally {
      await received.remove();
    }
  }

  /** PinResource's `image_url`: a link fetched once (image_sources), through the guarded fetcher. */
  async storeFromUrl(url: string, field = 'image_url'): Promise<ImageDoc> {
    const href = checkFetchUrl(url, field).href;
    const sourceId = sha256(href);
    const running = this.inFlight.get(sourceId);
    if (running) return running;
    const work = this.fetchAndStore(href, sourceId, field).finally(() => this.inFlight.delete(sourceId));
    this.inFlight.set(sourceId, work);
    return work;
  }

  /** The image a link gave before, without fetching it (null for a link never fetched, or not one we would fetch). */
  async knownImageId(url: string): Promise<string | null> {
    let href: string;
    try {
      href = checkFetchUrl(url, 'image_url').href;
    } catch {
      return null;
    }
    return (await this.opts.repo.findSource(sha256(href)))?.imageId ?? null;
  }

  /**
   * PUT /v3/pins/image/: the popup asks for its image as it opens, fire-and-forget, so the save
   * finds it stored. Nothing to answer, so failures are only logged (the save reports its own).
   */
  async warm(url: string): Promise<void> {
    try {
      await this.storeFromUrl(url);
    } catch (err) {
      this.opts.logger.info({ err, url }, 'image warm-up failed');
    }
  }

  /** FindPinImagesResource: the pinnable images of a page. */
  async findImages(url: string, field = 'url'): Promise<FoundImages> {
    return findPinImages(this.opts.fetcher, url, field);
  }

  async get(id: string): Promise<ImageDoc | null> {
    return this.opts.repo.findById(id);
  }

  /**
   * Other images whose pictures are within `maxDistance` bits of this one's, nearest first
   * (bounded band reads: image.repository.ts); none for an image without a hash (stored before
   * hashes, until the admin's backfill) or with a blank one.
   */
  async nearImages(imageId: string, maxDistance: number): Promise<NearImage[]> {
    const hash = await this.opts.repo.hashOf(imageId);
    if (!hash) return [];
    return (await this.opts.repo.nearHashes(hash, maxDistance)).filter((near) => near.id !== imageId);
  }

  urlsFor(image: ImageDoc): ImageUrls {
    const spec = (name: RenditionName): ImageSpec => {
      const r = image.renditions[name];
      return { url: `${this.mediaBaseUrl}/${r.key}`, width: r.width, height: r.height };
    };
    return { '236x': spec('236x'), orig: spec('orig') };
  }

  /**
   * Deletes the files, then the document (and the links leading to it): a failure half-way leaves
   * the document, so a retry finds what is left to delete.
   */
  async remove(id: string): Promise<void> {
    const image = await this.opts.repo.findById(id);
    if (!image) return;
    for (const name of RENDITIONS) await this.opts.store.delete(image.renditions[name].key);
    await this.opts.repo.deleteById(id);
  }

  private async fetchAndStore(href: string, sourceId: string, field: string): Promise<ImageDoc> {
    const { repo } = this.opts;
    const source = await repo.findSource(sourceId);
    if (source) {
      const known = await repo.findById(source.imageId);
      if (known) return known;
      // The image was removed since: fetch the link again.
    }
    const fetched = await this.opts.fetcher.fetch(href, { expect: 'image', maxBytes: this.maxBytes, field });
    const image = await this.storeBytes(fetched.bytes, field);
    await repo.saveSource({ _id: sourceId, url: href, imageId: image._id, fetchedAt: new Date() });
    return image;
  }

  /**
   * The same bytes are one image: when the hash is known nothing is decoded again. Files are
   * written before the document, so a document never names a missing file (a crash in between
   * leaves files that the next store of the same bytes overwrites).
   */
  private async storeBytes(bytes: Buffer, field: string): Promise<ImageDoc> {
    if (bytes.length > this.maxBytes) throw appError('image_too_large', { field, detail: `The limit is ${this.maxBytes} bytes.` });
    const known = await this.opts.repo.findById(contentHash(bytes));
    if (known) return known;
    return this.storeProcessed(await processImage(bytes, { field, maxBytes: this.maxBytes }));
  }

  private async storeProcessed(processed: ProcessedImage<Buffer | LocalFile>): Promise<ImageDoc> {
    const renditions = {} as ImageDoc['renditions'];
    for (const name of RENDITIONS) {
      const r = processed.renditions[name];
      const key = imageKey(name, processed.id, r.format);
      const contentType = IMAGE_FORMATS[r.format].contentType;
      if (Buffer.isBuffer(r.bytes)) await this.opts.store.put(key, r.bytes, contentType);
      else await this.opts.store.putFile(key, r.bytes.file, contentType);
      renditions[name] = { key, width: r.width, height: r.height };
    }
    const format = processed.renditions.orig.format;
    return this.opts.repo.insertOnce({
      _id: processed.id,
      contentType: IMAGE_FORMATS[format].contentType,
      format,
      width: processed.width,
      height: processed.height,
      dominantColor: processed.dominantColor,
      renditions,
      createdAt: new Date(),
      ...hashFields(processed.phash),
    });
  }
}
