import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError } from '@pinhive/kit';
import type { ImagesConfig } from './images.config';

/** A stored file being read. */
export interface StoredBlob {
  body: Readable;
  /** Bytes, when the store knows it before reading. */
  size: number | undefined;
}

/**
 * Where image files live. Keys are relative slash-separated names (image.keys.ts builds them);
 * every implementation refuses any other shape, so a key can never climb out of the store.
 */
export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The same from a local file, read as a stream (an upload of up to 200 MB is never in memory whole). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredBlob | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Segments of letters, digits, `_` and `-`, the last with one extension: no `.`, `..`, `\` or absolute path. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`refused blob key: ${JSON.stringify(key)}`);
  return key;
}

export async function readAll(blob: StoredBlob): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const isMissing = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === 'ENOENT';

/** Files in a local folder (one machine, or a shared volume). */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const file = path.resolve(this.root, ...checkedKey(key).split('/'));
    // The key's shape already rules this out; kept so a future looser shape cannot.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`refused blob key: ${JSON.stringify(key)}`);
    return file;
  }

  /**
   * Written to a temporary file beside the target, then renamed over it: a reader (or a crash)
   * sees the whole file or none, never half of one.
   */
  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  /** Copied (the kernel's copy, no buffer of ours) to a temporary file, then renamed, as put() does. */
  async putFile(key: string, source: string, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await copyFile(source, temp);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }
}

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; addressed by path (`endpoint/bucket/key`), which they all accept. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const s3NotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Objects in an S3 bucket (AWS, MinIO, Ceph, ...), for several machines sharing the images. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  constructor(opts: S3BlobStoreOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType }));
  }

  /** Streamed from the file; S3 needs the length of a streamed body up front. */
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredBlob | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      if (!res.Body) return null;
      // In Node the SDK's body is a Readable (an IncomingMessage) with helpers mixed in.
      const body = res.Body instanceof Readable ? res.Body : Readable.from(Buffer.from(await res.Body.transformToByteArray()));
      return { body, size: res.ContentLength };
    } catch (err) {
      if (s3NotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return true;
    } catch (err) {
      if (s3NotFound(err)) return false;
      throw err;
    }
  }
}

/**
 * The store the configuration names: S3 when IMAGES_S3_BUCKET is set, else the local folder
 * IMAGES_DIR. The S3 variables that only make sense together are checked here, at start.
 */
export function createBlobStore(config: Pick<ImagesConfig, 'IMAGES_DIR' | 'IMAGES_S3_BUCKET' | 'IMAGES_S3_ENDPOINT' | 'IMAGES_S3_REGION' | 'IMAGES_S3_ACCESS_KEY_ID' | 'IMAGES_S3_SECRET_ACCESS_KEY'>): BlobStore {
  const { IMAGES_S3_BUCKET: bucket, IMAGES_S3_ACCESS_KEY_ID: accessKeyId, IMAGES_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!bucket) {
    const stray = (['IMAGES_S3_ENDPOINT', 'IMAGES_S3_ACCESS_KEY_ID', 'IMAGES_S3_SECRET_ACCESS_KEY'] as const).filter((k) => config[k] !== undefined);
    if (stray.length) throw new ConfigError(stray.map((k) => `${k}: is set but IMAGES_S3_BUCKET is not (set the bucket to store images in S3)`));
    return new LocalBlobStore(config.IMAGES_DIR);
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    const missing = accessKeyId === undefined ? 'IMAGES_S3_ACCESS_KEY_ID' : 'IMAGES_S3_SECRET_ACCESS_KEY';
    throw new ConfigError([`${missing}: must be set with the other S3 key (or leave both unset for the default credential chain)`]);
  }
  return new S3BlobStore({
    bucket,
    region: config.IMAGES_S3_REGION,
    ...(config.IMAGES_S3_ENDPOINT ? { endpoint: config.IMAGES_S3_ENDPOINT } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}
