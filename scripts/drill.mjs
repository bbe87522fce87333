// npm run drill: lists the fault drills. npm run drill -- <name>: runs one at full size on a
// server set of its own (the bench profile's ports, its data under .run/drill, started fresh and
// stopped after), and writes its figures to load-tests/results/drill-<name>.json.
// Each drill is one integration test file (test/drills/), which `npm test` runs at small scale
// among the serial files (test/support/serial-int-tests.cjs); PINHIVE_DRILL=full makes it full
// size. Why and what each one proves: docs/decisions/fault-drills.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DRILLS = {
  kafka: ['test/drills/kafka.int.test.ts', 'Kafka stopped 30 s under about 50 saves/s, then pins-boards SIGKILLed: no save or event lost, lag curve recorded'],
  redis: ['test/drills/redis.int.test.ts', 'Redis stopped 30 s: log-in 503 within 1 s, reads without Redis unaffected, recovery without a restart'],
  store: ['test/drills/store.int.test.ts', 'PostgreSQL, then FerretDB, stopped 30 s each: 503 with Retry-After, recovery by itself, nothing lost'],
  'disk-full': ['test/drills/disk-full.int.test.ts', "the store's tablespace on a filled tmpfs: 507 insufficient_storage, reads go on, writes again once space returns (root)"],
  'service-kill': ['test/drills/service-kill.int.test.ts', 'auth, pins-boards and ads each SIGKILLed mid-load and restarted: every 2xx write whole, counts and feeds converge, nothing twice'],
};

const name = process.argv[2];
if (!name || !DRILLS[name]) {
  if (name) console.error(`no drill "${name}"\n`);
  console.log('npm run drill -- <name>   (full size, own servers; results in load-tests/results/drill-<name>.json)\n');
  for (const [drill, [, what]] of Object.entries(DRILLS)) console.log(`  ${drill.padEnd(10)} ${what}`);
  process.exit(name ? 1 : 0);
}

// The drill stops and kills servers: never the dev stack's or the test suite's. Its own set, on
// the bench profile's ports unless PINHIVE_*_PORT say otherwise (a bench running meanwhile would clash).
process.env.PINHIVE_RUN_DIR ||= path.join(root, '.run', 'drill');
const { profile, startInfra, stopInfra } = await import('../infra/native/infra.mjs');
const p = profile('bench');
await startInfra(p, { fresh: true });
let status = 1;
try {
  const res = spawnSync('npx', ['jest', '--selectProjects', 'int', '--runInBand', DRILLS[name][0]], {
    cwd: root, stdio: 'inherit',
    env: { ...process.env, PINHIVE_TEST_PROFILE: 'bench', PINHIVE_TEST_SERVERS: 'external', PINHIVE_DRILL: 'full' },
  });
  status = res.status ?? 1;
} finally {
  await stopInfra(p);
}
if (status === 0) console.log(`\ndrill ${name}: passed; figures in load-tests/results/drill-${name}.json`);
process.exit(status);
