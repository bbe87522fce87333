import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The suite's jest sequencer (test/support/sequencer.cjs): a clone that jest has no durations
 * for still runs its longest files first, from the durations other runs kept by repository path.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Sequencer = require('./support/sequencer.cjs') as new (...args: unknown[]) => {
  sort(tests: unknown[]): { path: string }[];
  cacheResults(tests: unknown[], results: unknown): void;
};

const root = path.resolve(__dirname, '..');
let cache: string;
/** Where the sequencer keeps the durations, under the cache root this test gives it. */
let dir: string;
let cacheDir: string;
const savedCache = process.env.PINHIVE_CACHE;
beforeEach(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-cache-'));
  dir = path.join(cache, 'jest-durations');
  fs.mkdirSync(dir);
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-jest-cache-'));
  process.env.PINHIVE_CACHE = cache;
});
afterEach(() => {
  if (savedCache === undefined) delete process.env.PINHIVE_CACHE;
  else process.env.PINHIVE_CACHE = savedCache;
  fs.rmSync(cache, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

// jest's own cache off, as in a clone at a path it has never run from.
const context = { config: { id: 'fresh-clone', cache: false, cacheDirectory: '', haste: {}, displayName: { name: 'int' } } };
const testOf = (rel: string) => ({ path: path.join(root, rel), context });
const files = ['test/compose.test.ts', 'test/kubernetes.test.ts', 'test/sequencer.test.ts'];

it('orders the files by the durations kept for them, the longest first (a file without one before them, as jest does)', () => {
  context.config.cacheDirectory = cacheDir;
  fs.writeFileSync(path.join(dir, 'int.json'), JSON.stringify({ 'test/compose.test.ts': 100, 'test/kubernetes.test.ts': 5_000 }));
  const sorted = new Sequencer().sort(files.map(testOf)).map((t) => path.relative(root, t.path));
  expect(sorted).toEqual(['test/sequencer.test.ts', 'test/kubernetes.test.ts', 'test/compose.test.ts']);
});

it("keeps a run's durations by repository path, beside those kept before", () => {
  context.config.cacheDirectory = cacheDir;
  fs.writeFileSync(path.join(dir, 'int.json'), JSON.stringify({ 'test/compose.test.ts': 100 }));
  const tests = files.slice(1).map(testOf);
  const result = (rel: string, runtime: number) => ({ testFilePath: path.join(root, rel), skipped: false, numFailingTests: 0, perfStats: { runtime, start: 0, end: runtime } });
  new Sequencer().cacheResults(tests, { testResults: [result('test/kubernetes.test.ts', 3_000), result('test/sequencer.test.ts', 9_000)] });
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'int.json'), 'utf8'))).toEqual({ 'test/compose.test.ts': 100, 'test/kubernetes.test.ts': 3_000, 'test/sequencer.test.ts': 9_000 });
  // The next clone's order follows them (jest's own, by file size, would put this file last).
  expect(new Sequencer().sort(files.map(testOf)).map((t) => path.relative(root, t.path))).toEqual(['test/sequencer.test.ts', 'test/kubernetes.test.ts', 'test/compose.test.ts']);
});
