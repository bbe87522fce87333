/** A script tag that was put in the page: removed again when its load failed. */
export interface InsertedScript {
  remove(): void;
}

/** Puts `<script src>` in the page and reports its load or error (the DOM part, kept thin). */
export type InsertScript = (src: string, events: { onLoad: () => void; onError: () => void }) => InsertedScript;

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface ScriptLoaderOptions<Api> {
  src: string;
  insert: InsertScript;
  /** The API the script defines, once it has run; undefined before. */
  api: () => Api | undefined;
  /** Calls `done` when the API may be used (reCAPTCHA's `ready`). */
  whenReady: (api: Api, done: () => void) => void;
  /** Longest wait for load and ready together (the spec's 8000 ms). */
  timeoutMs: number;
  timers?: Timers;
}

export type ScriptLoadFailure = 'error' | 'timeout' | 'no_api';

/** The script did not load, did not define its API, or was not ready in time. */
export class ScriptLoadError extends Error {
  override readonly name = 'ScriptLoadError';
  constructor(readonly reason: ScriptLoadFailure) {
    super(`script failed to load: ${reason}`);
  }
}

const defaultTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A loader for a third-party script: the first call puts the tag in the page, later calls share
 * the same promise, so the script loads once. A failure (error event, no API, timeout) rejects,
 * removes the tag and forgets the attempt, so that a later call (the widget's "Try again") tries
 * again; a success is kept for good.
 */
export function createScriptLoader<Api>(options: ScriptLoaderOptions<Api>): () => Promise<Api> {
  const timers = options.timers ?? defaultTimers;
  let loading: Promise<Api> | null = null;

  const attempt = () =>
    new Promise<Api>((resolve, reject) => {
      let settled = false;
      let tag: InsertedScript | null = null;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        timers.clear(timer);
        outcome();
      };
      const fail = (reason: ScriptLoadFailure) =>
        finish(() => {
          tag?.remove();
          reject(new ScriptLoadError(reason));
        });
      const ready = (api: Api) => options.whenReady(api, () => finish(() => resolve(api)));
      const timer = timers.set(() => fail('timeout'), options.timeoutMs);

      // Already there (a late load after an earlier timeout, or another part of the page).
      const present = options.api();
      if (present !== undefined) return ready(present);
      tag = options.insert(options.src, {
        onLoad: () => {
          const api = options.api();
          if (api === undefined) fail('no_api');
          else ready(api);
        },
        onError: () => fail('error'),
      });
    });

  return () => {
    if (loading) return loading;
    const current = attempt();
    loading = current;
    current.catch(() => {
      if (loading === current) loading = null;
    });
    return current;
  };
}
