import sharp from 'sharp';
import { processImage } from './image.processing';
import { reencodedCopy, scene } from '../../test/support/pictures';
import { hammingDistance, hashBands, isInformative, pictureHash } from './picture-hash';

describe('pictureHash', () => {
  it('is 64 bits as 16 hex digits, the same for the same picture', async () => {
    const picture = await scene('hills', 480, 360);
    const hash = await pictureHash(picture);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(await pictureHash(picture)).toBe(hash);
  });

  it('finds a copy re-encoded as JPEG quality 60 and resized to half within 4 bits', async () => {
    for (const kind of ['hills', 'squares'] as const) {
      const original = await scene(kind, 480, 360);
      const copy = await reencodedCopy(original);
      expect(await sharp(copy).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 180 });
      expect(hammingDistance(await pictureHash(original), await pictureHash(copy))).toBeLessThanOrEqual(4);
    }
  });

  it('is computed at save, of the 236x still, alike for the copy', async () => {
    const original = await scene('hills', 480, 360);
    const copy = await reencodedCopy(original);
    const [a, b] = await Promise.all([processImage(original, { field: 'f' }), processImage(copy, { field: 'f' })]);
    expect(a.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(a.phash, b.phash)).toBeLessThanOrEqual(4);
  });

  it('tells two different pictures apart by more than 10 bits', async () => {
    const hashes = await Promise.all((['hills', 'squares', 'stripes'] as const).map(async (kind) => pictureHash(await scene(kind))));
    for (const [i, a] of hashes.entries()) for (const b of hashes.slice(i + 1)) expect(hammingDistance(a, b)).toBeGreaterThan(10);
  });

  it('says nothing of a flat picture (never matched), something of a scene', async () => {
    const flat = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a7c59' } }).png().toBuffer();
    expect(isInformative(await pictureHash(flat))).toBe(false);
    expect(isInformative(await pictureHash(await scene('hills')))).toBe(true);
    expect(isInformative('0000000000000000')).toBe(false);
    expect(isInformative('ffffffffffffff00')).toBe(true);
    expect(isInformative('fffffffffffffff0')).toBe(false);
  });

  it('reads a transparent picture as if on white', async () => {
    const opaque = await scene('squares', 480, 360);
    const withAlpha = await sharp(opaque).ensureAlpha().png().toBuffer();
    expect(hammingDistance(await pictureHash(opaque), await pictureHash(withAlpha))).toBe(0);
  });
});

describe('hammingDistance', () => {
  it('counts the differing bits of two hashes', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('00000000000000f0', '000000000000000f')).toBe(8);
  });
});

describe('hashBands', () => {
  it('splits the hash into 4 bands of 4 hex digits, first band first', () => {
    expect(hashBands('0123456789abcdef')).toEqual(['0123', '4567', '89ab', 'cdef']);
  });

  it('leaves a band whole for any 3 differing bits (the pigeonhole the lookup relies on)', () => {
    const base = 0x0123456789abcdefn;
    const hex = (n: bigint) => n.toString(16).padStart(16, '0');
    for (const [i, j, k] of [[0, 1, 2], [0, 17, 34], [15, 16, 63], [60, 61, 62]] as const) {
      const flipped = base ^ (1n << BigInt(i)) ^ (1n << BigInt(j)) ^ (1n << BigInt(k));
      const a = hashBands(hex(base));
      const b = hashBands(hex(flipped));
      expect(a.some((band, n) => band === b[n])).toBe(true);
    }
  });
});
