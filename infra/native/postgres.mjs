// The stack's own PostgreSQL cluster, the store under FerretDB (its PostgreSQL backend). Debian's
// server binaries, a cluster of our own under <runDir>/data/postgres (never the system's),
// loopback TCP only, password authentication with a secret generated at initdb.
// Plain Node ESM, built-ins only: it runs before `npm ci`.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const PG_USER = 'pinhive';
export const PG_DATABASE = 'ferretdb';

/** The newest /usr/lib/postgresql/<major>/bin (Debian keeps server binaries off PATH). */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  const majors = fs.existsSync(base) ? fs.readdirSync(base).filter((d) => /^\d+$/.test(d)).sort((a, b) => b - a) : [];
  for (const m of majors) {
    const bin = path.join(base, m, 'bin');
    if (fs.existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return null;
}

/**
 * Who runs the server: initdb and postgres refuse root, so as root they run as Debian's
 * `postgres` user (created by the package); anyone else runs them as themselves.
 */
async function serverUser() {
  if (os.userInfo().uid !== 0) return {};
  const id = async (flag) => Number((await exec('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    throw new Error('[postgres] running as root but there is no "postgres" user: install Debian\'s postgresql package (node infra/native/install.mjs)');
  }
}

/**
 * The data folder. Normally <runDir>/data/postgres; when the unprivileged user cannot reach the
 * run folder (a clone under /root, mode 700), the cluster lives in /var/lib/pinhive/<hash> and
 * <runDir>/data/postgres is a link to it, so it still goes with the run folder.
 */
async function dataDir(p, user) {
  const inRun = path.join(p.runDir, 'data', 'postgres');
  if (user.uid === undefined) return inRun;
  const parent = path.dirname(inRun);
  fs.mkdirSync(parent, { recursive: true });
  const reachable = await exec('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', 'test', '-x', parent])
    .then(() => true, () => false);
  if (reachable) return inRun;
  const outside = path.join('/var/lib/pinhive', createHash('sha256').update(p.runDir).digest('hex').slice(0, 16), 'postgres');
  if (!fs.existsSync(inRun)) {
    fs.mkdirSync(outside, { recursive: true });
    fs.symlinkSync(outside, inRun);
  }
  return fs.realpathSync(inRun);
}

/** Removes the cluster's files, following the link of dataDir() (for --fresh). */
export function removePostgresData(p) {
  const inRun = path.join(p.runDir, 'data', 'postgres');
  try {
    if (fs.lstatSync(inRun).isSymbolicLink()) fs.rmSync(fs.realpathSync(inRun), { recursive: true, force: true });
  } catch { /* absent */ }
}

const secretFile = (p) => path.join(p.runDir, 'data', 'postgres.secret');

/** The password of the pinhive role (made at initdb; readable by the launching user only). */
export function postgresPassword(p) {
  return fs.readFileSync(secretFile(p), 'utf8').trim();
}

/** The URL FerretDB connects with (the password goes in PGPASSWORD, not on a command line). */
export function postgresUrl(p) {
  // FerretDB's default pool is 50 connections; 2 cores need far fewer, each costs memory.
  return `postgres://${PG_USER}@127.0.0.1:${p.postgresPort}/${PG_DATABASE}?pool_max_conns=20`;
}

/**
 * Creates the cluster on first start (initdb as the unprivileged user that owns the folder) and
 * returns the command that runs the server. Settings are flags, not a rewritten
 * postgresql.conf, so a change here applies to existing clusters on their next start.
 */
export async function preparePostgres(p, log) {
  const bin = postgresBin();
  if (!bin) throw new Error('[postgres] PostgreSQL server binaries not found under /usr/lib/postgresql: run `node infra/native/install.mjs`');
  const user = await serverUser();
  const dir = await dataDir(p, user);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`[postgres] creating the cluster in ${dir} (initdb)`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(24).toString('base64url');
    const pwfile = path.join(os.tmpdir(), `pinhive-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.writeFileSync(pwfile, `${secret}\n`, { mode: 0o600 });
    try {
      if (user.uid !== undefined) {
        fs.chownSync(dir, user.uid, user.gid);
        fs.chownSync(pwfile, user.uid, user.gid);
      }
      const run = (cmd, args) => new Promise((resolve, reject) => {
        execFile(cmd, args, { uid: user.uid, gid: user.gid, cwd: os.tmpdir() }, (err, stdout, stderr) =>
          err ? reject(new Error(`[postgres] initdb failed: ${err.message}\n${stdout}${stderr}`)) : resolve());
      });
      await run(path.join(bin, 'initdb'), ['-D', dir, '-U', PG_USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256',
        '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions']);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(secretFile(p), `${secret}\n`, { mode: 0o600 });
  }
  const test = p.name === 'test';
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(p.postgresPort),
    unix_socket_directories: '', // TCP only: the system's socket folder is not ours to use
    shared_buffers: '128MB',
    max_connections: '40',
    // Fresh statistics soon after a bulk load, so the planner picks the GIN indexes.
    autovacuum_naptime: '10s',
    log_destination: 'stderr',
    logging_collector: 'off',
    log_min_messages: 'warning',
    // Statements' counts and times (`npm run bench -- cost` reads them per save); the view comes
    // with `CREATE EXTENSION pg_stat_statements` in the database that reads it.
    shared_preload_libraries: 'pg_stat_statements',
    // The test profile's data is thrown away after the run: durability buys nothing there.
    ...(test ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
  };
  const args = ['-D', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // cwd: the server's user may not be able to enter the run folder (see dataDir).
  return { command: path.join(bin, 'postgres'), args, uid: user.uid, gid: user.gid, cwd: dir };
}

/** Ready when it accepts a log-in (pg_isready says only that the postmaster answers). */
export async function postgresReady(p) {
  const bin = postgresBin();
  const env = { ...process.env, PGPASSWORD: postgresPassword(p), PGCONNECT_TIMEOUT: '2' };
  await exec(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(p.postgresPort), '-U', PG_USER, '-d', 'postgres', '-Atqc', 'select 1'], { env });
  return true;
}

/** Creates FerretDB's database once (idempotent). */
export async function ensureFerretDatabase(p, log) {
  const bin = postgresBin();
  const env = { ...process.env, PGPASSWORD: postgresPassword(p) };
  const psql = (sql, db = 'postgres') => exec(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(p.postgresPort), '-U', PG_USER, '-d', db, '-Atqc', sql], { env });
  const { stdout } = await psql(`select 1 from pg_database where datname = '${PG_DATABASE}'`);
  if (stdout.trim() === '1') return;
  log(`[postgres] creating database ${PG_DATABASE}`);
  await psql(`create database ${PG_DATABASE}`);
}
