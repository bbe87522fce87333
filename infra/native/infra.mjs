// Starts/stops the native servers (Kafka KRaft, PostgreSQL, FerretDB on it, Redis) of one
// profile, each on its own ports with its state under .run/<profile>, so tests never touch a
// running dev stack.
// CLI: node infra/native/infra.mjs up|down|status [--profile dev|test] [--fresh]
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { kafkaApiVersions, mongoPing, redisPing } from './health.mjs';
import { paths, repoRoot } from './install.mjs';
import { isRunning, startProcess, stopProcess } from './process.mjs';
import { ensureFerretDatabase, postgresPassword, postgresReady, postgresUrl, preparePostgres, removePostgresData } from './postgres.mjs';
import { carryOverSqliteStore } from './carry-over.mjs';

export const PARTS = ['kafka', 'postgres', 'ferretdb', 'redis'];
// Ports stay below 32768: the kernel hands out 32768-60999 as the local ports of outgoing
// connections, and a server port in that range can be taken by one under load.
const DEFAULTS = {
  dev: { kafkaPort: 9092, kafkaControllerPort: 9093, mongoPort: 27017, postgresPort: 5433, redisPort: 6379 },
  test: { kafkaPort: 19092, kafkaControllerPort: 19093, mongoPort: 27117, postgresPort: 15433, redisPort: 16379 },
  // npm run bench -- growth: a stack of its own, seeded and thrown away (load-tests/growth/).
  bench: { kafkaPort: 21092, kafkaControllerPort: 21093, mongoPort: 21017, postgresPort: 21433, redisPort: 21379 },
};

function envPort(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name}=${raw} is not a TCP port (1-65535)`);
  return n;
}

/** Ports and run directory of a profile; PINHIVE_*_PORT / PINHIVE_RUN_DIR override them. */
export function profile(name = 'dev') {
  const d = DEFAULTS[name];
  if (!d) throw new Error(`unknown profile "${name}" (expected dev or test)`);
  const kafkaPort = envPort('PINHIVE_KAFKA_PORT', d.kafkaPort);
  return {
    name,
    runDir: path.resolve(process.env.PINHIVE_RUN_DIR || path.join(repoRoot, '.run', name)),
    kafkaPort,
    // Follows an overridden Kafka port, so two overridden stacks do not share a controller port.
    kafkaControllerPort: envPort('PINHIVE_KAFKA_CONTROLLER_PORT',
      process.env.PINHIVE_KAFKA_PORT ? kafkaPort + 1 : d.kafkaControllerPort),
    mongoPort: envPort('PINHIVE_MONGO_PORT', d.mongoPort),
    // Follows an overridden Mongo port, so two overridden stacks do not share a cluster port.
    postgresPort: envPort('PINHIVE_POSTGRES_PORT',
      process.env.PINHIVE_MONGO_PORT ? envPort('PINHIVE_MONGO_PORT', d.mongoPort) + 1 : d.postgresPort),
    redisPort: envPort('PINHIVE_REDIS_PORT', d.redisPort),
  };
}

function need(file) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`node infra/native/install.mjs\` first`);
  return file;
}

/** Writes <runDir>/conf/server.properties and formats the KRaft storage once. */
async function prepareKafka(p, log) {
  const libs = `${need(paths().kafkaLibs)}/*`;
  const conf = path.join(p.runDir, 'conf');
  const dataDir = path.join(p.runDir, 'data', 'kafka');
  const props = path.join(conf, 'server.properties');
  fs.mkdirSync(conf, { recursive: true });
  fs.writeFileSync(props, [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${p.kafkaControllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${p.kafkaPort},CONTROLLER://127.0.0.1:${p.kafkaControllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${p.kafkaPort}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${dataDir}`,
    'offsets.topic.replication.factor=1',
    // 50 partitions by default: creating them delays the first consumer group join by seconds.
    'offsets.topic.num.partitions=5',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=5',
    'group.initial.rebalance.delay.ms=0',
    'auto.create.topics.enable=true',
    'num.partitions=3',
    // Fewer threads than the defaults (3 network, 8 io): a 2-core dev machine.
    'num.network.threads=2',
    'num.io.threads=4',
    '',
  ].join('\n'));
  const java = (args) => ['-cp', libs, '-Dlog4j.configuration=file:' + path.join(repoRoot, 'infra/kafka/log4j.properties'), ...args];
  if (!fs.existsSync(path.join(dataDir, 'meta.properties'))) {
    // A KRaft cluster id is 16 random bytes in URL-safe base64; Kafka avoids a leading '-'.
    let id;
    do id = randomBytes(16).toString('base64url'); while (id.startsWith('-'));
    log(`[kafka] formatting storage ${dataDir} (cluster id ${id})`);
    // Async, so FerretDB and Redis start meanwhile.
    await promisify(execFile)('java', java(['kafka.tools.StorageTool', 'format', '-t', id, '-c', props]))
      .catch((err) => { throw new Error(`kafka storage format failed: ${err.message}\n${err.stdout}${err.stderr}`); });
  }
  // The JIT's optimising compiler (C2) was the broker's largest cost in the tests: 9.7 s of CPU
  // in its first 100 s beside the pins-boards integration files, against 6.4 s handling
  // requests (docs/decisions/test-suite-speed.md). A test or dev broker lives minutes at a light
  // load, so it stops at the quick compiler (C1); the bench stack keeps both, for the steady
  // state its figures describe.
  const jit = p.name === 'bench' ? [] : ['-XX:TieredStopAtLevel=1'];
  return java(['-Xms256m', '-Xmx512m', '-XX:+UseSerialGC', ...jit, '-Djava.awt.headless=true', 'kafka.Kafka', props]);
}

/** "Kafka Server started" printed by this run (after logOffset) and ApiVersions answered. */
async function kafkaReady(p, { logFile, logOffset }) {
  const fd = fs.openSync(logFile, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.alloc(Math.max(0, size - logOffset));
    fs.readSync(fd, buf, 0, buf.length, logOffset);
    if (!buf.includes('Kafka Server started')) return false;
  } finally {
    fs.closeSync(fd);
  }
  return kafkaApiVersions(p.kafkaPort);
}

/** Starts one part and waits until it answers its protocol's health request. */
export async function startPart(p, part, { log = console.log, timeoutMs = 90000 } = {}) {
  const common = { name: part, runDir: p.runDir, log, timeoutMs, cwd: p.runDir };
  const data = path.join(p.runDir, 'data', part);
  // PostgreSQL's folder is made by initdb, owned by its own user (postgres.mjs).
  if (part !== 'postgres') fs.mkdirSync(data, { recursive: true });
  if (part === 'kafka') {
    // Already running: startProcess only waits for health, so do not rewrite its config.
    const args = isRunning(common) ? [] : await prepareKafka(p, log);
    return startProcess({ ...common, command: 'java', args, ports: [p.kafkaPort, p.kafkaControllerPort],
      ready: (ctx) => kafkaReady(p, ctx) });
  }
  if (part === 'postgres') {
    const server = isRunning(common) ? { command: 'postgres', args: [] } : await preparePostgres(p, log);
    const res = await startProcess({ ...common, ...server, ports: [p.postgresPort],
      ready: () => postgresReady(p) });
    await ensureFerretDatabase(p, log);
    return res;
  }
  if (part === 'ferretdb') {
    const res = await startProcess({ ...common, command: need(paths().ferretdb),
      // PINHIVE_FERRETDB_PPROF=127.0.0.1:6060 serves Go's profiler (profiling the store under a benchmark).
      args: ['-listen', `127.0.0.1:${p.mongoPort}`, '-postgresql-url', postgresUrl(p),
        ...(process.env.PINHIVE_FERRETDB_PPROF ? ['-pprof', process.env.PINHIVE_FERRETDB_PPROF] : [])], ports: [p.mongoPort],
      env: { ...process.env, PGPASSWORD: postgresPassword(p) },
      ready: () => mongoPing(p.mongoPort) });
    // A dev folder written by the SQLite store (before PostgreSQL) is carried over once.
    await carryOverSqliteStore(p, { log, ferretdb: need(paths().ferretdb) });
    return res;
  }
  if (part === 'redis') {
    return startProcess({ ...common, command: need(paths().redisServer),
      args: ['--port', String(p.redisPort), '--bind', '127.0.0.1', '--dir', data, '--appendonly', 'yes',
        '--save', '', '--daemonize', 'no', '--protected-mode', 'yes'], ports: [p.redisPort],
      ready: () => redisPing(p.redisPort) });
  }
  throw new Error(`unknown part "${part}" (expected one of ${PARTS.join(', ')})`);
}

export async function stopPart(p, part, { log = console.log, timeoutMs } = {}) {
  // Kafka's controlled shutdown takes a few seconds; give it room before SIGKILL.
  const t = timeoutMs ?? (part === 'kafka' ? 30000 : 15000);
  // PostgreSQL's SIGTERM waits for every client to disconnect; SIGINT is its fast shutdown.
  return stopProcess({ name: part, runDir: p.runDir, timeoutMs: t, log, stopSignal: part === 'postgres' ? 'SIGINT' : 'SIGTERM' });
}

/** Starts all parts in parallel; `fresh` stops them and wipes <runDir>/data first (tests). */
export async function startInfra(p, { fresh = false, log = console.log } = {}) {
  if (fresh) {
    await stopInfra(p, { log });
    removePostgresData(p);
    fs.rmSync(path.join(p.runDir, 'data'), { recursive: true, force: true });
  }
  // FerretDB needs its PostgreSQL; the others start meanwhile.
  const start = (part) => startPart(p, part, { log });
  const results = await Promise.allSettled([start('kafka'), start('redis'),
    start('postgres').then(() => start('ferretdb'))]);
  const failed = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  if (failed.length) throw new Error(`infrastructure (${p.name}) failed to start:\n\n${failed.join('\n\n')}`);
}

export async function stopInfra(p, { log = console.log } = {}) {
  // FerretDB first, so PostgreSQL's shutdown does not cut it off mid-write.
  await Promise.all([stopPart(p, 'kafka', { log }), stopPart(p, 'redis', { log }),
    stopPart(p, 'ferretdb', { log }).then(() => stopPart(p, 'postgres', { log }))]);
}

export async function status(p) {
  const probe = { kafka: () => kafkaApiVersions(p.kafkaPort), postgres: () => postgresReady(p).catch(() => false), ferretdb: () => mongoPing(p.mongoPort), redis: () => redisPing(p.redisPort) };
  const out = {};
  for (const part of PARTS) out[part] = { running: isRunning({ name: part, runDir: p.runDir }), healthy: await probe[part]() };
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const cmd = argv.find((a) => !a.startsWith('--') && argv[argv.indexOf(a) - 1] !== '--profile');
  const pi = argv.indexOf('--profile');
  const main = async () => {
    const p = profile(pi >= 0 ? argv[pi + 1] : 'dev');
    if (cmd === 'up') await startInfra(p, { fresh: argv.includes('--fresh') });
    else if (cmd === 'down') await stopInfra(p);
    else if (cmd === 'status') {
      const s = await status(p);
      for (const [part, v] of Object.entries(s)) console.log(`${part.padEnd(9)} ${v.running ? 'running' : 'stopped'} ${v.healthy ? 'healthy' : 'not answering'}`);
      if (!Object.values(s).every((v) => v.healthy)) process.exitCode = 1;
    } else throw new Error('usage: node infra/native/infra.mjs up|down|status [--profile dev|test] [--fresh]');
  };
  main().catch((err) => { console.error(err.message); process.exit(1); });
}
