import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Every process's parent and resident memory (KiB), from one `ps`. */
function processTable() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' }).trim().split('\n');
  const table = new Map();
  for (const row of rows) {
    const [pid, ppid, rss] = row.trim().split(/\s+/).map(Number);
    table.set(pid, { ppid, rss });
  }
  return table;
}

/**
 * A process's proportional set size (KiB): its own pages plus its share of pages it shares.
 * PostgreSQL's backends all map the shared buffers, which their resident sizes would each count
 * in full (1.8 GiB for ~20 backends of a 27 MiB server). Its resident size where /proc says nothing.
 */
function pss(pid, rss) {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : rss;
  } catch {
    return rss;
  }
}

/** The memory (KiB, proportional) of a process and all its descendants. */
function treeMemory(table, root) {
  const children = new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let total = 0;
  const todo = [root];
  while (todo.length > 0) {
    const pid = todo.pop();
    total += pss(pid, table.get(pid)?.rss ?? 0);
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Memory (MiB, proportional set size) of each process a stack started, from the pid files of its
 * run folder (<runDir>/pids/<name>.pid), with all its descendants: PostgreSQL's backends (each in
 * a session of its own, so a process group or session misses them) and nginx's workers count
 * with their parent, shared pages once.
 */
export function stackMemory(runDir) {
  const pids = path.join(runDir, 'pids');
  if (!fs.existsSync(pids)) return {};
  const table = processTable();
  const out = {};
  for (const f of fs.readdirSync(pids).sort()) {
    const pid = Number(fs.readFileSync(path.join(pids, f), 'utf8').split('\n')[0]);
    if (!table.has(pid)) continue; // not running
    out[f.replace(/\.pid$/, '')] = Math.round(treeMemory(table, pid) / 1024);
  }
  return out;
}

/** A stackMemory() answer's total (MiB), and its line for a benchmark's log. */
export function memorySummary(memory) {
  const total = Object.values(memory).reduce((a, b) => a + b, 0);
  const parts = Object.entries(memory).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  return { total, line: `${total} MiB (proportional set size, shared pages once) (${parts})` };
}
