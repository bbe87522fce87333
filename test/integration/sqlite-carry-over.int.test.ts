import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON, MongoClient } from 'mongodb';
import { nativeServers, servers, uniqueName } from '../support/servers';

/**
 * A dev data folder written by the first store (FerretDB on SQLite) is carried over into the
 * PostgreSQL-backed store on its first start: every collection with its indexes, the counts
 * compared, the old folder kept aside. A copy that does not check out stops the start with the
 * reason and leaves both stores as they were. (Native servers only: containers run mongo:7.)
 */
const root = path.resolve(__dirname, '../..');
const cli = (...args: string[]) => spawnSync(process.execPath, ['test/support/infra-cli.mjs', ...args], { cwd: root, encoding: 'utf8' });
const describeNative = nativeServers() ? describe : describe.skip;

describeNative('carrying a SQLite store over', () => {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-carry-'));
  const oldDir = path.join(runDir, 'data', 'ferretdb');
  const dbA = uniqueName('a_carry');
  const dbB = uniqueName('b_carry');
  const docs = [
    { _id: 'one', email: 'ada@example.com', small: 5, big: BSON.Long.fromNumber(2 ** 40), ratio: 1.5, at: new Date('2026-03-04T05:06:07.089Z'), nested: { list: [1, 'two', null], ok: true }, none: null },
    { _id: 'two', email: 'bob@example.com', small: -7, big: BSON.Long.fromNumber(-(2 ** 41)), ratio: 0.25, at: new Date(0), nested: { list: [], ok: false }, none: null },
  ];
  let target: MongoClient;
  let before: string; // the old store's documents, as it held them
  const targetDbs = async () => (await target.db('admin').admin().listDatabases()).databases.map((d) => d.name);
  // Canonical extended JSON keeps int32, int64 and double apart, so a changed type fails.
  const dump = async (client: MongoClient, db: string) =>
    BSON.EJSON.stringify(await client.db(db).collection('users').find({}, { promoteValues: false, sort: { _id: 1 } }).toArray(), { relaxed: false });

  beforeAll(async () => {
    // Write the old store with the same binary in its SQLite mode, as the first version did.
    const port = 20000 + Math.floor(Math.random() * 5000);
    const bin = cli('ferretdb-binary').stdout.trim();
    const old: ChildProcess = spawn(bin, ['-handler', 'sqlite', '-data', oldDir, '-listen', `127.0.0.1:${port}`], { stdio: 'ignore' });
    const client = new MongoClient(`mongodb://127.0.0.1:${port}`, { retryWrites: false, serverSelectionTimeoutMS: 20_000 });
    try {
      await client.connect();
      await client.db(dbA).collection('users').createIndex({ email: 1 }, { unique: true });
      await client.db(dbA).collection('users').insertMany(docs as never[]);
      await client.db(dbB).collection('notes').insertOne({ _id: 'n1', text: 'kept' } as never);
      before = await dump(client, dbA);
    } finally {
      await client.close();
      old.kill('SIGTERM');
      await new Promise((resolve) => old.once('exit', resolve));
    }
    target = await new MongoClient(servers.mongoUrl(''), { retryWrites: false }).connect();
  });

  afterAll(async () => {
    await target?.db(dbA).dropDatabase().catch(() => undefined);
    await target?.db(dbB).dropDatabase().catch(() => undefined);
    await target?.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  });

  it('stops with the reason and changes nothing when the copy does not check out', async () => {
    // The new store already holds a document where the copy would write: it must not mix them.
    await target.db(dbB).collection('notes').insertOne({ _id: 'other', text: 'already here' } as never);
    const res = cli('carry-over', runDir);
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('did not check out');
    expect(res.stderr).toContain(`${dbB}.notes already has documents`);
    expect(fs.readdirSync(oldDir).some((f) => f.endsWith('.sqlite'))).toBe(true);
    expect(await targetDbs()).not.toContain(dbA); // the part copied before the failure was dropped
    expect(await target.db(dbB).collection('notes').find().toArray()).toEqual([{ _id: 'other', text: 'already here' }]);
  });

  it('copies every collection with its indexes, values and types once, and keeps the old folder aside', async () => {
    await target.db(dbB).dropDatabase();
    const res = cli('carry-over', runDir);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('every count matched');
    expect(res.stdout).toContain(`${dbA}.users: 2 documents, 1 indexes`);

    expect(before).toContain('"$numberLong"'); // the types under test were really stored
    expect(before).toContain('"$numberInt"');
    expect(await dump(target, dbA)).toBe(before);
    expect(await target.db(dbB).collection('notes').find().toArray()).toEqual([{ _id: 'n1', text: 'kept' }]);
    const unique = (await target.db(dbA).collection('users').indexes()).find((i) => i.name === 'email_1');
    expect(unique).toMatchObject({ key: { email: 1 }, unique: true });
    await expect(target.db(dbA).collection('users').insertOne({ _id: 'three', email: 'ada@example.com' } as never)).rejects.toMatchObject({ code: 11000 });

    expect(fs.existsSync(oldDir)).toBe(false);
    expect(fs.readdirSync(`${oldDir}.sqlite-carried-over`).some((f) => f.endsWith('.sqlite'))).toBe(true);
    // Once only: the next start finds nothing to carry over.
    const again = cli('carry-over', runDir);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('');
  });
});
