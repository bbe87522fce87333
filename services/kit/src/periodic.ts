import type { Logger } from './logger';

/**
 * Runs `work` now and then every `everyMs` (one run at a time), for state a process keeps in
 * memory and reads again (ads' serving set, pins-boards' promoted campaigns). A failed run (the
 * store not connected yet at start, or away) is logged and tried again within a second; what
 * the last good run left stays in use meanwhile. Timers are unref'd: they never hold a process open.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private stopped = false;

  constructor(private readonly name: string, private readonly work: () => Promise<void>, private readonly everyMs: number, private readonly logger: Pick<Logger, 'warn'>) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      void this.runNow().then((ok) => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, ok ? this.everyMs : Math.min(this.everyMs, 1000));
        this.timer.unref();
      });
    };
    tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Runs it now, or joins the run under way (also what tests call instead of waiting); answers whether it succeeded. */
  runNow(): Promise<boolean> {
    this.running ??= this.work().then(() => true, (err: unknown) => {
      this.logger.warn({ err }, `${this.name}: failed; what the last run read stays in use`);
      return false;
    }).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
