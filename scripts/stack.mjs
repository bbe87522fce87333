// The whole product on this machine: native infra, the four services (built bundles run by
// node), and nginx as the gateway serving the web app. Used by `npm run up` / `npm run down`
// (profile dev) and by `npm test` for the browser tests (profile test: other ports, other data).
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConf } from '../gateway/render.mjs';
import { installAll, paths } from '../infra/native/install.mjs';
import { profile as infraProfile, startInfra, startPart, stopInfra } from '../infra/native/infra.mjs';
import { postgresPassword, PG_USER } from '../infra/native/postgres.mjs';
import { startProcess, stopProcess } from '../infra/native/process.mjs';
import { SERVICES } from './build.mjs';
import { authEnvForLocalIdp } from '../infra/local-idp/clients.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PORTS = {
  dev: { gateway: 8080, auth: 4001, 'pins-boards': 4002, experiences: 4003, ads: 4004, localIdp: 9400 },
  test: { gateway: 18080, auth: 14001, 'pins-boards': 14002, experiences: 14003, ads: 14004, localIdp: 19400 },
  bench: { gateway: 21080, auth: 21001, 'pins-boards': 21002, experiences: 21003, ads: 21004, localIdp: 21400 },
};

/** Ports, databases and topic prefix of a whole-stack profile. */
export function stackProfile(name = 'dev') {
  const infra = infraProfile(name);
  const ports = PORTS[name];
  const gateway = Number(process.env.PINHIVE_GATEWAY_PORT || ports.gateway);
  const prefix = { dev: 'pinhive', test: 'e2e', bench: 'bench' }[name];
  const localIdp = Number(process.env.PINHIVE_LOCAL_IDP_PORT || ports.localIdp);
  return {
    ...infra, ports: { ...ports, gateway, localIdp }, dbPrefix: prefix, topicPrefix: name === 'dev' ? '' : `${prefix}.`, baseUrl: `http://localhost:${gateway}`,
    // localhost, as the web app: the same site, which the browser's FedCM prompt (one-tap) needs for a provider on plain HTTP.
    localIdpIssuer: `http://localhost:${localIdp}`,
  };
}

async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Where the browser tests serve their outside web page with images (allow-listed in the test
 * stack): one port per browser-test worker (e2e/playwright.config.ts runs two; four are allowed so
 * that PINHIVE_E2E_WORKERS=3 or 4 can be tried on a machine with more cores).
 */
export const E2E_PAGE_SERVER_PORTS = [18090, 18091, 18092, 18093];

/** The environment a service of the stack runs with (also used by the operator command). */
export function serviceEnv(p, service) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: p.name === 'dev' ? 'development' : 'test',
    HOST: '127.0.0.1',
    PORT: String(p.ports[service]),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    MONGO_URL: `mongodb://127.0.0.1:${p.mongoPort}/${p.dbPrefix}_${service.replace('-', '_')}`,
    KAFKA_BROKERS: `127.0.0.1:${p.kafkaPort}`,
    KAFKA_TOPIC_PREFIX: p.topicPrefix,
  };
  // The benchmarks read every store command on /metrics (`npm run bench -- cost`: commands per save).
  if (p.name === 'bench') env.MONGO_COMMAND_METRICS = 'true';
  if (service === 'auth') {
    // PINHIVE_AUTH_<NAME>=value sets auth's <NAME> (e.g. PINHIVE_AUTH_LOGIN_IP_BURST for a benchmark).
    for (const [k, v] of Object.entries(process.env)) if (k.startsWith('PINHIVE_AUTH_') && v !== undefined) env[k.slice('PINHIVE_AUTH_'.length)] = v;
    env.REDIS_URL = `redis://127.0.0.1:${p.redisPort}`;
    env.PUBLIC_URL = p.baseUrl;
    // Single sign-on and the social providers point at the stack's local identity provider.
    Object.assign(env, authEnvForLocalIdp(p.localIdpIssuer));
    // The browser tests log in many times a minute from one IP: keep the IP rules out of their way.
    // The browser tests log in many times a minute from 127.0.0.1: exempt it from the IP rule
    // (the human-check test comes from ::1, see hasIpv6Loopback).
    if (p.name === 'test') Object.assign(env, { LOGIN_IP_RULE_EXEMPT: '127.0.0.1', LOGIN_MAX_FAILURES_PER_IP_PER_DAY: '10000' });
    // bcrypt at the blueprint's floor (10, as the integration tests use) rather than the default
    // 11: every browser test signs up and logs in, and each hash or check costs half as much.
    if (p.name === 'test') env.BCRYPT_COST = '10';
    // The growth benchmark logs in (rightly and wrongly) several times a second from 127.0.0.1;
    // the IP rule and the per-IP daily failures stay counted, with limits it never reaches.
    if (p.name === 'bench') Object.assign(env, { LOGIN_IP_BURST: '1000000', LOGIN_MAX_FAILURES_PER_IP_PER_DAY: '1000000' });
  } else {
    env.AUTH_JWKS_URL = `http://127.0.0.1:${p.ports.auth}/v3/auth/jwks/`;
  }
  if (service === 'pins-boards') {
    env.IMAGES_DIR = path.join(p.runDir, 'data', 'images');
    // The read caches' stamps (kit cache/read-cache.ts).
    env.REDIS_URL = `redis://127.0.0.1:${p.redisPort}`;
    // The search index: a database of its own on the stack's PostgreSQL (made by the service).
    env.SEARCH_DATABASE_URL = `postgres://${PG_USER}:${encodeURIComponent(postgresPassword(p))}@127.0.0.1:${p.postgresPort}/${p.dbPrefix}_search`;
    // The browser tests' page server (e2e/tests/support/page-server.ts) is the one outside site
    // the test stack may fetch from: the guarded fetcher refuses loopback addresses otherwise.
    if (p.name === 'test') env.FETCH_ALLOW_HOSTS = E2E_PAGE_SERVER_PORTS.flatMap((port) => [`127.0.0.1:${port}`, `localhost:${port}`]).join(',');
    // The experiments (pin creation switched off by an operator): the kit's client long-polls experiences.
    env.EXPERIENCES_URL = `http://127.0.0.1:${p.ports.experiences}`;
  }
  // Quick-promote reads the pin as its viewer sees it (ads promotions/pins.client.ts).
  // Ads counts impressions and clicks, and paces campaigns, in Redis (ads counting/counter.ts).
  if (service === 'ads') {
    Object.assign(env, { PINS_BOARDS_URL: `http://127.0.0.1:${p.ports['pins-boards']}`, REDIS_URL: `redis://127.0.0.1:${p.redisPort}` });
    // Reports within 2 s for the browser tests, not the production minute.
    if (p.name === 'test') env.ADS_FLUSH_MS = '2000';
  }
  // The people's read cache's stamps (experiences/experience.people.ts).
  if (service === 'experiences') env.REDIS_URL = `redis://127.0.0.1:${p.redisPort}`;
  return env;
}

/**
 * Node's CPU profiler for the services, when PINHIVE_CPU_PROF names a folder: each service
 * writes `<folder>/<service>.cpuprofile` when it stops (scripts/cpu-profile.mjs sums one up).
 */
function profilerArgs(service) {
  const dir = process.env.PINHIVE_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`, `--cpu-prof-name=${service}.cpuprofile`] : [];
}

/** The most instances of a service a stack runs (PINHIVE_REPLICAS); stopping looks for them all. */
const MAX_REPLICAS = 4;
/** The second instance of a service listens this many ports above the first, the third twice as many. */
const REPLICA_PORT_STEP = 100;

/**
 * The instances of a service: one, or `replicas` (2-4; startStack's option, PINHIVE_REPLICAS by
 * default), each a process of its own behind
 * the gateway, which takes them in turn. Running the browser tests on two of each shows nothing
 * relies on one process's memory (sessions, caches, limits, consumers). Other services call the
 * first instance directly.
 */
export function instancesOf(p, service, replicas = p.replicas ?? 1) {
  const n = Math.min(MAX_REPLICAS, Math.max(1, Math.floor(replicas) || 1));
  return Array.from({ length: n }, (_, i) => ({ name: i === 0 ? service : `${service}-${i + 1}`, port: p.ports[service] + i * REPLICA_PORT_STEP }));
}

/**
 * Starts the services (each instance); resolves their pids once each answers /healthz. `nice`
 * (a niceness) starts them at a lower CPU priority (startStack: beside a starting Kafka).
 */
async function startServices(p, log, { nice = 0 } = {}) {
  return Promise.all(SERVICES.flatMap((s) => {
    const main = path.join(root, 'services', s, 'dist', 'main.js');
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\``);
    return instancesOf(p, s).map(async ({ name, port }) => {
      const node = [process.execPath, '--enable-source-maps', ...profilerArgs(name), main];
      const [command, ...args] = nice ? ['nice', '-n', String(nice), ...node] : node;
      const { pid } = await startProcess({
        name, runDir: p.runDir, log, cwd: root, timeoutMs: 30000, ports: [port],
        command, args, env: { ...serviceEnv(p, s), PORT: String(port) },
        ready: () => httpOk(`http://127.0.0.1:${port}/healthz`),
      });
      return pid;
    });
  }));
}

/**
 * Gives the processes back the normal CPU priority (niceness 0). Niceness is per thread on
 * Linux, so each thread of each; raising a priority takes root (CAP_SYS_NICE): otherwise they
 * keep the lower one, which the log says.
 */
function restorePriority(pids, log) {
  try {
    for (const pid of pids) for (const task of fs.readdirSync(`/proc/${pid}/task`)) os.setPriority(Number(task), 0);
  } catch (err) {
    log(`[stack] the services keep their lower CPU priority (${err.message})`);
  }
}

/**
 * The local identity provider (infra/local-idp), standing in for SSO and the social providers;
 * its accounts and keys live in the run directory, so they survive a restart.
 */
async function startLocalIdp(p, log) {
  await startProcess({
    name: 'local-idp', runDir: p.runDir, log, cwd: root, timeoutMs: 30000, ports: [p.ports.localIdp],
    command: process.execPath, args: [path.join(root, 'infra', 'local-idp', 'server.mjs')],
    env: { PATH: process.env.PATH, LOCAL_IDP_PORT: String(p.ports.localIdp), LOCAL_IDP_ISSUER: p.localIdpIssuer, LOCAL_IDP_DATA_DIR: path.join(p.runDir, 'data', 'local-idp'), LOCAL_IDP_PUBLIC_URL: p.baseUrl },
    ready: () => httpOk(`${p.localIdpIssuer}/.well-known/openid-configuration`),
  });
}

async function startGateway(p, log) {
  const confDir = path.join(p.runDir, 'conf');
  for (const d of [confDir, path.join(p.runDir, 'nginx'), path.join(p.runDir, 'logs')]) fs.mkdirSync(d, { recursive: true });
  const conf = path.join(confDir, 'nginx.conf');
  fs.writeFileSync(conf, renderNginxConf({
    listenPort: p.ports.gateway,
    upstreams: Object.fromEntries(SERVICES.map((s) => [s, instancesOf(p, s).map(({ port }) => `127.0.0.1:${port}`)])),
    webRoot: path.join(root, 'web', 'dist'),
    runDir: p.runDir,
    // nginx drops worker privileges to "nobody" by default, who could not write our temp dirs.
    user: os.userInfo().uid === 0 ? 'root' : undefined,
    ipv6Loopback: await hasIpv6Loopback(),
    // The stack's one-tap provider is its local one (GOOGLE_FEDCM_CONFIG_URL, infra/local-idp/clients.mjs).
    identityOrigins: [p.localIdpIssuer],
  }));
  await startProcess({
    name: 'gateway', runDir: p.runDir, log, ports: [p.ports.gateway],
    command: paths().nginx, args: ['-p', p.runDir, '-c', conf, '-e', path.join(p.runDir, 'logs', 'nginx-error.log'), '-g', 'daemon off;'],
    ready: () => httpOk(`http://127.0.0.1:${p.ports.gateway}/`),
  });
}

/**
 * Whether [::1] exists here. The gateway then listens on it too, so a browser test can come from
 * a second client address (::1) while every other test comes from 127.0.0.1, which the test
 * profile exempts from the log-in IP rule: the human-check test trips the rule alone.
 */
function hasIpv6Loopback() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });
}

/** Waits until the gateway reports every service ready (Mongo, Kafka and Redis answering). */
async function waitForHealth(p, log, timeoutMs = 90000) {
  const t0 = Date.now();
  // Through the gateway (its route works), and each instance on its own (the gateway takes turns).
  const pending = new Map(SERVICES.flatMap((s) => [
    [s, `http://127.0.0.1:${p.ports.gateway}/_health/${s}`],
    ...instancesOf(p, s).slice(1).map(({ name, port }) => [name, `http://127.0.0.1:${port}/readyz`]),
  ]));
  while (pending.size && Date.now() - t0 < timeoutMs) {
    for (const [name, url] of [...pending]) if (await httpOk(url)) pending.delete(name);
    if (pending.size) await new Promise((r) => setTimeout(r, 250));
  }
  if (pending.size) throw new Error(`not ready after ${timeoutMs} ms: ${[...pending.keys()].join(', ')} (see ${p.runDir}/logs/<service>.log)`);
  log(`[stack] all services ready through the gateway in ${Date.now() - t0} ms`);
}

/**
 * What the services need answering before they start: the store (FerretDB on its PostgreSQL,
 * after the SQLite carry-over) and Redis, in infra.mjs startInfra's order. The mongo driver
 * gives up a first connect that finds no server within 5 s (kit infra/mongo.ts), so they wait
 * for it; Kafka they do not wait for (startStack).
 */
function startStore(p, log) {
  return Promise.all([startPart(p, 'redis', { log }), startPart(p, 'postgres', { log }).then(() => startPart(p, 'ferretdb', { log }))]);
}

/** Niceness of the services while Kafka starts beside them (startStack). */
const BESIDE_KAFKA_NICENESS = 10;

/**
 * Starts the stack and resolves once every service is ready through the gateway. Kafka takes
 * the longest to answer (a JVM loading its partitions: 5-6 s warm), and nothing else needs it
 * to start: a service's bus retries by itself and its readiness reports Kafka (kit service.ts),
 * the identity provider and the gateway need nothing. So they all start beside it, the
 * services once the store answers, and the health wait at the end covers Kafka. Kafka's start
 * is CPU-bound and two cores are little: the services start at a lower CPU priority (nice) so
 * that they only take what Kafka leaves, and get the normal one back once it answers
 * (docs/decisions/warm-start.md has the measurements). A fresh start (tests) wipes and starts
 * the servers first, as before. `times` (optional) gets each part's ready time in ms from the start.
 */
export async function startStack(name = 'dev', { log = console.log, freshInfra = false, infraRunning = false, replicas = Number(process.env.PINHIVE_REPLICAS || 1), times = {} } = {}) {
  const p = { ...stackProfile(name), replicas };
  const t0 = Date.now();
  const timed = (what, promise) => promise.then((value) => {
    times[what] = Date.now() - t0;
    return value;
  });
  let kafka;
  let store = Promise.resolve();
  if (!infraRunning) {
    // Debian packages (nginx among them) may be missing on a fresh machine: installed before anything starts.
    await timed('install check', installAll({ log }));
    if (freshInfra) await timed('servers (fresh)', startInfra(p, { fresh: true, log }));
    else {
      kafka = timed('kafka', startPart(p, 'kafka', { log }));
      store = timed('store and redis', startStore(p, log));
    }
  }
  const services = timed('services listening', store.then(() => startServices(p, log, { nice: kafka ? BESIDE_KAFKA_NICENESS : 0 })));
  const results = await Promise.allSettled([
    // Once both the services and Kafka are up, the services are back to the normal priority.
    kafka && Promise.all([kafka, services]).then(([, pids]) => restorePriority(pids, log)),
    timed('local-idp', startLocalIdp(p, log)),
    timed('gateway', startGateway(p, log)),
    services,
  ]);
  const failed = [...new Set(results.filter((r) => r.status === 'rejected').map((r) => r.reason.message))];
  if (failed.length) throw new Error(`the ${name} stack failed to start:\n\n${failed.join('\n\n')}`);
  await timed('all healthy', waitForHealth(p, log));
  return p;
}

export async function stopStack(name = 'dev', { log = console.log, keepInfra = false } = {}) {
  const p = stackProfile(name);
  await stopProcess({ name: 'gateway', runDir: p.runDir, log });
  await Promise.all(SERVICES.flatMap((s) => instancesOf(p, s, MAX_REPLICAS).map(({ name }) => stopProcess({ name, runDir: p.runDir, log }))));
  await stopProcess({ name: 'local-idp', runDir: p.runDir, log });
  if (!keepInfra) await stopInfra(p, { log });
}
