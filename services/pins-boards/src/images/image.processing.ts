import { createHash } from 'node:crypto';
import { appError } from '@pinhive/kit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_IMAGE_BYTES } from './images.config';
import { pictureHash } from './picture-hash';

/** saving-boards-ads.md section 5: "images 119 px or less in either dimension count as failed". */
export const MIN_IMAGE_SIDE = 120;
/** The grid's column width (section 9: "Grid item widths 236"), the success dialog's preview. */
export const GRID_WIDTH = 236;

export const RENDITIONS = ['orig', '236x'] as const;
export type RenditionName = (typeof RENDITIONS)[number];

/** The formats stored and served: what every browser shows. */
export const IMAGE_FORMATS = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  webp: { contentType: 'image/webp', ext: 'webp' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Formats sharp reads that browsers do not all show: converted (PNG with transparency, else JPEG). */
const CONVERTED = new Set(['tiff', 'heif', 'avif', 'jp2', 'jxl']);

/** A file on local disk, in place of its bytes (an upload streamed there). */
export interface LocalFile {
  file: string;
  size: number;
}

export interface Rendition<B = Buffer> {
  /** The file's bytes, or (for an upload streamed to disk) the local file holding them. */
  bytes: B;
  format: ImageFormat;
  width: number;
  height: number;
}

export interface ProcessedImage<O = Buffer> {
  /** sha256 of the bytes as received, hex: the image's id, so the same file is stored once. */
  id: string;
  /** The original's displayed size (EXIF orientation applied; one frame of an animation). */
  width: number;
  height: number;
  /** '#rrggbb', sharp's most frequent colour (the centre of a 4096-bin histogram's fullest bin). */
  dominantColor: string;
  animated: boolean;
  /** The picture's difference hash (picture-hash.ts), of the 236x still: what looks alike hashes alike. */
  phash: string;
  renditions: { orig: Rendition<O>; '236x': Rendition };
}

export interface ProcessOptions {
  /** The request field the bytes came from (`image_url`, `image_base64`), named in refusals. */
  field: string;
  maxBytes?: number;
}

export const contentHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * Checks an uploaded or fetched file and makes its renditions:
 * - refused: not an image sharp can decode, SVG (scripts, outside references), over `maxBytes`
 *   (the pin builder's 200 MB), or 119 px or less on either side;
 * - `orig`: the bytes as received when a browser can show them and they carry no EXIF (EXIF is
 *   where phones put GPS positions, so an upload that has it is re-encoded without it, its
 *   orientation applied, its colour profile kept); other formats are converted;
 * - `236x`: 236 px wide, the height keeping the ratio (smaller images are enlarged so the grid's
 *   columns line up); an animated GIF or WebP gets its first frame only: the grid shows a still,
 *   the pin page the animated original, and decoding every frame of a large animation to
 *   resize it would cost far more than the preview is worth.
 */
export async function processImage(bytes: Buffer, opts: ProcessOptions): Promise<ProcessedImage> {
  return processSource({ input: bytes, size: bytes.length, id: () => contentHash(bytes) }, opts) as Promise<ProcessedImage>;
}

/**
 * The same for a file on local disk (an upload streamed there, up to 200 MB): sharp reads it
 * from the file, an `orig` kept as received stays that file, a re-encoded one is written beside
 * it (`<file>.orig`), so no step holds the whole upload in memory. `id` is its sha256, counted
 * while it was received.
 */
export async function processImageFile(file: { path: string; size: number; id: string }, opts: ProcessOptions): Promise<ProcessedImage<Buffer | LocalFile>> {
  return processSource({ input: file.path, size: file.size, id: () => file.id }, opts);
}

async function processSource(source: { input: Buffer | string; size: number; id: () => string }, opts: ProcessOptions): Promise<ProcessedImage<Buffer | LocalFile>> {
  const { field } = opts;
  const { input: bytes, size } = source;
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  if (size === 0) throw appError('image_invalid', { field, detail: 'The file is empty.' });
  if (size > maxBytes) throw appError('image_too_large', { field, detail: `The file has ${size} bytes; the limit is ${maxBytes}.` });

  // failOn 'error': refuse broken or truncated files, tolerate the harmless warnings web images often carry.
  const input = (animated: boolean) => sharp(bytes, { failOn: 'error', pages: animated ? -1 : 1 });
  let meta: Metadata;
  try {
    meta = await input(false).metadata();
  } catch (err) {
    throw decodeError(err, field);
  }
  if (meta.format === 'svg') throw appError('image_invalid', { field, detail: 'SVG images are not accepted.' });
  const known = meta.format in IMAGE_FORMATS;
  if (!known && !CONVERTED.has(meta.format)) throw appError('image_invalid', { field, detail: `The ${meta.format} format is not accepted.` });

  const animated = (meta.pages ?? 1) > 1 && (meta.format === 'gif' || meta.format === 'webp');
  // metadata() of the first page: its size, EXIF orientation applied.
  const { width, height } = meta.autoOrient;
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) {
    throw appError('image_too_small', { field, detail: `The image is ${width}×${height} pixels; each side must be more than ${MIN_IMAGE_SIDE - 1}.` });
  }

  try {
    const keepAsIs = known && !meta.exif;
    const origFormat: ImageFormat = known ? (meta.format as ImageFormat) : meta.hasAlpha ? 'png' : 'jpeg';
    let orig: Rendition<Buffer | LocalFile>;
    if (keepAsIs) orig = { bytes: typeof bytes === 'string' ? { file: bytes, size } : bytes, format: origFormat, width, height };
    else if (typeof bytes === 'string') {
      const out = `${bytes}.orig`;
      const info = await encoder(input(animated).autoOrient().keepIccProfile(), origFormat, true).toFile(out);
      orig = { bytes: { file: out, size: info.size }, format: origFormat, width, height };
    } else orig = { bytes: await encode(input(animated).autoOrient().keepIccProfile(), origFormat, true), format: origFormat, width, height };

    // The still's format: an animation's first frame stays in its format, as does everything else.
    const small = await encodeWithInfo(input(false).autoOrient().resize({ width: GRID_WIDTH }), origFormat);
    // Both read the small still: decoding 236 px wide costs little, whatever the original's size.
    const [{ dominant }, phash] = await Promise.all([sharp(small.data).stats(), pictureHash(small.data)]);
    return {
      id: source.id(),
      width,
      height,
      dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      animated,
      phash,
      renditions: { orig, '236x': { bytes: small.data, format: origFormat, width: small.info.width, height: small.info.height } },
    };
  } catch (err) {
    throw decodeError(err, field);
  }
}

function encoder(pipeline: Sharp, format: ImageFormat, full: boolean): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: full ? 92 : 85, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: full ? 92 : 85 });
  }
}

const encode = (pipeline: Sharp, format: ImageFormat, full: boolean) => encoder(pipeline, format, full).toBuffer();
const encodeWithInfo = (pipeline: Sharp, format: ImageFormat) => encoder(pipeline, format, false).toBuffer({ resolveWithObject: true });

/** sharp's errors as refusals: a file it cannot decode, or one over its pixel limit (a decompression bomb). */
function decodeError(err: unknown, field: string) {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return appError('image_too_large', { field, detail: 'The image has too many pixels.' });
  return appError('image_invalid', { field, detail: 'The file could not be read as an image.' });
}
