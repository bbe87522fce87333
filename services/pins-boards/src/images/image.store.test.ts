import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@pinhive/kit';
import { createBlobStore, LocalBlobStore, readAll, S3BlobStore } from './image.store';

let dir: string;
let store: LocalBlobStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pinhive-blobs-'));
  store = new LocalBlobStore(path.join(dir, 'images'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Every file under a folder, relative to it. */
async function files(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describe('LocalBlobStore', () => {
  it('puts, reads, tells and deletes a file under its key, making the folders', async () => {
    const key = 'orig/ab/cd/abcd.png';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('bytes'), 'image/png');
    expect(await store.exists(key)).toBe(true);
    const blob = await store.get(key);
    expect(blob?.size).toBe(5);
    expect((await readAll(blob!)).toString()).toBe('bytes');
    expect(await readFile(path.join(dir, 'images', 'orig', 'ab', 'cd', 'abcd.png'), 'utf8')).toBe('bytes');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await store.put('a/b.gif', Buffer.from('one'), 'image/gif');
    await store.put('a/b.gif', Buffer.from('two'), 'image/gif');
    expect(await files(store.root)).toEqual([path.join('a', 'b.gif')]);
    expect((await readAll((await store.get('a/b.gif'))!)).toString()).toBe('two');
  });

  it.each(['../escape.png', '/etc/passwd.png', 'a/../../b.png', 'a//b.png', 'a\\b.png', 'a/.b.png', 'noext', 'a/b.png/'])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow('refused blob key');
    await expect(store.get(key)).rejects.toThrow('refused blob key');
    await expect(store.exists(key)).rejects.toThrow('refused blob key');
    await expect(store.delete(key)).rejects.toThrow('refused blob key');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('createBlobStore', () => {
  const base = { IMAGES_DIR: '/tmp/x', IMAGES_S3_REGION: 'us-east-1' };
  it('is the local folder unless a bucket is named', () => {
    expect(createBlobStore(base)).toBeInstanceOf(LocalBlobStore);
    expect(createBlobStore({ ...base, IMAGES_S3_BUCKET: 'pins', IMAGES_S3_ENDPOINT: 'http://127.0.0.1:9000', IMAGES_S3_ACCESS_KEY_ID: 'k', IMAGES_S3_SECRET_ACCESS_KEY: 's' })).toBeInstanceOf(S3BlobStore);
  });

  it('refuses S3 settings that do not go together', () => {
    expect(() => createBlobStore({ ...base, IMAGES_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => createBlobStore({ ...base, IMAGES_S3_BUCKET: 'pins', IMAGES_S3_ACCESS_KEY_ID: 'k' })).toThrow(/IMAGES_S3_SECRET_ACCESS_KEY/);
  });
});
