import { createHash } from 'node:crypto';
import { AppError } from '@pinhive/kit';
import sharp from 'sharp';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processImage, processImageFile } from './image.processing';

const solid = (width: number, height: number, background = '#ff0000') => sharp({ create: { width, height, channels: 3, background } });
const png = (width: number, height: number, background?: string) => solid(width, height, background).png().toBuffer();

/** The refusal a promise ends with: its code, field and HTTP status. */
async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { code: e.code, field: e.data?.field, status: e.status };
}

describe('processImage', () => {
  it('keeps a PNG as received, makes a 236 px wide rendition and names it by its hash', async () => {
    const bytes = await png(472, 300);
    const img = await processImage(bytes, { field: 'image_url' });
    expect(img.id).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(img).toMatchObject({ width: 472, height: 300, animated: false });
    expect(img.renditions.orig.bytes.equals(bytes)).toBe(true);
    expect(img.renditions.orig).toMatchObject({ format: 'png', width: 472, height: 300 });
    expect(img.renditions['236x']).toMatchObject({ format: 'png', width: 236, height: 150 });
    expect(await sharp(img.renditions['236x'].bytes).metadata()).toMatchObject({ format: 'png', width: 236, height: 150 });
  });

  it("reports sharp's dominant colour as #rrggbb (the centre of its histogram's fullest bin)", async () => {
    expect((await processImage(await png(200, 200, '#ff0000'), { field: 'f' })).dominantColor).toBe('#f80808');
    expect((await processImage(await png(200, 200, '#123456'), { field: 'f' })).dominantColor).toBe('#183858');
  });

  it('refuses 119 px or less on either side and accepts 120', async () => {
    expect(await refusal(processImage(await png(119, 500), { field: 'image_base64' }))).toEqual({ code: 'image_too_small', field: 'image_base64', status: 400 });
    expect(await refusal(processImage(await png(500, 119), { field: 'image_url' }))).toMatchObject({ code: 'image_too_small' });
    const ok = await processImage(await png(120, 120), { field: 'f' });
    // Smaller than the grid's column: enlarged so the columns line up.
    expect(ok.renditions['236x']).toMatchObject({ width: 236, height: 236 });
  });

  it('refuses what is not an image, an empty file and SVG', async () => {
    expect(await refusal(processImage(Buffer.from('<html>not an image</html>'), { field: 'image_url' }))).toEqual({ code: 'image_invalid', field: 'image_url', status: 400 });
    expect(await refusal(processImage(Buffer.alloc(0), { field: 'f' }))).toMatchObject({ code: 'image_invalid' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="red"/></svg>');
    expect(await refusal(processImage(svg, { field: 'f' }))).toMatchObject({ code: 'image_invalid' });
  });

  it('refuses a truncated file', async () => {
    const bytes = await solid(400, 400).jpeg().toBuffer();
    expect(await refusal(processImage(bytes.subarray(0, Math.floor(bytes.length / 2)), { field: 'f' }))).toMatchObject({ code: 'image_invalid' });
  });

  it('refuses a file over the byte limit before decoding it', async () => {
    const bytes = await png(300, 300);
    expect(await refusal(processImage(bytes, { field: 'image_base64', maxBytes: bytes.length - 1 }))).toEqual({ code: 'image_too_large', field: 'image_base64', status: 413 });
    await expect(processImage(bytes, { field: 'f', maxBytes: bytes.length })).resolves.toMatchObject({ width: 300 });
  });

  it('keeps an animated GIF animated and gives it a still 236x (its first frame)', async () => {
    const frames = await Promise.all(['#00ff00', '#0000ff', '#ff0000'].map((colour) => png(300, 200, colour)));
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: 100, loop: 0 }).toBuffer();
    const img = await processImage(gif, { field: 'f' });
    expect(img).toMatchObject({ width: 300, height: 200, animated: true, dominantColor: '#08f808' });
    expect(img.renditions.orig.bytes.equals(gif)).toBe(true);
    const small = await sharp(img.renditions['236x'].bytes).metadata();
    expect(small).toMatchObject({ format: 'gif', width: 236, height: 157 });
    expect(small.pages ?? 1).toBe(1);
  });

  it('re-encodes a JPEG carrying EXIF (phones put GPS there) without it, orientation applied', async () => {
    // Orientation 6: stored 300x200, shown 200x300.
    const bytes = await solid(300, 200, '#0000ff').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const img = await processImage(bytes, { field: 'f' });
    expect(img).toMatchObject({ width: 200, height: 300 });
    expect(img.renditions.orig.bytes.equals(bytes)).toBe(false);
    const orig = await sharp(img.renditions.orig.bytes).metadata();
    expect(orig).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(orig.exif).toBeUndefined();
    expect(img.renditions['236x']).toMatchObject({ format: 'jpeg', width: 236, height: 354 });
  });

  it('converts a format browsers do not all show (TIFF) to PNG or JPEG', async () => {
    const tiff = await solid(300, 300).tiff().toBuffer();
    const img = await processImage(tiff, { field: 'f' });
    expect(img.renditions.orig.format).toBe('jpeg');
    expect((await sharp(img.renditions.orig.bytes).metadata()).format).toBe('jpeg');
    const withAlpha = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).tiff({ compression: 'lzw' }).toBuffer();
    expect((await processImage(withAlpha, { field: 'f' })).renditions.orig.format).toBe('png');
  });
});

describe('processImageFile (an upload streamed to disk)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'process-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const onDisk = async (bytes: Buffer) => {
    const file = path.join(dir, 'upload');
    await writeFile(file, bytes);
    return { path: file, size: bytes.length, id: createHash('sha256').update(bytes).digest('hex') };
  };

  it('keeps the file itself as the original and makes the 236 px rendition from it', async () => {
    const bytes = await png(472, 300);
    const file = await onDisk(bytes);
    const img = await processImageFile(file, { field: 'file' });
    expect(img).toMatchObject({ id: file.id, width: 472, height: 300 });
    expect(img.renditions.orig.bytes).toEqual({ file: file.path, size: bytes.length });
    expect(img.renditions['236x']).toMatchObject({ width: 236, height: 150 });
  });

  it('writes a re-encoded original beside the file, not into memory', async () => {
    const bytes = await solid(300, 200, '#0000ff').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const file = await onDisk(bytes);
    const img = await processImageFile(file, { field: 'file' });
    const orig = img.renditions.orig.bytes as { file: string; size: number };
    expect(orig.file).toBe(`${file.path}.orig`);
    const meta = await sharp(orig.file).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file that is not an image', async () => {
    expect(await refusal(processImageFile(await onDisk(Buffer.from('not an image')), { field: 'file' }))).toEqual({ code: 'image_invalid', field: 'file', status: 400 });
  });
});
