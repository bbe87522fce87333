import { IMAGE_FORMATS, RENDITIONS, type ImageFormat, type RenditionName } from './image.processing';

/**
 * Where a rendition's file lives, in the store and under `/media/`:
 * `<rendition>/<aa>/<bb>/<sha256>.<ext>`, `aa` and `bb` the hash's first two byte pairs, so no
 * folder holds more than a few hundred entries. A key is built only from a hash and known names,
 * and a key from a request is accepted only when it matches this shape exactly, so no key can
 * name anything outside the store (no `..`, no slash or dot of its own).
 */
export const IMAGE_ID = /^[0-9a-f]{64}$/;

const EXT_FORMAT = new Map<string, ImageFormat>(Object.entries(IMAGE_FORMATS).map(([format, f]) => [f.ext, format as ImageFormat]));
const KEY = new RegExp(`^(${RENDITIONS.join('|')})/([0-9a-f]{2})/([0-9a-f]{2})/([0-9a-f]{64})\\.(${[...EXT_FORMAT.keys()].join('|')})$`);

export interface ImageKey {
  rendition: RenditionName;
  id: string;
  format: ImageFormat;
  contentType: string;
}

export function imageKey(rendition: RenditionName, id: string, format: ImageFormat): string {
  if (!IMAGE_ID.test(id)) throw new Error(`not an image id: ${id}`);
  return `${rendition}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}.${IMAGE_FORMATS[format].ext}`;
}

/** The parts of a well-formed key, or null for anything else (including a folder that is not the hash's). */
export function parseImageKey(key: string): ImageKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const [, rendition, aa, bb, id, ext] = m as unknown as [string, RenditionName, string, string, string, string];
  if (id.slice(0, 2) !== aa || id.slice(2, 4) !== bb) return null;
  const format = EXT_FORMAT.get(ext);
  if (!format) return null;
  return { rendition, id, format, contentType: IMAGE_FORMATS[format].contentType };
}
