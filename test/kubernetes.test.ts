import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { adsConfigSchema } from '../services/ads/src/config';
import { authConfigSchema } from '../services/auth/src/config';
import { experiencesConfigSchema } from '../services/experiences/src/config';
import { pinsBoardsConfigSchema } from '../services/pins-boards/src/config';

/**
 * The Kubernetes deployment (deploy/kubernetes) checked without a cluster: kustomize renders the
 * base and the two-replica overlay, kubeconform -strict validates them against Kubernetes' own
 * schemas, and the rendered objects are compared with the services' zod config schemas, the
 * gateway's upstreams and docker-compose.yml, so that none of them drifts away from the others.
 * The tools are installed outside the repository by infra/native/install-kube.mjs (npm test runs it).
 */
const root = path.resolve(__dirname, '..');
const DEPLOY = path.join(root, 'deploy', 'kubernetes');

const APP_SERVICES = {
  auth: { schema: authConfigSchema, port: 4001 },
  'pins-boards': { schema: pinsBoardsConfigSchema, port: 4002 },
  experiences: { schema: experiencesConfigSchema, port: 4003 },
  ads: { schema: adsConfigSchema, port: 4004 },
} as const;
type AppService = keyof typeof APP_SERVICES;
const APP_NAMES = Object.keys(APP_SERVICES) as AppService[];

/** Variables whose values are secret, or may hold a password (connection URLs): Secrets only. */
const SECRET_VARIABLE = /SECRET|PASSWORD|_API_KEY$|_ACCESS_KEY|^(MONGO|REDIS|SEARCH_DATABASE|SMTP)_URL$/;

/** The operators' kinds in deploy/kubernetes/operators: no schema among Kubernetes' own. */
const OPERATOR_KINDS = [
  'kafka.strimzi.io/v1beta2/Kafka',
  'kafka.strimzi.io/v1beta2/KafkaNodePool',
  'kafka.strimzi.io/v1beta2/KafkaTopic',
  'postgresql.cnpg.io/v1/Cluster',
  'mongodbcommunity.mongodb.com/v1/MongoDBCommunity',
  'redis.redis.opstreelabs.in/v1beta2/Redis',
];

interface KubePaths { kustomize: string; kubeconform: string; schemas: string; schemaLocation: string; kubernetesVersion: string }
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: { name: string; key: string; optional?: boolean }; secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe { httpGet?: { path: string; port: string | number } }
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: unknown[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    maxUnavailable?: number | string;
    ports?: { port: number; targetPort: string | number }[];
    template?: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
  };
}

/** The install script's paths (one source of truth for versions and the cache folder). */
function kubePaths(): KubePaths {
  const script = "import('./infra/native/install-kube.mjs').then((m) => process.stdout.write(JSON.stringify({ ...m.kubePaths(), kubernetesVersion: m.KUBERNETES_VERSION })))";
  const p = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as KubePaths;
  for (const bin of [p.kustomize, p.kubeconform, path.join(p.schemas, '.complete')]) {
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: run \`node infra/native/install-kube.mjs\` (npm test does)`);
  }
  return p;
}

const tools = kubePaths();

function render(dir: string): { text: string; objects: K8sObject[] } {
  const text = execFileSync(tools.kustomize, ['build', path.join(DEPLOY, dir)], { encoding: 'utf8' });
  return { text, objects: yaml.loadAll(text) as K8sObject[] };
}

interface KubeconformResult { filename: string; kind: string; name: string; version: string; status: string; msg: string }

/**
 * kubeconform -strict on rendered builds, all in one run: it compiles each kind's schema (with
 * Kubernetes' 1.5 MB of shared definitions) once per run, a few seconds each time.
 */
function kubeconform(builds: Record<string, string>, skip: string[]): Record<string, KubeconformResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-kubeconform-'));
  try {
    for (const [name, text] of Object.entries(builds)) fs.writeFileSync(path.join(dir, `${name}.yaml`), text);
    const args = ['-strict', '-output', 'json', '-verbose', '-kubernetes-version', tools.kubernetesVersion, '-schema-location', tools.schemaLocation, '-skip', skip.join(',')];
    let out: string;
    try {
      out = execFileSync(tools.kubeconform, [...args, dir], { encoding: 'utf8' });
    } catch (err) {
      out = (err as { stdout?: string }).stdout ?? '';
      if (!out) throw err;
    }
    const { resources } = JSON.parse(out) as { resources: KubeconformResult[] };
    return Object.fromEntries(Object.keys(builds).map((name) => [name, resources.filter((r) => path.basename(r.filename) === `${name}.yaml`)]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const invalid = (results: KubeconformResult[]) => results.filter((r) => r.status !== 'statusValid').map((r) => `${r.kind} ${r.name}: ${r.status} ${r.msg}`);

const base = render('base');
const twoReplicas = render('overlays/two-replicas');
const operators = render('operators');

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the render`);
  return found;
};
const container = (objects: K8sObject[], name: string) => named(objects, 'Deployment', name).spec!.template!.spec.containers[0]!;
const envOf = (objects: K8sObject[], name: string) => container(objects, name).env ?? [];

/** A service's environment as a pod would see it: ConfigMap values, and stand-ins for its Secrets. */
function resolvedEnv(objects: K8sObject[], name: AppService): Record<string, string> {
  const env: Record<string, string> = {};
  for (const v of envOf(objects, name)) {
    const cm = v.valueFrom?.configMapKeyRef;
    const secret = v.valueFrom?.secretKeyRef;
    if (v.value !== undefined) env[v.name] = v.value;
    else if (cm) {
      const value = named(objects, 'ConfigMap', cm.name).data?.[cm.key];
      if (value !== undefined) env[v.name] = value;
      else if (!cm.optional) throw new Error(`${name}: ${v.name} needs key ${cm.key} of ConfigMap ${cm.name}`);
    } else if (secret && !secret.optional) {
      env[v.name] = STAND_INS[v.name] ?? Buffer.from(`k8s-test-${v.name}`.padEnd(32, '-').slice(0, 32)).toString('base64');
    }
  }
  return env;
}
/** What the operators' Secrets would hold, in the shapes the schemas check. */
const STAND_INS: Record<string, string> = {
  MONGO_URL: 'mongodb://pinhive:password@pinhive-mongo-svc:27017/pinhive_service?authSource=admin&replicaSet=pinhive-mongo',
  REDIS_URL: 'redis://:password@pinhive-redis:6379',
  SEARCH_DATABASE_URL: 'postgresql://pinhive:password@pinhive-search-rw.pinhive:5432/pinhive_search',
  SMTP_URL: 'smtp://mail.example:587',
};

describe('deploy/kubernetes validated by kubeconform -strict', () => {
  // One unknown field in the base: -strict must reject it, so that a pass means something.
  const broken = base.text.replace('terminationGracePeriodSeconds: 20', 'terminationGracePeriodSeconds: 20\n      terminationGraceSeconds: 20');
  let results: Record<string, KubeconformResult[]>;
  beforeAll(() => {
    results = kubeconform({ base: base.text, 'two-replicas': twoReplicas.text, operators: operators.text, broken }, OPERATOR_KINDS);
  });

  it.each([['base', base], ['two-replicas', twoReplicas]] as const)('%s: every object valid against the Kubernetes schemas, none skipped', (name, build) => {
    expect(results[name]).toHaveLength(build.objects.length);
    expect(invalid(results[name]!)).toEqual([]);
  });

  it("operators: Kubernetes' own kinds valid; only the operators' custom kinds skipped", () => {
    const found = results['operators']!;
    expect(found).toHaveLength(operators.objects.length);
    const customKinds = operators.objects.filter((o) => OPERATOR_KINDS.includes(`${o.apiVersion}/${o.kind}`));
    expect(found.filter((r) => r.status === 'statusSkipped')).toHaveLength(customKinds.length);
    expect(invalid(found.filter((r) => r.status !== 'statusSkipped'))).toEqual([]);
    // One of each operator's resources is there.
    expect(new Set(customKinds.map((o) => `${o.apiVersion}/${o.kind}`))).toEqual(new Set(OPERATOR_KINDS));
  });

  it('rejects an unknown field', () => {
    expect(broken).not.toBe(base.text);
    expect(invalid(results['broken']!).join('\n')).toMatch(/terminationGraceSeconds/);
  });
});

describe('deploy/kubernetes objects', () => {
  const { objects } = base;

  it('has a Deployment, Service and PodDisruptionBudget for each service and the gateway, one replica each; two in the overlay', () => {
    const names = [...APP_NAMES, 'gateway'];
    expect(byKind(objects, 'Deployment').map((d) => d.metadata.name).sort()).toEqual([...names].sort());
    for (const name of names) {
      const deployment = named(objects, 'Deployment', name);
      const labels = deployment.spec!.template!.metadata.labels;
      expect(deployment.spec!.replicas).toBe(1);
      expect(named(twoReplicas.objects, 'Deployment', name).spec!.replicas).toBe(2);
      for (const selecting of [named(objects, 'Service', name), named(objects, 'PodDisruptionBudget', name)]) {
        const selector = selecting.kind === 'Service' ? selecting.spec!.selector! : selecting.spec!.selector!.matchLabels!;
        expect(Object.entries(selector).every(([k, v]) => labels[k] === v)).toBe(true);
      }
      // Any replica count: a drain takes one pod at a time (minAvailable 1 would block it at one replica).
      expect(named(objects, 'PodDisruptionBudget', name).spec!.maxUnavailable).toBe(1);
    }
  });

  it.each(APP_NAMES)('%s: probes on the kit\'s /healthz and /readyz, on the port its Service and the gateway use', (name) => {
    const c = container(objects, name);
    const port = APP_SERVICES[name].port;
    expect(c.ports).toEqual([{ name: 'http', containerPort: port }]);
    expect(envOf(objects, name).find((v) => v.name === 'PORT')?.value).toBe(String(port));
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(named(objects, 'Service', name).spec!.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    expect(c.image).toBe(`pinhive/${name}:latest`);
  });

  it('names the Services as the container gateway config routes to them', () => {
    const conf = execFileSync(process.execPath, ['gateway/render.mjs', 'container'], { cwd: root, encoding: 'utf8' });
    const upstreams = [...conf.matchAll(/upstream (\S+) \{ server ([^:;\s]+):(\d+);/g)].map(([, , host, port]) => ({ host, port: Number(port) }));
    expect(upstreams.map((u) => u.host).sort()).toEqual([...APP_NAMES].sort());
    for (const u of upstreams) expect(named(objects, 'Service', u.host!).spec!.ports![0]!.port).toBe(u.port);
    expect(container(objects, 'gateway').ports).toEqual([{ name: 'http', containerPort: 8080 }]);
  });

  it('requests CPU and memory for every container and limits its memory', () => {
    for (const d of byKind(objects, 'Deployment')) {
      for (const c of d.spec!.template!.spec.containers) {
        expect({ name: c.name, cpu: Boolean(c.resources?.requests?.['cpu']), memory: Boolean(c.resources?.requests?.['memory']), limit: Boolean(c.resources?.limits?.['memory']) })
          .toEqual({ name: c.name, cpu: true, memory: true, limit: true });
      }
    }
  });

  it.each(APP_NAMES)('%s: its Deployment names every variable its zod config schema reads, and no other', (name) => {
    const names = envOf(objects, name).map((v) => v.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect([...names].sort()).toEqual(Object.keys(APP_SERVICES[name].schema.shape).sort());
    expect(container(objects, name).envFrom).toBeUndefined();
    // A variable the schema needs (no default, not optional) is not optional in the pod either:
    // the pod waits for its ConfigMap key or Secret instead of starting only to fail its config.
    const shape = APP_SERVICES[name].schema.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
    const required = Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success);
    const loose = envOf(objects, name).filter((v) => required.includes(v.name) && (v.valueFrom?.configMapKeyRef?.optional || v.valueFrom?.secretKeyRef?.optional));
    expect(loose.map((v) => v.name)).toEqual([]);
  });

  it.each(APP_NAMES)('%s: its ConfigMap holds only variables of its schema, and with its Secrets the schema accepts the result', (name) => {
    const { schema } = APP_SERVICES[name];
    const refs = envOf(objects, name).flatMap((v) => (v.valueFrom?.configMapKeyRef ? [v.valueFrom.configMapKeyRef] : []));
    const configMaps = new Set(refs.map((r) => r.name));
    expect(configMaps.size).toBe(1);
    const data = named(objects, 'ConfigMap', [...configMaps][0]!).data ?? {};
    expect(Object.keys(data).filter((k) => !(k in schema.shape))).toEqual([]);
    for (const r of refs) expect(r.key).toBe(envOf(objects, name).find((v) => v.valueFrom?.configMapKeyRef === r)?.name);
    const env = resolvedEnv(objects, name);
    const parsed = schema.safeParse(env);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    expect(env['NODE_ENV']).toBe('production');
    expect(env['HOST']).toBe('0.0.0.0');
  });

  it('takes every secret from a Secret that is not in the repository: no Secret objects, no secret in a ConfigMap or a literal', () => {
    for (const build of [base, twoReplicas, operators]) expect(byKind(build.objects, 'Secret')).toEqual([]);
    for (const name of APP_NAMES) {
      for (const v of envOf(objects, name).filter((e) => SECRET_VARIABLE.test(e.name))) {
        expect({ name: v.name, from: v.valueFrom?.secretKeyRef ? 'secret' : 'elsewhere' }).toEqual({ name: v.name, from: 'secret' });
      }
      const data = byKind(objects, 'ConfigMap').flatMap((cm) => Object.keys(cm.data ?? {}));
      expect(data.filter((k) => SECRET_VARIABLE.test(k))).toEqual([]);
    }
  });

  it('points every service at the same Kafka and auth keys, and each at the others by their Service names', () => {
    for (const name of APP_NAMES) {
      const env = resolvedEnv(objects, name);
      expect(env['KAFKA_BROKERS']).toBe('pinhive-kafka-bootstrap:9092');
      expect(env['AUTH_JWKS_URL']).toBe(`http://auth:${APP_SERVICES.auth.port}/v3/auth/jwks/`);
    }
    expect(resolvedEnv(objects, 'pins-boards')['EXPERIENCES_URL']).toBe(`http://experiences:${APP_SERVICES.experiences.port}`);
    expect(resolvedEnv(objects, 'ads')['PINS_BOARDS_URL']).toBe(`http://pins-boards:${APP_SERVICES['pins-boards'].port}`);
  });
});

describe('deploy/kubernetes and docker-compose.yml in step', () => {
  interface ComposeService { build?: { args?: Record<string, string> }; environment?: Record<string, unknown> }
  const compose = yaml.load(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> };
  const composeApps = Object.entries(compose.services).filter(([, s]) => s.build).map(([n]) => n);

  it('runs the same services and gateway', () => {
    expect(composeApps.sort()).toEqual([...APP_NAMES, 'gateway'].sort());
  });

  it.each(APP_NAMES)('%s: every variable docker-compose.yml sets is named by its Deployment, on the same port', (name) => {
    const composeEnv = Object.keys(compose.services[name]?.environment ?? {});
    const k8sEnv = envOf(base.objects, name).map((v) => v.name);
    expect(composeEnv.filter((k) => !k8sEnv.includes(k))).toEqual([]);
    expect(String(compose.services[name]?.environment?.['PORT'])).toBe(String(APP_SERVICES[name].port));
    expect(compose.services[name]?.build?.args?.['SERVICE']).toBe(name);
  });
});
