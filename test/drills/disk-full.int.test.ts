import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { Client } from 'pg';
import { startService, type RunningService } from '@pinhive/kit';
import { loadPinsBoardsConfig, type PinsBoardsConfig } from '../../services/pins-boards/src/config';
import { pinsBoardsService } from '../../services/pins-boards/src/service';
import { followCalls } from '../../services/pins-boards/test/support/follows';
import { ok, seedProfiles, whenReady, type Person } from '../../services/pins-boards/test/support/resources';
import { drillSize, recordDrill } from '../support/drills';
import { nativeServers, serviceEnv, servers, startServer, stopServer, uniqueName, waitFor } from '../support/servers';
import { testViewers } from '../support/test-viewers';

/**
 * Drill "disk-full" (issue 26): the store's data on a filesystem that fills up. A small tmpfs
 * (size=) is made PostgreSQL's default tablespace for FerretDB's database, so the drill's
 * collections live there, while the write-ahead log stays on the real disk (a full WAL disk
 * stops PostgreSQL by design: a crash drill, not this one). A filler file then takes the space
 * left. Writes answer 507 `insufficient_storage` in the envelope (never a 500, never a crash),
 * reads go on, nothing answered 2xx is lost, and once the filler is deleted writes succeed again
 * with nothing restarted. Root only (mount), and the native servers only (the tablespace).
 */
const TMPFS_MB = drillSize(8, 64);
/** Writes tried on the full disk: the first ones may still fit in pages the tables already have. */
const WRITES_WHEN_FULL = drillSize(300, 3_000);
const TABLESPACE = 'pinhive_drill_full';

const db = uniqueName('drill_disk');
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-drill-disk-'));
const mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-drill-tmpfs-'));
const filler = path.join(mountDir, 'filler');
let mounted = false;
let pg: Client;
let pins: RunningService<PinsBoardsConfig>;
let viewers: Awaited<ReturnType<typeof testViewers>>;
let conn: Connection;
const ada: Person = { id: 'user-ada', username: 'ada' };
const calls = followCalls(() => ({ url: pins.url, viewers }));
const canRun = nativeServers() && process.getuid?.() === 0;

/** FerretDB opens new PostgreSQL sessions, which take the database's default tablespace. */
function restartFerretdb(): void {
  stopServer('ferretdb');
  startServer('ferretdb');
}

beforeAll(async () => {
  if (!canRun) return;
  // The tablespace's folder belongs to the user PostgreSQL runs as (the owner of its cluster).
  const { runDir } = JSON.parse(execFileSync(process.execPath, ['test/support/infra-cli.mjs', 'profile'], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' })) as { runDir: string };
  const owner = fs.statSync(path.join(runDir, 'data', 'postgres'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m,uid=${owner.uid},gid=${owner.gid},mode=0700`, 'tmpfs', mountDir]);
  mounted = true;
  pg = new Client({ connectionString: servers.postgresUrl('ferretdb') });
  await pg.connect();
  await pg.query(`CREATE TABLESPACE ${TABLESPACE} LOCATION '${mountDir}'`);
  await pg.query(`ALTER DATABASE ferretdb SET default_tablespace = ${TABLESPACE}`);
  restartFerretdb();
  viewers = await testViewers();
  pins = await startService(pinsBoardsService(loadPinsBoardsConfig({ ...serviceEnv(db, `${uniqueName('dd')}.`), AUTH_JWKS_URL: viewers.jwksUrl, IMAGES_DIR: imagesDir })));
  await whenReady(pins.url);
  conn = await mongoose.createConnection(servers.mongoUrl(db), { retryWrites: false }).asPromise();
  await seedProfiles(conn, [[ada, 'Ada']]);
}, 120_000);

afterAll(async () => {
  fs.rmSync(filler, { force: true });
  await pins?.close();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await viewers?.close();
  if (pg) {
    // Back as it was: the database's tables on the cluster's own disk, the tablespace gone.
    await pg.query('ALTER DATABASE ferretdb RESET default_tablespace').catch(() => undefined);
    restartFerretdb();
    await pg.query(`DROP TABLESPACE IF EXISTS ${TABLESPACE}`).catch((err: Error) => console.warn(`tablespace left: ${err.message}`));
    await pg.end();
  }
  if (mounted) execFileSync('umount', [mountDir]);
  fs.rmSync(mountDir, { recursive: true, force: true });
  fs.rmSync(imagesDir, { recursive: true, force: true });
}, 60_000);

/** Fills what is left of the tmpfs (tmpfs has no fallocate: written in 1 MiB pieces until ENOSPC). */
function fillDisk(): void {
  const fd = fs.openSync(filler, 'w');
  const piece = Buffer.alloc(1 << 20);
  try {
    for (;;) fs.writeSync(fd, piece);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  // The last pieces: whatever a 1 MiB write could not take.
  const fd2 = fs.openSync(filler, 'a');
  try {
    for (;;) fs.writeSync(fd2, Buffer.alloc(4096));
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd2);
  }
}

(canRun ? it : it.skip)('a full disk: writes answer 507 in the envelope, reads go on, nothing is lost; space back: writes work again', async () => {
  const before = await calls.createBoard(ada, 'Written before the disk filled');
  const pinBefore = await calls.savePin(ada, before.id, '#7744aa');
  // The board's count follows the save's event: counted before the disk fills, so that the read below sees it.
  await waitFor(async () => (ok<{ pin_count: number }>(await calls.get('BoardResource', { board_id: before.id }, ada)).pin_count === 1 ? true : undefined), 'the save to be counted', 30_000, 100);
  fillDisk();

  const created: string[] = [];
  const answers = new Map<number, number>();
  let refused: { status: number; code?: string; retryAfter?: string } | undefined;
  for (let i = 0; i < WRITES_WHEN_FULL && !refused; i++) {
    const res = await calls.write('BoardResource', 'create', { name: `full ${i}`, privacy: 'public' }, ada);
    answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
    if (res.status === 201) created.push((res.body.resource_response.data as { id: string }).id);
    else refused = { status: res.status, code: res.body.resource_response.error?.code, retryAfter: res.headers['retry-after'] };
  }
  // Refused with a clear error, not a 500: the person is told to try later.
  expect(refused).toEqual({ status: 507, code: 'insufficient_storage', retryAfter: expect.stringMatching(/^\d+$/) });
  // Reads go on while the disk is full.
  expect(ok<{ pin_count: number }>(await calls.get('BoardResource', { board_id: before.id }, ada)).pin_count).toBe(1);
  ok(await calls.get('PinResource', { id: pinBefore.id }, ada));

  fs.rmSync(filler);
  const back = Date.now();
  const after = await waitFor(async () => {
    const res = await calls.write('BoardResource', 'create', { name: 'Written once space returned', privacy: 'public' }, ada);
    return res.status === 201 ? (res.body.resource_response.data as { id: string }) : undefined;
  }, 'writes to work again once space returned', 30_000, 250);
  const recoveredMs = Date.now() - back;

  // Nothing corrupted or lost: every board answered 201 reads back, the refused one is not stored.
  for (const id of [before.id, ...created, after.id]) ok(await calls.get('BoardResource', { board_id: id }, ada));
  expect(await conn.collection('boards').countDocuments({ ownerId: ada.id })).toBe(created.length + 2);
  recordDrill('disk-full', { tmpfsMb: TMPFS_MB, writesOnFullDisk: Object.fromEntries(answers), recoveredMs });
}, 120_000);
