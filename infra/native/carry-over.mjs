// Carries a dev data folder written by the first store (FerretDB on SQLite, <runDir>/data/ferretdb
// with one <db>.sqlite per database) over into the PostgreSQL-backed store, once, on its first
// start. The old store is opened read-only in spirit by the same binary with `-handler sqlite` on
// a private port; every collection is copied with its indexes and its count compared. Only when
// every count matches is the old folder renamed aside (kept, never deleted: the person decides).
// A copy that does not check out stops the start with the reason, drops what it had copied, and
// leaves the old folder where it was, so the next start tries again.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { mongoPing } from './health.mjs';
import { startProcess, stopProcess } from './process.mjs';

const SYSTEM_DBS = new Set(['admin', 'local', 'config']);
const BATCH = 1000;

/** The SQLite store's folder when it holds databases not yet carried over, else null. */
export function sqliteStoreToCarry(p) {
  const dir = path.join(p.runDir, 'data', 'ferretdb');
  if (!fs.existsSync(dir)) return null;
  return fs.readdirSync(dir).some((f) => f.endsWith('.sqlite')) ? dir : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Copies every collection of `src` into `dst` (MongoClients); returns per-collection counts. */
export async function copyAll(src, dst, log) {
  const srcDbs = (await src.db('admin').admin().listDatabases()).databases.map((d) => d.name).filter((n) => !SYSTEM_DBS.has(n));
  const copied = [];
  const created = [];
  try {
    for (const name of srcDbs) {
      const from = src.db(name);
      const to = dst.db(name);
      const existing = new Set((await to.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
      if (!existing.size) created.push(name);
      for (const { name: coll } of await from.listCollections({}, { nameOnly: true }).toArray()) {
        if (existing.has(coll) && (await to.collection(coll).estimatedDocumentCount()) > 0) {
          throw new Error(`${name}.${coll} already has documents in the new store; not mixing the two`);
        }
        const indexes = (await from.collection(coll).indexes()).filter((i) => i.name !== '_id_')
          .map(({ key, name: iname, unique }) => ({ key, name: iname, ...(unique ? { unique } : {}) }));
        if (indexes.length) await to.collection(coll).createIndexes(indexes);
        else await to.createCollection(coll).catch((err) => { if (err.codeName !== 'NamespaceExists') throw err; });
        // promoteValues false: 32- and 64-bit integers and doubles keep their BSON types.
        const cursor = from.collection(coll).find({}, { batchSize: BATCH, promoteValues: false, bsonRegExp: true });
        let batch = [];
        for await (const doc of cursor) {
          batch.push(doc);
          if (batch.length === BATCH) {
            await to.collection(coll).insertMany(batch, { ordered: true });
            batch = [];
          }
        }
        if (batch.length) await to.collection(coll).insertMany(batch, { ordered: true });
        const [before, after] = await Promise.all([from.collection(coll).countDocuments(), to.collection(coll).countDocuments()]);
        if (before !== after) throw new Error(`${name}.${coll}: ${before} documents in the old store, ${after} copied`);
        copied.push({ collection: `${name}.${coll}`, documents: after, indexes: indexes.length });
        log(`[carry-over] ${name}.${coll}: ${after} documents, ${indexes.length} indexes`);
      }
    }
  } catch (err) {
    // Leave the new store as it was: drop the databases this copy created.
    for (const name of created) await dst.db(name).dropDatabase().catch(() => undefined);
    throw err;
  }
  return copied;
}

/**
 * Runs the carry-over when the run folder still has a SQLite store. `ferretdb` is the binary,
 * which opens the old store with `-handler sqlite`; the new store is already up on p.mongoPort.
 */
export async function carryOverSqliteStore(p, { log = console.log, ferretdb }) {
  const oldDir = sqliteStoreToCarry(p);
  if (!oldDir) return null;
  const t0 = Date.now();
  log(`[carry-over] ${oldDir} was written by the SQLite store: copying it into PostgreSQL (once)`);
  // Loaded only here: infra.mjs otherwise runs on built-ins alone (before `npm ci`).
  const { MongoClient } = await import('mongodb');
  const port = await freePort();
  const name = 'ferretdb-sqlite';
  await startProcess({ name, runDir: p.runDir, log, command: ferretdb, cwd: p.runDir, timeoutMs: 60000,
    args: ['-handler', 'sqlite', '-data', oldDir, '-listen', `127.0.0.1:${port}`], ready: () => mongoPing(port) });
  const src = new MongoClient(`mongodb://127.0.0.1:${port}`, { retryWrites: false, serverSelectionTimeoutMS: 10000 });
  const dst = new MongoClient(`mongodb://127.0.0.1:${p.mongoPort}`, { retryWrites: false, serverSelectionTimeoutMS: 10000 });
  let copied;
  try {
    copied = await copyAll(src, dst, log);
  } catch (err) {
    throw new Error(`[carry-over] the copy of ${oldDir} into PostgreSQL did not check out: ${err.message}. `
      + `Nothing was changed: the old folder is where it was and the copied part was dropped; the next start tries again.`);
  } finally {
    await Promise.allSettled([src.close(), dst.close()]);
    await stopProcess({ name, runDir: p.runDir, log });
  }
  const kept = `${oldDir}.sqlite-carried-over`;
  fs.renameSync(oldDir, kept);
  const docs = copied.reduce((n, c) => n + c.documents, 0);
  log(`[carry-over] done in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${copied.length} collections, ${docs} documents, every count matched. `
    + `The old store is kept at ${kept}; delete it when you no longer need it.`);
  return copied;
}
