import { PICTURE_HASH_BANDS } from '@pinhive/contracts';
import sharp from 'sharp';

/** The side of the averaged square a picture is reduced to before its 9×8 grid. */
const AVERAGED = 64;

/**
 * A picture's difference hash (dHash), 64 bits as 16 hex digits: the picture flattened onto
 * white, in gray, squeezed to 9×8 pixels (through 64×64), and one bit per pair of side-by-side pixels (1 when
 * the left one is brighter). It keeps the picture's coarse light-and-dark layout and nothing of
 * its bytes, so the same picture re-encoded, resized or slightly recoloured hashes (nearly)
 * alike: docs/decisions/picture-similarity.md.
 */
export async function pictureHash(input: Buffer | string): Promise<string> {
  // Two steps: averaged down to 64×64 first, so a re-encoding's pixel noise averages out before
  // neighbours are compared (flat areas compare nearly equal, and one step down to 9×8 let
  // JPEG's ±1 decide them: a copy measured 7 bits off, 0-1 this way).
  const mean = await sharp(input, { failOn: 'error', pages: 1 })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .grayscale()
    // 'fill': every picture becomes the same grid whatever its ratio.
    .resize(AVERAGED, AVERAGED, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const data = await sharp(mean.data, { raw: { width: AVERAGED, height: AVERAGED, channels: mean.info.channels } })
    .extractChannel(0)
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = data[y * 9 + x] as number;
      const right = data[y * 9 + x + 1] as number;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/**
 * Bits that must be set, and as many clear, for a hash to say something: a flat or nearly flat
 * picture (or a plain left-to-right gradient) hashes to (nearly) all 0s or all 1s, and every such
 * picture would look alike. Those hashes are kept but never matched.
 */
const MIN_BITS_EACH_WAY = 8;

/** Whether a hash tells its picture apart from a blank one (see MIN_BITS_EACH_WAY). */
export function isInformative(hash: string): boolean {
  const set = hammingDistance(hash, '0'.repeat(hash.length));
  return set >= MIN_BITS_EACH_WAY && hash.length * 4 - set >= MIN_BITS_EACH_WAY;
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    diff &= diff - 1n;
    count++;
  }
  return count;
}

/**
 * The hash's bands: 4 runs of 16 bits (4 hex digits each), the first band first. Two hashes
 * within 3 bits share at least one band whole (3 differing bits touch at most 3 of the 4), so a
 * lookup by equality on each band finds every such picture.
 */
export function hashBands(hash: string): string[] {
  const width = hash.length / PICTURE_HASH_BANDS;
  return Array.from({ length: PICTURE_HASH_BANDS }, (_, i) => hash.slice(i * width, (i + 1) * width));
}
