// A small process supervisor for long-running local servers (Kafka, FerretDB, Redis, nginx,
// the node services). Plain Node ESM with built-ins only, so it runs before `npm ci`.
//
// Layout under a run directory:
//   <runDir>/logs/<name>.log   stdout+stderr, appended (a restart keeps the earlier output)
//   <runDir>/pids/<name>.pid   "<pid>\n<start time>\n"; the start time (from /proc) guards
//                              against a stale pid file whose pid was reused by another process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 200;
const paths = (runDir, name) => ({
  log: path.join(runDir, 'logs', `${name}.log`),
  pid: path.join(runDir, 'pids', `${name}.pid`),
});

// Process start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null if the
// process is gone or a zombie (a zombie holds its pid until reaped, but it is not running).
function procStart(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may contain spaces
    return fields[0] === 'Z' || fields[0] === 'X' ? null : fields[19];
  } catch {
    return null;
  }
}

// True if a non-zombie process in process group `pgid` exists. Scans /proc rather than using
// kill(-pgid, 0), which also succeeds for zombies nobody reaps (our parent may be gone).
function groupHasLiveMembers(pgid) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
    } catch { /* exited while scanning */ }
  }
  return false;
}

function readPid(runDir, name) {
  try {
    const [pid, start] = fs.readFileSync(paths(runDir, name).pid, 'utf8').split('\n');
    return { pid: Number(pid), start };
  } catch {
    return null;
  }
}

/** The pid of the named process if it is alive (and is the one we started), else null. */
function livePid(runDir, name) {
  const rec = readPid(runDir, name);
  if (!rec || !Number.isInteger(rec.pid) || rec.pid <= 0) return null;
  const start = procStart(rec.pid);
  return start !== null && (!rec.start || rec.start === start) ? rec.pid : null;
}

export function isRunning({ name, runDir }) {
  return livePid(runDir, name) !== null;
}

/** Last `n` lines of a file, from byte `fromOffset` on (so only the current run's output). */
export function tailFile(file, n = 30, fromOffset = 0) {
  try {
    const text = fs.readFileSync(file).subarray(fromOffset).toString('utf8');
    return text.trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no log file)';
  }
}

/** One attempt: true if a TCP connection to host:port succeeds (a cheap `ready` probe). */
export function portOpen(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => { sock.destroy(); resolve(ok); };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

/** Resolves once host:port accepts TCP connections (polled every 200 ms); throws after timeoutMs. */
export async function waitForPort(port, host = '127.0.0.1', timeoutMs = 30000) {
  const t0 = Date.now();
  while (!(await portOpen(port, host))) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${host}:${port} did not accept connections within ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
}

async function safeReady(ready, ctx) {
  try {
    return Boolean(await ready(ctx));
  } catch {
    return false; // a probe that throws (connection refused...) just means "not yet"
  }
}

/**
 * Starts `command args` detached (own process group, survives our exit), unless it is already
 * running. Then polls `ready(ctx)` every 200 ms until it returns true, where
 * ctx = { pid, logFile, logOffset } and logOffset is the log size before this start, so a
 * probe can look for a startup line printed by this run only (0 when already running).
 * Throws if the process exits or `timeoutMs` passes first; the message names the part, says why
 * and quotes the tail of its log.
 * `ports` (optional) are the TCP ports it will listen on: if one already accepts connections
 * before we spawn, it fails at once, because a foreign server there (a system redis on 6379...)
 * could answer the ready() probe while our process is still discovering it cannot bind.
 */
export async function startProcess({
  name, command, args = [], env = process.env, cwd = process.cwd(), runDir,
  ready = async () => true, timeoutMs = 60000, log = console.log, ports = [], uid, gid,
}) {
  const p = paths(runDir, name);
  fs.mkdirSync(path.dirname(p.log), { recursive: true });
  fs.mkdirSync(path.dirname(p.pid), { recursive: true });
  const t0 = Date.now();
  let pid = livePid(runDir, name);
  let exited = null; // set by the exit handler of a child we spawned
  let spawned = false;
  let ctx;

  if (pid !== null) {
    log(`[${name}] already running (pid ${pid})`);
    ctx = { pid, logFile: p.log, logOffset: 0 };
  } else {
    for (const port of ports) {
      if (await portOpen(port)) throw new Error(`${name} cannot start: port ${port} is already in use by another process`);
    }
    const logOffset = fs.existsSync(p.log) ? fs.statSync(p.log).size : 0;
    const fd = fs.openSync(p.log, 'a');
    fs.writeSync(fd, `\n--- ${new Date().toISOString()} starting: ${command} ${args.map((a) => (a === '' ? "''" : a)).join(' ')}\n`);
    // detached: own process group, so stopProcess can signal the whole tree and a Ctrl-C in the
    // launching terminal does not reach it. stdio goes straight to the file, not through us.
    // uid/gid: a server that refuses to run as root (PostgreSQL) runs as an unprivileged user.
    const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', fd, fd], uid, gid });
    fs.closeSync(fd);
    child.once('error', (err) => { exited = `could not be spawned (${err.message})`; });
    child.once('exit', (code, signal) => { exited = `exited with ${signal ?? `code ${code}`}`; });
    child.unref();
    pid = child.pid;
    ctx = { pid, logFile: p.log, logOffset };
    if (pid === undefined) {
      await sleep(0); // a spawn failure (ENOENT...) is reported through 'error', on a later tick
      throw new Error(`${name} ${exited ?? 'could not be spawned'} (command: ${command})`);
    }
    fs.writeFileSync(p.pid, `${pid}\n${procStart(pid) ?? ''}\n`);
    spawned = true;
    log(`[${name}] started (pid ${pid}), log ${p.log}`);
  }

  for (;;) {
    if (exited === null && (await safeReady(ready, ctx))) break;
    const why = exited
      ?? (procStart(pid) === null ? 'exited' : null)
      ?? (Date.now() - t0 > timeoutMs ? `was not ready after ${timeoutMs} ms` : null);
    if (why) {
      // Do not leave a half-started process behind: the next start would take it as running.
      if (spawned) await stopProcess({ name, runDir, timeoutMs: 5000, log });
      fs.rmSync(p.pid, { force: true });
      throw new Error(`${name} ${why}; last lines of ${p.log}:\n${tailFile(p.log, 30, ctx.logOffset)}`);
    }
    await sleep(POLL_MS);
  }
  log(`[${name}] ready in ${Date.now() - t0} ms`);
  return { pid, ms: Date.now() - t0 };
}

/**
 * `stopSignal` (SIGTERM unless the server wants another: PostgreSQL's SIGTERM waits for every
 * client to leave, its SIGINT is the fast shutdown) to the process group, wait for exit, SIGKILL
 * after `timeoutMs`. No-op if not running.
 */
export async function stopProcess({ name, runDir, timeoutMs = 15000, log = console.log, stopSignal = 'SIGTERM' }) {
  const pidFile = paths(runDir, name).pid;
  const pid = livePid(runDir, name);
  if (pid === null) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const t0 = Date.now();
  const signal = (sig) => {
    try { process.kill(-pid, sig); } catch { try { process.kill(pid, sig); } catch { /* gone */ } }
  };
  // The group can outlive its leader (a worker that ignores SIGTERM), so wait for all of it.
  const groupAlive = () => procStart(pid) !== null || groupHasLiveMembers(pid);
  signal(stopSignal);
  while (groupAlive() && Date.now() - t0 < timeoutMs) await sleep(100);
  if (groupAlive()) {
    log(`[${name}] did not stop within ${timeoutMs} ms, sending SIGKILL`);
    signal('SIGKILL');
    while (groupAlive()) await sleep(100);
  }
  fs.rmSync(pidFile, { force: true });
  log(`[${name}] stopped in ${Date.now() - t0} ms`);
}
