import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { failure } from '@pinhive/contracts';
import { AppError, appError, isDependencyDown, isStorageFull } from '../errors';
import type { Logger } from '../logger';
import { authenticate, csrfProtection } from '../auth/middleware';
import type { KeyLookup } from '../auth/tokens';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The id pino-http gave this request (from X-Request-Id when well formed). */
export const requestId = (req: { id?: unknown }): string => (typeof req.id === 'string' ? req.id : '');

/**
 * A wrong password, a missing profile or a refused form is the product working, not a fault:
 * those 4xx log at info. Refusals that may mean an attack (403: CSRF, blocks; 429: limits) warn.
 * A read that succeeded logs at debug: the gateway's access log already has its line (with the
 * same request id), and writing one here too cost each service about 5 % of its CPU per read
 * (profiled under the ads benchmark). Writes keep their line: they are what an operator traces.
 */
export function logLevelFor(status: number, err?: unknown, method = 'POST'): 'error' | 'warn' | 'info' | 'debug' {
  if (err || status >= 500) return 'error';
  if (status === 403 || status === 429) return 'warn';
  return status < 400 && (method === 'GET' || method === 'HEAD') ? 'debug' : 'info';
}

/**
 * Bodies are JSON or nothing, except resource writes (`/resource/...`), which also take the
 * form-encoded `data=<JSON>` Pinterest's web client sends: any other body is refused before a
 * handler runs.
 */
const jsonOnly = (streamed: ReadonlySet<string>): RequestHandler => (req, _res, next) => {
  // A route that reads its own body (an upload streamed to the image store) takes any type.
  if (req.method === 'POST' && streamed.has(req.path)) return next();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const form = req.path.startsWith('/resource/') && req.is('application/x-www-form-urlencoded');
  if (hasBody && !req.is('application/json') && !form) return next(appError('unsupported_media_type'));
  next();
};

/**
 * A body's bytes must be UTF-8: the parsers would otherwise read bytes that are not as U+FFFD and
 * a handler could store the replacement characters in place of what was sent.
 */
function utf8Only(_req: unknown, _res: unknown, buf: Buffer): void {
  if (!isUtf8(buf)) throw appError('bad_request', { message: 'The request body is not valid UTF-8.', field: 'body' });
}

export interface HttpAppOptions {
  logger: Logger;
  bodyLimit: string;
  /** Routes allowed a larger body than `bodyLimit` (exact paths). */
  largeBodies?: readonly { path: string; limit: string }[];
  /** Routes whose handler reads the request body itself, of any type (exact paths, POST). */
  streamBodies?: readonly string[];
  /** Health, readiness and metrics: mounted before cookies, CSRF and authentication. */
  probes?: Router;
  /** The service's API routers, mounted in order. */
  routers: Router[];
  /** Where access-token keys come from; without it every request is anonymous. */
  keyLookup?: KeyLookup;
  /** Cookies only over HTTPS (production). */
  cookieSecure?: boolean;
  /** Called for each finished request (metrics). */
  onResponse?: (info: { method: string; route: string; status: number; seconds: number }) => void;
}

/**
 * The Express app every service uses: helmet headers, request ids, JSON-only bodies with a size
 * limit, the `resource_response` envelope for 404s and errors, never a stack trace in an answer.
 */
export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers carry their request id, so no two bodies are alike: an ETag (a hash of every body,
  // 197 KB for a picker of 500 boards) would never match. Routes that can be revalidated set
  // their own (the /media/ files).
  app.set('etag', false);
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(helmet());
  app.use(
    pinoHttp({
      logger: opts.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
      customLogLevel: (req, res, err) => logLevelFor(res.statusCode, err, req.method),
    }),
  );
  if (opts.onResponse) {
    const onResponse = opts.onResponse;
    app.use((req, res, next) => {
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const routePath = (req.route as { path?: unknown } | undefined)?.path;
        const route = typeof routePath === 'string' ? `${req.baseUrl}${routePath}` : 'unmatched';
        onResponse({ method: req.method, route, status: res.statusCode, seconds: Number(process.hrtime.bigint() - start) / 1e9 });
      });
      next();
    });
  }
  if (opts.probes) app.use(opts.probes);
  app.use(jsonOnly(new Set(opts.streamBodies ?? [])));
  // A route's own larger limit parses first; the general parser then skips the parsed body.
  for (const large of opts.largeBodies ?? []) {
    app.post(large.path, express.json({ limit: large.limit, type: 'application/json', verify: utf8Only }), express.urlencoded({ limit: large.limit, extended: false, verify: utf8Only }));
  }
  app.use(express.json({ limit: opts.bodyLimit, type: 'application/json', verify: utf8Only }));
  app.use('/resource/', express.urlencoded({ limit: opts.bodyLimit, extended: false, verify: utf8Only }));
  app.use(cookieParser());
  app.use(csrfProtection({ secure: opts.cookieSecure ?? false }));
  if (opts.keyLookup) app.use(authenticate(opts.keyLookup));
  for (const r of opts.routers) app.use(r);
  app.use((_req, _res, next) => next(appError('not_found')));
  app.use(errorHandler(opts.logger));
  return app;
}

/**
 * What Node's HTTP parser refuses before Express sees the request (headers or a URL over its
 * 16 KB, a malformed request line) answered in the failure envelope, not an empty 400 or 431.
 * Behind the gateway nginx refuses most of these first (its own envelope, gateway/render.mjs);
 * this covers a service reached on its own.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(failure({
      code: tooLarge ? 'request_header_fields_too_large' : 'bad_request',
      message: tooLarge ? 'The request address or headers are too large.' : 'The request is not valid.',
      message_detail: null,
      http_status: status,
    }));
    socket.end(`HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * Seconds a client is told to wait (Retry-After) on a 503 or 507: about how long a restarted
 * store or broker takes to answer again here, and what the web app's own retry waits.
 */
export const RETRY_AFTER_S = 5;

/** Renders every error as the failure envelope; unknown errors are logged and answered with a generic 500. */
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let error: AppError;
    if (err instanceof AppError) error = err;
    else if (isBodyParserError(err, 'entity.parse.failed')) error = appError('bad_request', { message: 'The request body is not valid JSON.', field: 'body' });
    else if (isBodyParserError(err, 'entity.too.large')) error = appError('payload_too_large');
    else if (isBodyParserError(err)) error = appError('bad_request', { message: 'The request body could not be read.', field: 'body' });
    else if (isStorageFull(err)) {
      (req.log ?? logger).error({ err }, "the store's disk is full");
      error = appError('insufficient_storage');
    } else if (isDependencyDown(err)) {
      (req.log ?? logger).warn({ err }, 'a dependency is unreachable');
      error = appError('service_unavailable');
    } else {
      (req.log ?? logger).error({ err }, 'unhandled error');
      error = appError('internal');
    }
    // A server we depend on is away or out of space: tell clients (and the gateway) when to try
    // again, so they back off instead of hammering it. The one place every 503 and 507 passes.
    if (error.status === 503 || error.status === 507) res.set('Retry-After', String(RETRY_AFTER_S));
    res.status(error.status).json(failure(error.toBody(), requestId(req)));
  };
}

function isBodyParserError(err: unknown, type?: string): boolean {
  if (typeof err !== 'object' || err === null || !('type' in err) || !('status' in err)) return false;
  return type === undefined ? typeof err.status === 'number' && err.status < 500 : err.type === type;
}
