import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adsConfigSchema } from '../services/ads/src/config';
import { authConfigSchema } from '../services/auth/src/config';
import { experiencesConfigSchema } from '../services/experiences/src/config';
import { pinsBoardsConfigSchema } from '../services/pins-boards/src/config';
import yaml from 'js-yaml';

/**
 * The container stack checked without a Docker engine: docker-compose validates and resolves
 * docker-compose.yml, and this test compares what it resolved with the services' zod config
 * schemas, the gateway's upstreams and the stages of infra/docker/Dockerfile, so that the three
 * cannot drift apart unnoticed.
 */
const root = path.resolve(__dirname, '..');
const DOCKERFILE = 'infra/docker/Dockerfile';

/** Every app service: the schema its config.ts parses, its port, the servers it needs. */
const APP_SERVICES = {
  auth: { schema: authConfigSchema, port: 4001, needs: ['mongo', 'kafka', 'redis', 'mailpit'] },
  'pins-boards': { schema: pinsBoardsConfigSchema, port: 4002, needs: ['mongo', 'kafka', 'redis', 'postgres'] },
  experiences: { schema: experiencesConfigSchema, port: 4003, needs: ['mongo', 'kafka'] },
  ads: { schema: adsConfigSchema, port: 4004, needs: ['mongo', 'kafka', 'redis'] },
} as const;
type AppService = keyof typeof APP_SERVICES;
const APP_NAMES = Object.keys(APP_SERVICES) as AppService[];
const INFRA_NAMES = ['mongo', 'kafka', 'redis', 'postgres'];

/** The parts of `docker-compose config` output read here (compose v1 and v2 shapes). */
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string | number | null> };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ports?: (string | { published?: string | number; target?: string | number })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}


/** `docker-compose` (Debian's 1.29, or the v2 shim), else the `docker compose` plugin. */
function composeCli(): string[] | undefined {
  for (const cli of [['docker-compose'], ['docker', 'compose']]) {
    try {
      execFileSync(cli[0]!, [...cli.slice(1), 'version'], { stdio: 'ignore' });
      return cli;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

function resolvedCompose(): ComposeConfig {
  const cli = composeCli();
  if (!cli) throw new Error('neither docker-compose nor `docker compose` is installed: apt-get install docker-compose (no engine needed)');
  // A bare environment: a LOG_LEVEL or similar in the caller's shell must not change the result.
  // Variables the file requires (${VAR:?message}: secrets from the user's env file) get a stand-in,
  // 32 bytes in base64 so that a key-shaped secret (MFA_SECRET_KEY) is accepted too.
  const env: Record<string, string | undefined> = { PATH: process.env['PATH'], HOME: process.env['HOME'] };
  const text = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  for (const [, name] of text.matchAll(/\$\{([A-Za-z0-9_]+):\?/g)) env[name!] = Buffer.from(`compose-test-${name!.toLowerCase()}`.padEnd(32, '-').slice(0, 32)).toString('base64');
  try {
    const out = execFileSync(cli[0]!, [...cli.slice(1), '-f', 'docker-compose.yml', 'config'], {
      cwd: root, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    return yaml.load(out) as ComposeConfig;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(`${cli.join(' ')} config rejected docker-compose.yml:\n${stderr}`);
  }
}

/** Dockerfile instructions by stage name (line continuations joined, comments dropped). */
function dockerfileStages(text: string): Map<string, { keyword: string; args: string }[]> {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const stages = new Map<string, { keyword: string; args: string }[]>();
  let current: { keyword: string; args: string }[] | undefined;
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const name = /\bAS\s+(\S+)\s*$/i.exec(args)?.[1];
      if (!name) throw new Error(`${DOCKERFILE}: every stage needs a name: ${line}`);
      current = [];
      stages.set(name, current);
    }
    current?.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

const dockerfile = dockerfileStages(fs.readFileSync(path.join(root, DOCKERFILE), 'utf8'));
const instructions = (stage: string, keyword: string) => (dockerfile.get(stage) ?? []).filter((i) => i.keyword === keyword).map((i) => i.args);

const published = (p: string | { published?: string | number; target?: string | number }) => {
  if (typeof p === 'string') {
    const [host, container] = p.replace(/\/\w+$/, '').split(':').slice(-2);
    return { published: Number(host), target: Number(container) };
  }
  return { published: Number(p.published), target: Number(p.target) };
};
const volumeSource = (v: string | { source?: string }) => (typeof v === 'string' ? v.split(':')[0] : v.source);

describe('infra/docker/Dockerfile', () => {
  it('has the deps, build, prod-deps, service and gateway stages', () => {
    expect([...dockerfile.keys()]).toEqual(expect.arrayContaining(['base', 'deps', 'build', 'prod-deps', 'service', 'gateway']));
  });

  it('installs with every workspace manifest, so that npm ci accepts the lockfile', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    const copied = instructions('deps', 'COPY').flatMap((args) => args.split(/\s+/).slice(0, -1));
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', ...pkg.workspaces.map((w) => `${w}/package.json`)]));
    expect(instructions('deps', 'RUN').join(' ')).toMatch(/npm ci\b/);
  });

  it('bundles the services and the web app and renders the container nginx.conf', () => {
    const run = instructions('build', 'RUN').join(' ');
    expect(run).toContain('node scripts/build.mjs');
    expect(run).toContain('node gateway/render.mjs container');
  });

  it('ships only production packages with a service', () => {
    expect(instructions('prod-deps', 'RUN').join(' ')).toMatch(/npm ci .*--omit=dev/);
    expect(instructions('service', 'COPY').join(' ')).toContain('--from=prod-deps');
    expect(instructions('service', 'COPY').join(' ')).not.toContain('--from=deps');
  });

  it.each(['service', 'gateway'])('runs the %s image as a non-root user with a healthcheck', (stage) => {
    const users = instructions(stage, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const healthchecks = instructions(stage, 'HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]).not.toMatch(/^NONE/i);
    expect(instructions(stage, 'CMD')).toHaveLength(1);
  });

  it('checks a service through /readyz on its own port', () => {
    expect(instructions('service', 'HEALTHCHECK')[0]).toMatch(/127\.0\.0\.1:'\s*\+\s*process\.env\.PORT\s*\+\s*'\/readyz/);
    expect(instructions('service', 'ENV').join(' ')).toMatch(/HOST=0\.0\.0\.0/);
    expect(instructions('service', 'ENV').join(' ')).toMatch(/NODE_ENV=production/);
  });
});

describe('.dockerignore', () => {
  it('keeps installed packages, build output and secrets out of the build context', () => {
    const patterns = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.run', '.env']));
  });
});

describe('docker-compose.yml', () => {
  let compose: ComposeConfig;
  let services: Record<string, ComposeService>;
  beforeAll(() => {
    compose = resolvedCompose();
    services = compose.services;
  });

  const env = (name: string) => Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, v === null ? undefined : String(v)]));

  it('defines the four services, the gateway, MongoDB, Kafka and Redis', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...APP_NAMES, 'gateway', ...INFRA_NAMES]));
    expect(services['mongo']?.image).toMatch(/^mongo:7/);
    expect(services['kafka']?.image).toMatch(/^apache\/kafka:3\.9\./);
    expect(services['redis']?.image).toMatch(/^redis:7/);
  });

  it.each(APP_NAMES)('builds %s from the shared Dockerfile with its SERVICE and PORT', (name) => {
    const build = services[name]?.build;
    expect(build).toBeDefined();
    expect(path.resolve(root, build!.context, build!.dockerfile ?? 'Dockerfile')).toBe(path.join(root, DOCKERFILE));
    expect(build!.target).toBe('service');
    expect(build!.args?.['SERVICE']).toBe(name);
    expect(String(build!.args?.['PORT'])).toBe(String(APP_SERVICES[name].port));
    expect(env(name)['PORT']).toBe(String(APP_SERVICES[name].port));
  });

  it('builds the gateway from the shared Dockerfile and publishes it on 8080; only the mail catcher UI besides', () => {
    const gateway = services['gateway']!;
    expect(path.resolve(root, gateway.build!.context, gateway.build!.dockerfile ?? 'Dockerfile')).toBe(path.join(root, DOCKERFILE));
    expect(gateway.build!.target).toBe('gateway');
    expect((gateway.ports ?? []).map(published)).toEqual([{ published: 8080, target: 8080 }]);
    const others = Object.entries(services).filter(([name, s]) => name !== 'gateway' && (s.ports ?? []).length > 0);
    expect(others.map(([name, svc]) => [name, (svc.ports ?? []).map(published)])).toEqual([['mailpit', [{ published: 8025, target: 8025 }]]]);
  });

  it('gives every container a healthcheck (in the file, or in the Dockerfile stage it builds)', () => {
    for (const [name, s] of Object.entries(services)) {
      const inCompose = Boolean(s.healthcheck?.test) && !s.healthcheck?.disable;
      const stage = s.build?.target;
      const inImage = stage !== undefined && instructions(stage, 'HEALTHCHECK').length === 1;
      expect({ name, healthcheck: inCompose || inImage }).toEqual({ name, healthcheck: true });
    }
  });

  it('starts each service once its servers are healthy, and the gateway once every service is', () => {
    for (const name of APP_NAMES) {
      const deps = services[name]?.depends_on ?? {};
      expect(Object.keys(deps).sort()).toEqual([...APP_SERVICES[name].needs].sort());
      for (const d of Object.values(deps)) expect(d.condition).toBe('service_healthy');
    }
    const gatewayDeps = services['gateway']?.depends_on ?? {};
    expect(Object.keys(gatewayDeps).sort()).toEqual([...APP_NAMES].sort());
    for (const d of Object.values(gatewayDeps)) expect(d.condition).toBe('service_healthy');
  });

  it.each(APP_NAMES)('gives %s only variables its zod config schema knows, and values it accepts', (name) => {
    const { schema } = APP_SERVICES[name];
    const vars = env(name);
    expect(Object.keys(vars).filter((k) => !(k in schema.shape))).toEqual([]);
    const parsed = schema.safeParse(vars);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    expect(vars['NODE_ENV']).toBe('production');
    expect(vars['HOST']).toBe('0.0.0.0');
  });

  it('points the services at the compose MongoDB (one database each), Kafka and Redis', () => {
    const databases = APP_NAMES.map((name) => {
      const vars = env(name);
      expect(vars['KAFKA_BROKERS']).toBe('kafka:9092');
      const mongo = new URL(vars['MONGO_URL']!);
      expect(mongo.host).toBe('mongo:27017');
      return mongo.pathname.slice(1);
    });
    expect(databases).toEqual(APP_NAMES.map((name) => `pinhive_${name.replace(/-/g, '_')}`));
    expect(env('auth')['REDIS_URL']).toBe('redis://redis:6379');
    expect(env('pins-boards')['REDIS_URL']).toBe('redis://redis:6379');
    expect(env('ads')['REDIS_URL']).toBe('redis://redis:6379');
    expect(env('kafka')['KAFKA_ADVERTISED_LISTENERS']).toBe('PLAINTEXT://kafka:9092');
    expect(env('kafka')['KAFKA_PROCESS_ROLES']).toBe('broker,controller');
    expect(env('kafka')['KAFKA_CONTROLLER_QUORUM_VOTERS']).toBe(`${env('kafka')['KAFKA_NODE_ID']}@kafka:9093`);
  });

  it('points the services that read experiments at the compose experiences service', () => {
    expect(env('pins-boards')['EXPERIENCES_URL']).toBe(`http://experiences:${APP_SERVICES.experiences.port}`);
  });

  it('points ads at the compose pins-boards service (quick-promote reads the pin there)', () => {
    expect(env('ads')['PINS_BOARDS_URL']).toBe(`http://pins-boards:${APP_SERVICES['pins-boards'].port}`);
  });

  it('has the gateway route to the compose services on their ports', () => {
    const conf = execFileSync(process.execPath, ['gateway/render.mjs', 'container'], { cwd: root, encoding: 'utf8' });
    const upstreams = [...conf.matchAll(/upstream (\S+) \{ server ([^:;\s]+):(\d+);/g)].map(([, name, host, port]) => ({ name, host, port }));
    expect(upstreams.map((u) => u.name).sort()).toEqual([...APP_NAMES].sort());
    for (const u of upstreams) {
      expect(services[u.host!]?.build?.args?.['SERVICE']).toBe(u.name);
      expect(env(u.host!)['PORT']).toBe(u.port);
    }
  });

  it('keeps MongoDB, Kafka and Redis data in named volumes', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of INFRA_NAMES) {
      const sources = (services[name]?.volumes ?? []).map(volumeSource);
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) expect(declared).toContain(source);
    }
  });

  it('holds no secret values: a secret could only come from the environment, as ${VAR:?message} or a bare key (passed through when set)', () => {
    const text = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const secretLike = /^\s*-?\s*([A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE_KEY|API_KEY|CREDENTIAL)[A-Z0-9_]*)\s*[:=]\s*(.*)$/;
    const literal = text
      .split('\n')
      .map((line) => secretLike.exec(line))
      .filter((m): m is RegExpExecArray => m !== null && m[2]!.trim() !== '' && !/^["']?\$\{[A-Z0-9_]+:\?/.test(m[2]!.trim()))
      .map((m) => m[1]);
    expect(literal).toEqual([]);
  });
});
