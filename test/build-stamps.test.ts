import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The build's skip decision (scripts/build-stamps.mjs), on a bundle of its own in a temporary
 * folder: a changed input always builds again, nothing changed never does, a missing or
 * rewritten output builds again. The module is ES, so each step runs in node.
 */
const root = path.resolve(__dirname, '..');
const stamps = pathToFileURL(path.join(root, 'scripts/build-stamps.mjs')).href;

let dir: string;
let bundle: { root: string; bundle: string; inputs: string[]; outputs: string[] };

function node(code: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', `import * as s from '${stamps}'; ${code}`], {
    encoding: 'utf8', env: { ...process.env, PINHIVE_CACHE: path.join(dir, 'cache') },
  });
}

/** What build-stamps decides for the bundle now. */
const decide = () => JSON.parse(node(`process.stdout.write(JSON.stringify(s.buildDecision(${JSON.stringify(bundle)})))`)) as { build: boolean; why?: string; hash: string };

/** A build: writes the output and records it, as scripts/build.mjs does (one node run). */
function build(content = 'bundle') {
  const b = JSON.stringify(bundle);
  const out = JSON.stringify(path.join(dir, 'dist', 'main.js'));
  node(`import fs from 'node:fs'; const { hash } = s.buildDecision(${b}); fs.mkdirSync(${JSON.stringify(path.join(dir, 'dist'))}, { recursive: true }); fs.writeFileSync(${out}, ${JSON.stringify(content)}); s.recordBuild({ ...${b}, hash });`);
}

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamps-'));
  write('src/main.ts', 'export const a = 1;\n');
  write('src/lib/util.ts', 'export const b = 2;\n');
  write('package-lock.json', '{}\n');
  bundle = { root: dir, bundle: 'svc', inputs: [path.join(dir, 'src'), path.join(dir, 'package-lock.json')], outputs: [path.join(dir, 'dist')] };
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('build stamps', () => {
  it('builds a bundle never built here', () => {
    expect(decide()).toMatchObject({ build: true, why: 'no earlier build here' });
  });

  it('skips a bundle whose inputs and output are as its last build left them', () => {
    build();
    expect(decide()).toMatchObject({ build: false });
  });

  it('skips after a file is rewritten with the same content (a checkout): content counts, not times', () => {
    build();
    const file = path.join(dir, 'src/main.ts');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(decide()).toMatchObject({ build: false });
  });

  it('builds again after an input file changed, then skips once built', () => {
    build();
    write('src/lib/util.ts', 'export const b = 3;\n');
    expect(decide()).toMatchObject({ build: true, why: 'inputs changed' });
    build();
    expect(decide()).toMatchObject({ build: false });
  });

  it('builds again after the lockfile changed, an input was added, removed or renamed', () => {
    build();
    write('package-lock.json', '{"lockfileVersion":3}\n');
    expect(decide().build).toBe(true);
    build();
    write('src/lib/new.ts', '');
    expect(decide().build).toBe(true);
    build();
    fs.rmSync(path.join(dir, 'src/lib/new.ts'));
    expect(decide().build).toBe(true);
    build();
    fs.renameSync(path.join(dir, 'src/lib/util.ts'), path.join(dir, 'src/lib/util2.ts'));
    expect(decide().build).toBe(true);
  });

  it('builds again when the output was deleted', () => {
    build();
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(decide()).toMatchObject({ build: true, why: 'output missing' });
  });

  it('builds again when the output was rewritten since (another build of other sources)', () => {
    build();
    fs.writeFileSync(path.join(dir, 'dist', 'main.js'), 'another bundle, longer');
    expect(decide()).toMatchObject({ build: true, why: 'output changed since the last build' });
  });

  it('reads no input from node_modules or dist folders inside the inputs', () => {
    build();
    write('src/node_modules/x/index.js', 'x');
    write('src/dist/y.js', 'y');
    expect(decide()).toMatchObject({ build: false });
  });

  it("gives each service's bundle its own package, the kit, the contracts, the lockfile and the build scripts as inputs", () => {
    const files = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e',
      `import { bundleFiles } from '${pathToFileURL(path.join(root, 'scripts/build.mjs')).href}'; process.stdout.write(JSON.stringify([bundleFiles('ads'), bundleFiles('web')]))`],
    { encoding: 'utf8' })) as { inputs: string[]; outputs: string[] }[];
    const rel = (list: string[]) => list.map((f) => path.relative(root, f));
    expect(rel(files[0]!.inputs)).toEqual(expect.arrayContaining(['services/ads', 'services/kit', 'services/contracts', 'package-lock.json', 'scripts/build.mjs', 'scripts/build-stamps.mjs']));
    expect(rel(files[0]!.outputs)).toEqual(['services/ads/dist']);
    expect(rel(files[1]!.inputs)).toEqual(expect.arrayContaining(['web', 'services/contracts', 'package-lock.json', 'scripts/build.mjs']));
    expect(rel(files[1]!.outputs)).toEqual(['web/dist']);
  });
});
