// Builds what runs: each service bundled by esbuild into services/<name>/dist/main.js (our
// workspace packages inlined, npm packages left to node_modules), and the web app by Vite.
// Plain node at run time: no TypeScript compiler in a running service.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVICES = ['auth', 'pins-boards', 'experiences', 'ads'];

/** npm packages any service or the kit depends on: they stay external. */
function externals() {
  const deps = new Set();
  for (const dir of ['kit', 'contracts', ...SERVICES]) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'services', dir, 'package.json'), 'utf8'));
    for (const d of Object.keys(pkg.dependencies ?? {})) if (!d.startsWith('@pinhive/')) deps.add(d);
  }
  return [...deps];
}

export async function buildServices({ log = console.log } = {}) {
  const external = externals();
  // Each service's entry point, plus auth's operator command (npm run admin).
  const entries = [...SERVICES.map((s) => [s, 'main']), ['auth', 'admin']];
  await Promise.all(entries.map(async ([s, entry]) => {
    await build({
      entryPoints: [path.join(root, 'services', s, 'src', `${entry}.ts`)],
      outfile: path.join(root, 'services', s, 'dist', `${entry}.js`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: true,
      external,
      logLevel: 'warning',
    });
  }));
  log(`[build] services bundled: ${SERVICES.join(', ')}`);
}

export function buildWeb({ log = console.log } = {}) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  log('[build] web app built into web/dist');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServices();
  buildWeb();
}
