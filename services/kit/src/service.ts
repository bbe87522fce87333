import type { Server } from 'node:http';
import { Router } from 'express';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { BaseConfig } from './config';
import { createLogger, type Logger } from './logger';
import { createMetrics, type Metrics } from './metrics';
import { connectMongo, mongoReady } from './infra/mongo';
import { connectRedis, redisReady } from './infra/redis';
import { connectPostgres, ensureDatabase, postgresReady } from './infra/postgres';
import { answerClientErrors, createHttpApp } from './http/app';
import { closeWhenAnswered } from './http/closing';
import { expressServer } from './http/server';
import { probesRouter, type ReadinessCheck } from './http/probes';
import { mountRoutes, type AnyRoute } from './http/route';
import type { EventBus, EventHandler } from './events/bus';
import { KafkaBus } from './events/kafka-bus';
import { Dispatcher } from './events/dispatcher';
import { ProcessedEvents } from './events/processed-events';
import { OutboxRelay } from './events/outbox';
import { jwksLookup, type KeyLookup } from './auth/tokens';
import { ensureIndexes, type IndexSpec } from './store/indexes';
import { runPeriodically } from './store/day-purge';
import { ReadCache, type ReadCacheOptions } from './cache/read-cache';
import { ExperimentsClient } from './experiments/client';

export interface ServiceContext<C extends BaseConfig> {
  config: C;
  logger: Logger;
  metrics: Metrics;
  mongo: Connection;
  redis: Redis | undefined;
  /** The service's PostgreSQL database, when its definition names one (`postgres`). */
  postgres: Pool | undefined;
  /**
   * The same database through a small pool whose named statements are planned once per
   * connection (infra/postgres.ts PLANNED_ONCE), when the definition asks (`postgres.plannedOnce`).
   */
  postgresPlannedOnce: Pool | undefined;
  bus: EventBus;
  /** Call after a write that stored pending events, to publish them now. */
  outbox: Pick<OutboxRelay, 'kick' | 'drain'>;
  /** Whether the dispatcher recorded an event handled by a handler (a handler's own ledger may need to know). */
  processed: Pick<ProcessedEvents, 'has'>;
  /** A cache of hot reads kept valid through stamps in the service's Redis (cache/read-cache.ts). */
  readCache<T>(opts: ReadCacheOptions<T>): ReadCache<T>;
  /** The viewer's experiment groups, kept in memory and refreshed from experiences (experiments/client.ts). */
  experiments: ExperimentsClient;
}

export interface ServiceDefinition<C extends BaseConfig> {
  name: string;
  config: C;
  /**
   * The experiences service (`EXPERIENCES_URL`), for a service that reads experiments through
   * `ctx.experiments`; without it every experiment answers control.
   */
  experimentsUrl?: string;
  /** Redis URL when the service uses Redis (it then counts in readiness, unless `redisOptional`). */
  redisUrl?: string;
  /**
   * Redis only speeds the service up (its read caches, cache/read-cache.ts): the service stays
   * ready and answers from the store while Redis is unreachable.
   */
  redisOptional?: boolean;
  /**
   * A PostgreSQL database of the service's own (infra/postgres.ts): made on first start, then
   * `prepare` (the service's schema, idempotent) runs until it succeeds; the service is ready
   * once it has and the server answers.
   */
  postgres?: { url: string; prepare: (pool: Pool) => Promise<void>; settings?: Record<string, string>; plannedOnce?: boolean };
  /** The indexes the service's queries need (declared beside its models), created at start. */
  indexes?: readonly IndexSpec[];
  /** Collections whose documents carry `pendingEvents` (the outbox). */
  outboxCollections?: readonly string[];
  /** Wires the service's repositories, services, routes and event handlers. */
  setup: (ctx: ServiceContext<C>) => {
    routes: readonly AnyRoute[];
    handlers?: readonly EventHandler[];
    extraRouters?: Router[];
    /** The auth service verifies with its own keys; others use AUTH_JWKS_URL. */
    keyLookup?: KeyLookup;
    /** Extra readiness checks (e.g. signing keys loaded). */
    checks?: ReadinessCheck[];
    /** Stops what the service started (timers, held requests), first thing on close. */
    stop?: () => Promise<void> | void;
    /**
     * One-time carry-overs of the service's data (wrap each in `onceEver`), run after the indexes
     * exist and retried until they succeed, like the kit's own.
     */
    carryOvers?: (() => Promise<void>)[];
  };
}

export interface RunningService<C extends BaseConfig> {
  ctx: ServiceContext<C>;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a service: connections, HTTP app with probes and metrics, event consumers, outbox
 * relay. The HTTP server listens at once; `/readyz` says when every dependency answers.
 */
export async function startService<C extends BaseConfig>(def: ServiceDefinition<C>): Promise<RunningService<C>> {
  const { config } = def;
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const metrics = createMetrics(def.name);
  const mongo = connectMongo(config.MONGO_URL, logger, { commands: config.MONGO_COMMAND_METRICS ? metrics.mongoCommands : undefined });
  const redis = def.redisUrl ? connectRedis(def.redisUrl, logger) : undefined;
  const postgres = def.postgres ? connectPostgres(def.postgres.url, logger, def.name, def.postgres.settings) : undefined;
  const postgresPlannedOnce = def.postgres?.plannedOnce ? connectPostgres(def.postgres.url, logger, `${def.name}-planned-once`, def.postgres.settings, { plannedOnce: true }) : undefined;
  const processed = new ProcessedEvents(mongo, { retentionDays: config.PROCESSED_EVENTS_RETENTION_DAYS });
  const bus = new KafkaBus({
    service: def.name,
    brokers: config.KAFKA_BROKERS,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    gatherMs: config.EVENT_GATHER_MS,
    logger,
    metrics,
    dispatcher: (handlers, deadLetter) =>
      new Dispatcher({ handlers, processed, deadLetter, maxAttempts: config.EVENT_MAX_ATTEMPTS, retryBaseMs: config.EVENT_RETRY_BASE_MS, logger, metrics }),
  });
  const outbox = new OutboxRelay({ conn: mongo, collections: def.outboxCollections ?? [], bus, logger, pollMs: config.OUTBOX_POLL_MS, metrics });
  const experiments = new ExperimentsClient({ url: def.experimentsUrl, logger });
  const ctx: ServiceContext<C> = {
    config, logger, metrics, mongo, redis, postgres, postgresPlannedOnce, bus, outbox, processed,
    readCache: (opts) => new ReadCache(redis, opts, logger, metrics.readCache),
    experiments,
  };

  const { routes, handlers = [], extraRouters = [], keyLookup, checks: extraChecks = [], carryOvers = [], stop } = def.setup(ctx);
  // Only a service that consumes events keeps processed_events.
  const consumes = handlers.length > 0;
  // The service's indexes and the kit's, then the one-time carry-overs (the kit's, then the
  // service's), once the store answers; retried every 2 s until all of it succeeded.
  const specs = [...(def.indexes ?? []), ...outbox.indexes, ...(consumes ? processed.indexes : [])];
  const store = { indexed: false };
  const preparing = runPeriodically(mongo, logger, 'preparing the store', { retryMs: 2000 }, async () => {
    await ensureIndexes(mongo, specs);
    if (!store.indexed) logger.info({ indexes: specs.length }, 'indexes ready');
    store.indexed = true;
    await outbox.carryOver();
    if (consumes) await processed.carryOver();
    for (const carryOver of carryOvers) await carryOver();
  });
  // The service's PostgreSQL database and schema, retried every 2 s until ready, like the indexes
  // (a task of its own: PostgreSQL away holds up neither the indexes nor the carry-overs).
  const pg = def.postgres;
  const sql = pg && postgres ? { pool: postgres, prepared: false } : undefined;
  const preparingSql = pg && sql
    ? runPeriodically(mongo, logger, 'preparing the postgres database', { retryMs: 2000 }, async () => {
      await ensureDatabase(pg.url);
      await pg.prepare(sql.pool);
      if (!sql.prepared) logger.info('postgres database ready');
      sql.prepared = true;
    })
    : undefined;
  const checks: ReadinessCheck[] = [
    { name: 'mongo', check: () => mongoReady(mongo) },
    // Not ready before its indexes exist: a unique index is what keeps emails unique.
    { name: 'indexes', check: () => Promise.resolve(store.indexed) },
    { name: 'kafka', check: () => bus.ready() },
    ...(redis && !def.redisOptional ? [{ name: 'redis', check: () => redisReady(redis) }] : []),
    ...(sql ? [{ name: 'postgres', check: async () => sql.prepared && (await postgresReady(sql.pool)) }] : []),
    ...extraChecks,
  ];
  const api = Router();
  mountRoutes(api, routes);
  const app = createHttpApp({
    logger,
    bodyLimit: config.BODY_LIMIT,
    largeBodies: routes.flatMap((r) => (r.bodyLimit ? [{ path: r.path, limit: r.bodyLimit }] : [])),
    streamBodies: routes.filter((r) => r.streamBody === true).map((r) => r.path),
    probes: probesRouter({ service: def.name, checks, registry: metrics.registry, routes }),
    routers: [api, ...extraRouters],
    keyLookup: keyLookup ?? (config.AUTH_JWKS_URL ? jwksLookup(config.AUTH_JWKS_URL) : undefined),
    cookieSecure: config.COOKIE_SECURE,
    onResponse: ({ method, route, status, seconds }) => metrics.httpDuration.observe({ method, route, status: String(status) }, seconds),
  });

  bus.subscribe(handlers);
  // Kafka may be down at boot: the bus retries in the background and readiness reports it.
  bus.start().catch((err: unknown) => logger.error({ err }, 'event bus failed to start'));
  outbox.start();
  if (consumes) processed.startPurging(logger);
  experiments.start();

  const server = await new Promise<Server>((resolve, reject) => {
    // Not app.listen: requests made with the app's prototypes are not promoted (http/server.ts).
    const s = expressServer(app).listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  // The gateway keeps idle upstream connections for 30 s; Node must keep them longer, or nginx
  // reuses a socket Node just closed and a POST fails with 502 (seen under load).
  answerClientErrors(server);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const closeServer = closeWhenAnswered(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  logger.info({ url }, `${def.name} listening`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down');
      // Held requests (a long-poll) answer now: closing waits for the requests under way (CLOSE_GRACE_MS).
      await stop?.();
      await experiments.stop();
      await closeServer();
      preparing.stop();
      preparingSql?.stop();
      processed.stopPurging();
      await outbox.stop();
      await bus.stop();
      await mongo.close();
      redis?.disconnect();
      await postgres?.end();
      await postgresPlannedOnce?.end();
    })());
  return { ctx, server, url, close };
}

/**
 * For a service's main.ts: stop gracefully on SIGTERM/SIGINT, within the configured timeout.
 */
export function closeOnSignals(service: RunningService<BaseConfig>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    service.ctx.logger.info({ signal }, 'signal received');
    const force = setTimeout(() => process.exit(1), service.ctx.config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        service.ctx.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Entry-point wrapper: config errors and start-up failures print clearly and exit 1. */
export function main(start: () => Promise<RunningService<BaseConfig>>): void {
  start().then(closeOnSignals, (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
