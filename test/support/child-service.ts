import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A TCP port free on 127.0.0.1 right now, for a service that must keep its address across
 * restarts. Below 32768, out of the kernel's range for outgoing connections: while the service
 * is down, a client trying it again and again could otherwise be given that very port as its own
 * end (and connect to itself), and the restarted service would find it taken.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}

/**
 * A service run from its TypeScript sources (node with tsx) in a child process, so that a test
 * can kill it as a crash would (SIGKILL: no shutdown, no drain) and start it again with the same
 * environment. Its PORT must be fixed (not 0): the restarted process answers on the same URL.
 */
export class ChildService {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  /**
   * `entry` is relative to the repository root, e.g. services/pins-boards/src/main.ts. With
   * `logFile`, the output of every run (before and after a kill) is appended there, not to the
   * test's own: what a drill that failed can be read back from.
   */
  constructor(private readonly entry: string, private readonly env: Record<string, string>, private readonly logFile?: string) {
    if (!env.PORT || env.PORT === '0') throw new Error('a child service needs a fixed PORT, to be found again after a restart');
  }

  get url(): string {
    return `http://${this.env.HOST ?? '127.0.0.1'}:${this.env.PORT}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  start(): void {
    if (this.child) throw new Error(`${this.entry} is already running (pid ${this.child.pid})`);
    // Only what is given: no variable of the test's own environment changes the service's config.
    const env = { PATH: process.env.PATH ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), ...this.env };
    // node itself (not npx), so the pid signalled is the service's.
    const out = this.logFile ? fs.openSync(this.logFile, 'a') : 'inherit';
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], { cwd: root, env, stdio: ['ignore', out, out] });
    if (typeof out === 'number') fs.closeSync(out); // the child holds its own copy
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** The last `lines` lines of the log file, leaving out the requests answered (pino-http's). */
  logTail(lines = 20): string {
    if (!this.logFile || !fs.existsSync(this.logFile)) return '';
    const all = fs.readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean);
    const worth = all.filter((l) => !l.includes('"msg":"request completed"'));
    return worth.slice(-lines).map((l) => l.slice(0, 600)).join('\n');
  }

  /** Sends the signal (a crash by default) and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await this.exited;
    this.child = undefined;
  }
}
