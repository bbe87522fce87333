import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Resident memory (MiB) of each process a stack started, from the pid files of its run folder
 * (<runDir>/pids/<name>.pid): the whole process group of each, so PostgreSQL's backends and
 * nginx's workers count with their parent.
 */
export function stackMemory(runDir) {
  const pids = path.join(runDir, 'pids');
  if (!fs.existsSync(pids)) return {};
  const out = {};
  for (const f of fs.readdirSync(pids).sort()) {
    const pid = fs.readFileSync(path.join(pids, f), 'utf8').split('\n')[0];
    try {
      const group = execFileSync('ps', ['-o', 'rss=', '-g', pid], { encoding: 'utf8' });
      out[f.replace(/\.pid$/, '')] = Math.round(group.trim().split(/\s+/).reduce((a, b) => a + Number(b), 0) / 1024);
    } catch { /* not running */ }
  }
  return out;
}
