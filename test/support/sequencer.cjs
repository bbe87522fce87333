/**
 * jest's own order, longest files first, from durations any clone can read. jest keeps each
 * file's last duration in its cache under a key that holds the clone's path, so a clone at a new
 * path (CI's) starts with none and orders the files by size: a long file that comes last runs
 * alone while the other workers are done. Here a file jest has no duration for takes the one
 * kept by its path in the repository in ~/.cache/pinhive/jest-durations/<project>.json
 * (PINHIVE_CACHE moves it), which every run updates, as the lint and typecheck caches are
 * shared (docs/decisions/test-suite-speed.md).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '..', '..');

/** The same root as infra/native/install.mjs cacheRoot() (an ES module jest's config cannot load here). */
const durationsDir = () => path.join(process.env.PINHIVE_CACHE || path.join(os.homedir(), '.cache', 'pinhive'), 'jest-durations');

/** The durations a file holds, by repository path; none when it is missing or unreadable. */
function readDurations(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

class SharedDurationsSequencer extends Sequencer {
  constructor(...args) {
    super(...args);
    this.dir = durationsDir();
    /** project name -> { relative path -> ms } */
    this.shared = new Map();
  }

  fileOf(test) {
    const name = test.context.config.displayName?.name ?? 'default';
    return path.join(this.dir, `${name.replace(/[^\w-]/g, '_')}.json`);
  }

  sharedOf(test) {
    const file = this.fileOf(test);
    if (!this.shared.has(file)) this.shared.set(file, readDurations(file));
    return this.shared.get(file);
  }

  time(test) {
    return super.time(test) ?? this.sharedOf(test)[path.relative(ROOT, test.path)];
  }

  cacheResults(tests, results) {
    super.cacheResults(tests, results);
    const byPath = new Map(tests.map((t) => [t.path, t]));
    const updates = new Map();
    for (const r of results.testResults) {
      const test = byPath.get(r.testFilePath);
      if (!test || r.skipped) continue;
      const ms = r.perfStats.runtime ?? r.perfStats.end - r.perfStats.start;
      if (!(ms > 0)) continue;
      const file = this.fileOf(test);
      if (!updates.has(file)) updates.set(file, {});
      updates.get(file)[path.relative(ROOT, r.testFilePath)] = ms;
    }
    for (const [file, durations] of updates) {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        // Read again just before writing: several jest runs of a project may end at once.
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, JSON.stringify({ ...readDurations(file), ...durations }));
        fs.renameSync(tmp, file);
      } catch {
        // a cache: never a reason for a run to fail
      }
    }
  }
}

module.exports = SharedDurationsSequencer;
