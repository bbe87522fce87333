// Installs what validating deploy/kubernetes needs (docs/decisions/deployment.md): kustomize and
// kubeconform built with Go from the module proxy, and the Kubernetes JSON schemas from the PyPI
// package kubernetes-validate (kubeconform's default schema download is from GitHub, which the
// project's machines cannot reach). Idempotent, like install.mjs: what is cached is skipped.
// Everything lives outside the repo, in $PINHIVE_CACHE or ~/.cache/pinhive.
// Plain Node ESM, built-ins only: it runs before `npm ci`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot, run as runCaptured } from './install.mjs';

export const KUSTOMIZE_VERSION = 'v5.8.2'; // v5.8.3 needs Go 1.27; this machine has 1.26
export const KUBECONFORM_VERSION = 'v0.8.0';
/** The PyPI package that ships the schemas, and the Kubernetes version validated against. */
export const SCHEMAS_PACKAGE = { name: 'kubernetes-validate', version: '1.37.0' };
export const KUBERNETES_VERSION = '1.34.0';

/** Where the installed pieces are; test/kubernetes.test.ts runs them. */
export function kubePaths() {
  const cache = cacheRoot();
  const schemas = path.join(cache, `kubernetes-json-schema-${SCHEMAS_PACKAGE.version}-standalone`);
  return {
    kustomize: path.join(cache, `kustomize-${KUSTOMIZE_VERSION}`, 'kustomize'),
    kubeconform: path.join(cache, `kubeconform-${KUBECONFORM_VERSION}`, 'kubeconform'),
    schemas,
    /** kubeconform's -schema-location: the instrumenta-style layout `v1.34.0-local-strict/<kind>-<group>-<version>.json`. */
    schemaLocation: path.join(schemas, '{{ .NormalizedKubernetesVersion }}-local-strict', '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
  };
}

/** install.mjs's `run`, from a folder outside the repository (`go install` there ignores our go.mod). */
const run = (command, args, opts = {}) => runCaptured(command, args, { cwd: os.tmpdir(), ...opts });

const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const tail = (out) => out.trimEnd().split('\n').slice(-30).join('\n');

/** `go install module@version` into the folder of `bin`, as install.mjs builds k6. */
async function goInstall(name, module, version, bin, log) {
  if (fs.existsSync(bin)) return log(`[install] ${name} ${version}: cached at ${bin}`);
  const t0 = Date.now();
  log(`[install] ${name} ${version}: building ${bin} ...`);
  const tmpDir = `${path.dirname(bin)}.tmp-${process.pid}`;
  const env = { ...process.env, GOPROXY: process.env.GOPROXY || 'https://proxy.golang.org', CGO_ENABLED: '0', GOBIN: tmpDir };
  const args = ['install', '-trimpath', `${module}@${version}`];
  let res = await run('go', args, { env });
  if (res.code !== 0 && /sum\.golang\.org|verifying module|checksum database/i.test(res.out)) {
    log(`[install] ${name}: checksum database unreachable, retrying with GOSUMDB=off`);
    res = await run('go', args, { env: { ...env, GOSUMDB: 'off' } });
  }
  if (res.code !== 0) throw new Error(`[install] ${name} build failed:\n${tail(res.out)}`);
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  fs.renameSync(path.join(tmpDir, path.basename(bin)), bin); // atomic: a half-built binary never looks complete
  fs.rmSync(tmpDir, { recursive: true, force: true });
  log(`[install] ${name} ${version}: done (${secs(t0)})`);
}

/**
 * The schemas of one Kubernetes version, from the kubernetes-validate wheel (pip download: the
 * registry's own client). The wheel's schemas point into one shared `/api/_definitions.json`
 * (1.5 MB) by an absolute `$id` (https://kubernetes.io/api/...), which the package resolves in
 * Python; kubeconform would fetch that address, and compiling the shared file for every kind took
 * it seconds. So each kind's file is made standalone once here, as kubeconform's usual schemas
 * are: the definitions it reaches copied into its own `$defs`, its references made local.
 */
async function installSchemas(log) {
  const { schemas } = kubePaths();
  const folder = `v${KUBERNETES_VERSION}-local-strict`;
  const marker = path.join(schemas, '.complete');
  if (fs.existsSync(marker)) return log(`[install] kubernetes schemas ${KUBERNETES_VERSION}: cached at ${schemas}`);
  const t0 = Date.now();
  log(`[install] kubernetes schemas ${KUBERNETES_VERSION}: ${SCHEMAS_PACKAGE.name} ${SCHEMAS_PACKAGE.version} from PyPI ...`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-k8s-schemas-'));
  try {
    const pip = ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '-q', '-d', tmp, `${SCHEMAS_PACKAGE.name}==${SCHEMAS_PACKAGE.version}`];
    let res = await run('python3', pip);
    if (res.code !== 0 && /No module named pip|not found|ENOENT/i.test(res.out)) {
      log('[install] kubernetes schemas: python3 or pip missing, installing python3-pip');
      const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update'], { env: aptEnv });
      const apt = await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', 'python3-pip'], { env: aptEnv });
      if (apt.code !== 0) throw new Error(`[install] python3-pip install failed:\n${tail(apt.out)}`);
      res = await run('python3', pip);
    }
    if (res.code !== 0) throw new Error(`[install] pip download ${SCHEMAS_PACKAGE.name} failed:\n${tail(res.out)}`);
    const wheel = fs.readdirSync(tmp).find((f) => f.endsWith('.whl'));
    if (!wheel) throw new Error(`[install] pip download left no wheel in ${tmp}`);
    // A wheel is a zip: Python's zipfile extracts the one version's folder.
    const inside = `kubernetes_validate/kubernetes-json-schema/${folder}/`;
    const extract = [
      '-c',
      'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nz.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith(sys.argv[3])])',
      path.join(tmp, wheel), tmp, inside,
    ];
    const ex = await run('python3', extract);
    if (ex.code !== 0) throw new Error(`[install] extracting ${wheel} failed:\n${tail(ex.out)}`);
    const from = path.join(tmp, inside);
    const to = path.join(schemas, folder);
    fs.rmSync(schemas, { recursive: true, force: true });
    fs.mkdirSync(to, { recursive: true });
    const defs = JSON.parse(fs.readFileSync(path.join(from, '_definitions.json'), 'utf8')).$defs;
    const REF = '/api/_definitions.json#/$defs/';
    let count = 0;
    for (const name of fs.readdirSync(from).filter((f) => f.endsWith('.json') && f !== '_definitions.json')) {
      const schema = JSON.parse(fs.readFileSync(path.join(from, name), 'utf8'));
      delete schema.$id;
      // The definitions this schema reaches, following references through them.
      const reached = {};
      const walk = (node) => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (node === null || typeof node !== 'object') return undefined;
        for (const [key, value] of Object.entries(node)) {
          // References from the kind's file are absolute; those between definitions are local.
          const prefix = typeof value === 'string' ? [REF, '#/$defs/'].find((p) => value.startsWith(p)) : undefined;
          if (key === '$ref' && prefix) {
            const def = value.slice(prefix.length);
            if (!(def in reached)) {
              if (!(def in defs)) throw new Error(`[install] ${name}: no definition ${def}`);
              reached[def] = defs[def];
              walk(defs[def]);
            }
          } else walk(value);
        }
        return undefined;
      };
      walk(schema);
      schema.$defs = { ...schema.$defs, ...reached };
      fs.writeFileSync(path.join(to, name), JSON.stringify(schema).replaceAll(`"${REF}`, '"#/$defs/'));
      count += 1;
    }
    if (count < 100) throw new Error(`[install] ${wheel} held only ${count} schemas under ${inside}`);
    fs.writeFileSync(marker, `${SCHEMAS_PACKAGE.name} ${SCHEMAS_PACKAGE.version}\n`);
    log(`[install] kubernetes schemas ${KUBERNETES_VERSION}: ${count} files (${secs(t0)})`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** kustomize, kubeconform and the schemas, side by side. */
export async function installKubeTools({ log = console.log } = {}) {
  const p = kubePaths();
  await Promise.all([
    goInstall('kustomize', 'sigs.k8s.io/kustomize/kustomize/v5', KUSTOMIZE_VERSION, p.kustomize, log),
    goInstall('kubeconform', 'github.com/yannh/kubeconform/cmd/kubeconform', KUBECONFORM_VERSION, p.kubeconform, log),
    installSchemas(log),
  ]);
  return p;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installKubeTools().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
