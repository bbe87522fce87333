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
import { profile as infraProfile, startInfra, stopInfra } from '../infra/native/infra.mjs';
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

/** Where the browser tests serve their outside web page with images (allow-listed in the test stack). */
export const E2E_PAGE_SERVER_PORT = 18090;

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
    if (p.name === 'test') env.FETCH_ALLOW_HOSTS = `127.0.0.1:${E2E_PAGE_SERVER_PORT},localhost:${E2E_PAGE_SERVER_PORT}`;
    // The experiments (pin creation switched off by an operator): the kit's client long-polls experiences.
    env.EXPERIENCES_URL = `http://127.0.0.1:${p.ports.experiences}`;
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

async function startServices(p, log) {
  await Promise.all(SERVICES.map((s) => {
    const main = path.join(root, 'services', s, 'dist', 'main.js');
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\``);
    return startProcess({
      name: s, runDir: p.runDir, log, cwd: root, timeoutMs: 30000, ports: [p.ports[s]],
      command: process.execPath, args: ['--enable-source-maps', ...profilerArgs(s), main], env: serviceEnv(p, s),
      ready: () => httpOk(`http://127.0.0.1:${p.ports[s]}/healthz`),
    });
  }));
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
    upstreams: Object.fromEntries(SERVICES.map((s) => [s, `127.0.0.1:${p.ports[s]}`])),
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
  const pending = new Set(SERVICES);
  while (pending.size && Date.now() - t0 < timeoutMs) {
    for (const s of [...pending]) if (await httpOk(`http://127.0.0.1:${p.ports.gateway}/_health/${s}`)) pending.delete(s);
    if (pending.size) await new Promise((r) => setTimeout(r, 250));
  }
  if (pending.size) throw new Error(`not ready after ${timeoutMs} ms: ${[...pending].join(', ')} (see ${p.runDir}/logs/<service>.log)`);
  log(`[stack] all services ready through the gateway in ${Date.now() - t0} ms`);
}

export async function startStack(name = 'dev', { log = console.log, freshInfra = false, infraRunning = false } = {}) {
  const p = stackProfile(name);
  if (!infraRunning) {
    await installAll({ log });
    await startInfra(p, { fresh: freshInfra, log });
  }
  await startLocalIdp(p, log);
  await startServices(p, log);
  await startGateway(p, log);
  await waitForHealth(p, log);
  return p;
}

export async function stopStack(name = 'dev', { log = console.log, keepInfra = false } = {}) {
  const p = stackProfile(name);
  await stopProcess({ name: 'gateway', runDir: p.runDir, log });
  await Promise.all(SERVICES.map((s) => stopProcess({ name: s, runDir: p.runDir, log })));
  await stopProcess({ name: 'local-idp', runDir: p.runDir, log });
  if (!keepInfra) await stopInfra(p, { log });
}
