import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appError } from '@pinhive/kit';

/** An upload received onto local disk: its file, size and sha256, and how to remove it. */
export interface ReceivedUpload {
  path: string;
  size: number;
  id: string;
  remove(): Promise<void>;
}

export interface ReceiveOptions {
  maxBytes: number;
  /** The request field named in refusals. */
  field: string;
  /** Content-Length, when the client sent one: refused before a byte is read when it is over. */
  declaredLength?: number;
  /** Where uploads wait while they are processed (the machine's temporary folder by default). */
  dir?: string;
}

const tooLarge = (field: string, maxBytes: number) => appError('image_too_large', { field, detail: `The limit is ${maxBytes} bytes.` });

/**
 * Streams a request body to a temporary file, counting and hashing it on the way: at most one
 * chunk is in memory at a time, whatever the file's size (the pin builder's 200 MB). Past
 * `maxBytes` it stops reading and refuses (413), and the partial file is removed. A file on
 * local disk (not the image store) because sharp decodes it twice and the same bytes must not
 * be fetched back from S3 for that.
 */
export async function receiveUpload(body: Readable, opts: ReceiveOptions): Promise<ReceivedUpload> {
  const { maxBytes, field } = opts;
  if (opts.declaredLength !== undefined && opts.declaredLength > maxBytes) throw tooLarge(field, maxBytes);
  const base = opts.dir ?? path.join(os.tmpdir(), 'pinhive-uploads');
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(path.join(base, 'up-'));
  const file = path.join(dir, 'upload');
  const remove = () => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(field, maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    // The request is piped, not handed to pipeline(): pipeline would destroy it on a refusal,
    // and with it the socket the 413 must be answered on. Once refused, the rest of the body is
    // read and dropped (the gateway bounds it).
    const written = pipeline(counter, createWriteStream(file, { flags: 'wx' }));
    const failed = (err: Error) => counter.destroy(err);
    body.once('error', failed).once('aborted', () => failed(new Error('upload aborted')));
    body.pipe(counter);
    try {
      await written;
    } finally {
      body.off('error', failed);
      if (!body.readableEnded) {
        body.unpipe(counter);
        body.resume();
      }
    }
  } catch {
    await remove();
    if (size > maxBytes) throw tooLarge(field, maxBytes);
    // The client went away, or the body could not be read.
    throw appError('bad_request', { field, message: 'The upload did not arrive whole. Try again.' });
  }
  if (size === 0) {
    await remove();
    throw appError('image_invalid', { field, detail: 'The file is empty.' });
  }
  return { path: file, size, id: hash.digest('hex'), remove };
}
