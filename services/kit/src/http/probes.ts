import { Router } from 'express';
import type { Registry } from 'prom-client';
import { failure, success } from '@pinhive/contracts';
import { appError } from '../errors';
import { requestId } from './app';
import type { AnyRoute } from './route';
import { openApiDocument } from './openapi';

/** A named readiness check: resolves true when the dependency answers. */
export type ReadinessCheck = { name: string; check: () => Promise<boolean> };

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(c: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS); });
  try {
    return await Promise.race([c.check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (the process lives), `/readyz` (every dependency answers), `/livez` (answers 200 and
 * does nothing else: the floor of a request through the gateway and the service's middleware,
 * which the growth benchmark measures), `/metrics`, `/openapi.json`.
 */
export function probesRouter(opts: { service: string; checks: ReadinessCheck[]; registry: Registry; routes: readonly AnyRoute[] }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => { res.json(success({ service: opts.service, status: 'ok' })); });
  router.get('/livez', (_req, res) => { res.status(200).end(); });
  router.get('/readyz', async (req, res) => {
    const results = await Promise.all(opts.checks.map(async (c) => [c.name, await runCheck(c)] as const));
    const checks = Object.fromEntries(results.map(([n, ok]) => [n, ok ? 'ok' : 'down']));
    if (results.every(([, ok]) => ok)) {
      res.json(success({ service: opts.service, status: 'ready', checks }));
      return;
    }
    const err = appError('service_unavailable', { detail: 'Not ready', data: { service: opts.service, checks } });
    res.status(503).json(failure(err.toBody(), requestId(req)));
  });
  router.get('/metrics', async (_req, res) => {
    res.type(opts.registry.contentType).send(await opts.registry.metrics());
  });
  const doc = openApiDocument(opts.service, opts.routes);
  router.get('/openapi.json', (_req, res) => { res.json(doc); });
  return router;
}
