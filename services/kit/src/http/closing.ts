import type { Server } from 'node:http';

/**
 * How long a closing service lets the requests under way finish before it cuts their connections:
 * the Deployments give the whole stop 20 s, 5 of them the preStop pause.
 */
export const CLOSE_GRACE_MS = 5_000;

/**
 * A close for `server` that waits for requests, not for clients: it stops accepting, lets the
 * requests under way finish (at most `graceMs`), then cuts every connection left.
 *
 * Why: Node's `server.close()` resolves only once every connection has ended. It closes idle
 * keep-alive connections itself, but not one a client opened without sending a request yet
 * (a client reconnecting as the service began to close): that one held `close()` until the
 * headers timeout (66 s here), so a service took a minute to stop, past any orchestrator's
 * grace period (docs/decisions/deployment.md, "Probes").
 */
export function closeWhenAnswered(server: Server, graceMs = CLOSE_GRACE_MS): () => Promise<void> {
  let underWay = 0;
  let answered: (() => void) | undefined;
  server.on('request', (_req, res) => {
    underWay += 1;
    res.once('close', () => {
      underWay -= 1;
      if (underWay === 0) answered?.();
    });
  });
  return () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const allAnswered = underWay === 0 ? Promise.resolve() : new Promise<void>((resolve) => { answered = resolve; });
    const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs); });
    void Promise.race([allAnswered, grace]).then(() => {
      clearTimeout(timer);
      server.closeAllConnections();
    });
    return closed;
  };
}
