import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@pinhive/kit';
import { receiveUpload } from './image.upload';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'upload-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `count` chunks of `size` bytes, each made when it is read (never all at once). */
function chunks(count: number, size: number): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i === count) return this.push(null);
      this.push(Buffer.alloc(size, i++ % 251));
    },
  });
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { code: err.code, status: err.status, field: err.toBody().data?.field };
};

describe('receiveUpload (the pin builder\'s streamed upload)', () => {
  it('writes the body to a file with its size and sha256, and removes it when asked', async () => {
    const bytes = Buffer.from('not really an image, but bytes all the same');
    const got = await receiveUpload(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), { maxBytes: 1000, field: 'file', dir });
    expect(got.size).toBe(bytes.length);
    expect(got.id).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await readFile(got.path)).equals(bytes)).toBe(true);
    await got.remove();
    expect(existsSync(got.path)).toBe(false);
  });

  it('streams a large body through without holding it in memory', async () => {
    const before = process.memoryUsage();
    // 96 MB in 64 KB chunks.
    const got = await receiveUpload(chunks(1536, 64 * 1024), { maxBytes: 200 * 1024 * 1024, field: 'file', dir });
    const after = process.memoryUsage();
    expect(got.size).toBe(96 * 1024 * 1024);
    // Far below the file's size: a whole-file buffer would add 96 MB of array buffers.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(32 * 1024 * 1024);
    await got.remove();
  });

  it('refuses a body over the limit as soon as it passes it, and leaves no file', async () => {
    expect(await refusal(receiveUpload(chunks(10, 1024), { maxBytes: 4096, field: 'file', dir }))).toEqual({ code: 'image_too_large', status: 413, field: 'file' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses by Content-Length before reading anything', async () => {
    const body = chunks(1, 10);
    expect(await refusal(receiveUpload(body, { maxBytes: 100, field: 'file', dir, declaredLength: 101 }))).toMatchObject({ code: 'image_too_large', status: 413 });
    expect(body.readableEnded).toBe(false);
  });

  it('refuses an empty body', async () => {
    expect(await refusal(receiveUpload(Readable.from([]), { maxBytes: 100, field: 'file', dir }))).toMatchObject({ code: 'image_invalid', status: 400 });
  });
});
