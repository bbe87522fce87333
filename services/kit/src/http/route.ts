import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { success, type PageMeta } from '@pinhive/contracts';
import { AppError, appError } from '../errors';
import { requireViewer } from '../auth/middleware';
import type { Viewer } from '../auth/tokens';
import { requestId } from './app';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route:
 * - `public`: nobody needs to be signed in, and the handler is given no viewer;
 * - `viewer`: a signed-in viewer is required; without one the kit answers 401 with the reason
 *   the token was refused (`token_expired` makes the web app refresh), else `unauthorized`;
 * - `optional`: the handler gets the viewer when there is one, `undefined` otherwise (a refused
 *   token counts as none, as for `authenticate`).
 */
export type RouteAuth = 'public' | 'viewer' | 'optional';
export const ROUTE_AUTH_RULES: readonly RouteAuth[] = ['public', 'viewer', 'optional'];

/** The viewer a handler receives for each rule. */
export type ViewerFor<A extends RouteAuth> = A extends 'viewer' ? Viewer : A extends 'optional' ? Viewer | undefined : undefined;

/** What a handler (and a rate limit's key function) receives: parsed input and the viewer. */
export interface RouteInput<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A extends RouteAuth> {
  body: z.output<B>;
  query: z.output<Q>;
  params: z.output<P>;
  viewer: ViewerFor<A>;
  req: Request;
  res: Response;
}

/**
 * Anything that counts a request under a key and rejects once the key is over its limit (with
 * its own error, e.g. 429 `too_many_requests`; 503 when its store is away). Auth's
 * `RequestLimiter` is one.
 */
export interface RateLimiter {
  consume(key: string): Promise<void>;
}

/** A limiter as a service wires it, with what it allows for the OpenAPI document. */
export interface DeclaredLimiter {
  limiter: RateLimiter;
  /** e.g. `60 per 60 s`: shown in the OpenAPI document (the limiter is what enforces it). */
  allows: string;
}

/** A route's rate limit: a limiter, and the key the request is counted under. */
export interface RateLimitRule<In = RouteInput<z.ZodType, z.ZodType, z.ZodType, RouteAuth>> extends DeclaredLimiter {
  /** What is counted, for the document: `ip`, `viewer`, `identifier`... */
  per: string;
  // Method syntax on purpose: a route list mixes routes of different inputs (AnyRoute).
  key(input: In): string;
}

/** Count per client IP (`req.ip`, which honours the trusted gateway): `{ ...limits.x, ...perIp }`. */
export const perIp = { per: 'ip', key: (input: { req: Request }): string => input.req.ip ?? 'unknown' };
/** Count per signed-in account (for `viewer` routes). */
export const perViewer = { per: 'viewer', key: (input: { viewer: Viewer }): string => input.viewer.userId };

/** What a handler returns: the `data` (or a page of it), as values or as JSON text already (JsonText). */
export type RouteAnswer<R extends z.ZodType, G extends boolean> = G extends true ? PagedData<z.input<R> | JsonText> : z.input<R> | JsonText;

/**
 * What a paged route's handler returns (see `page()` in paging.ts): the items and the next
 * bookmark, and what the page says about itself (`meta`, contracts' PageMeta) when it has any.
 */
export type PagedData<D> = { items: D; bookmark: string; meta?: PageMeta | JsonText };

/**
 * One route of a service: who may call it, its rate limits and its schemas are declared here
 * and applied by `mountRoutes`, and are the single source for the OpenAPI document. The
 * handler receives parsed input and the viewer, and returns the `data` of the envelope.
 */
export interface RouteDef<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  A extends RouteAuth = RouteAuth,
  G extends boolean = false,
> {
  method: Method;
  /** Express path, e.g. `/v3/users/:username/`. */
  path: string;
  summary: string;
  /** Required: every route says who may call it. */
  auth: A;
  /**
   * The `message_detail` of this route's 401 (no viewer, or a refused token), when the web shows
   * a refusal of this call somewhere of its own: quick-promote's under the pin (section 8).
   */
  unauthorizedDetail?: string;
  /** Counted in order after validation, before the handler; the first refusal is the answer. */
  rateLimit?: RateLimitRule<RouteInput<B, Q, P, A>> | readonly RateLimitRule<RouteInput<B, Q, P, A>>[];
  body?: B;
  query?: Q;
  /**
   * Query parameters whose value is JSON text (a resource read's `data`), with the schema of that
   * JSON: the OpenAPI document describes them as JSON content of it, not as any string.
   */
  jsonQuery?: Record<string, z.ZodType>;
  params?: P;
  /** The schema of `data` (for a paged route, of the whole list of items on a page). */
  response: R;
  status?: number;
  /** A body limit above the service's BODY_LIMIT for this route alone (e.g. `image_base64`). */
  bodyLimit?: string;
  /**
   * The handler reads `req` itself (a POST of any content type, e.g. an image streamed to its
   * store): no parser touches the body, so the handler must bound what it reads.
   */
  streamBody?: boolean;
  /**
   * A page of a list: the handler returns `{ items, bookmark }` (from `page()`), the answer has
   * `data: items` and `bookmarks: [bookmark]`.
   */
  paged?: G;
  // Method syntax on purpose: a route list mixes routes of different schemas (AnyRoute).
  handler(input: RouteInput<B, Q, P, A>): Promise<RouteAnswer<R, G>>;
}

/** Any route: each route's own types are checked where it is defined with defineRoute. */
export type AnyRoute = RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType, RouteAuth, boolean>;

/** Identity helper that keeps each route's types precise (the viewer's type follows `auth`). */
export function defineRoute<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
  G extends boolean = false,
>(def: RouteDef<B, Q, P, R, A, G>): RouteDef<B, Q, P, R, A, G> {
  return def;
}

/** The route's rate limits as a list (none, one or several). */
export function rateLimitsOf(route: AnyRoute): readonly RateLimitRule[] {
  const r = route.rateLimit;
  if (!r) return [];
  return Array.isArray(r) ? (r as readonly RateLimitRule[]) : [r as RateLimitRule];
}

/** What makes text unstorable: a NUL (the store and the logs end a string there, or refuse it), or a lone surrogate (not UTF-8: stored as U+FFFD). */
export type BadText = 'nul' | 'lone_surrogate';

/** A surrogate that is not half of a pair (with `u`, a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;
const badText = (s: string): BadText | undefined => (s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'lone_surrogate' : undefined);
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Where the first unstorable text is in a parsed value, in a string or an object's key: its field
 * path (`options.name`) and what is wrong, or undefined. Walked without recursion: a body may
 * nest thousands of levels deep.
 */
export function badTextAt(value: unknown, base: readonly (string | number)[] = []): { field: string; problem: BadText } | undefined {
  const pending: { value: unknown; path: readonly (string | number)[] }[] = [{ value, path: base }];
  // A key is named printable: its NUL or lone surrogate as an escape.
  const printable = (key: string) => key.split('\u0000').join(escaped('\u0000')).replace(/\p{Cs}/gu, escaped);
  while (pending.length > 0) {
    const { value: v, path } = pending.pop()!;
    if (typeof v === 'string') {
      const problem = badText(v);
      if (problem) return { field: path.join('.'), problem };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => pending.push({ value: item, path: [...path, i] }));
    } else if (v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) {
      for (const [key, item] of Object.entries(v)) {
        const problem = badText(key);
        if (problem) return { field: [...path, printable(key)].join('.'), problem };
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

const BAD_TEXT_MESSAGE: Record<BadText, string> = {
  nul: 'must not contain the NUL character (U+0000)',
  lone_surrogate: 'must be well-formed Unicode (a lone surrogate is not)',
};

/**
 * No stored text holds a NUL character or a lone surrogate: a request carrying one, anywhere,
 * is a 400 naming the field, before any handler (a NUL gave 500s from the store).
 */
function refuseBadText(value: unknown, part: 'body' | 'query' | 'params'): void {
  const at = badTextAt(value);
  if (at === undefined) return;
  const field = at.field || part;
  const message = `${field} ${BAD_TEXT_MESSAGE[at.problem]}.`;
  throw appError('bad_request', { message, field, data: { issues: [{ field, message }] } });
}

/** Parses one part of the request; the first problem names its field in the 400 answer. */
function parsePart(schema: z.ZodType | undefined, value: unknown, part: 'body' | 'query' | 'params'): unknown {
  if (!schema) return undefined;
  // As sent, and as parsed: JSON inside a field (a resource call's `data`) may hold an escaped NUL.
  refuseBadText(value, part);
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) {
    refuseBadText(result.data, part);
    return result.data;
  }
  const issues = result.error.issues.map((i) => ({ field: i.path.join('.') || part, message: i.message }));
  const first = issues[0] ?? { field: part, message: 'Invalid value' };
  // The message (and any further problems) for people; which field each concerns in `data`.
  const others = [...new Set(issues.slice(1).map((i) => i.message))].filter((m) => m !== first.message);
  throw appError('bad_request', {
    message: first.message,
    ...(others.length > 0 ? { detail: others.join(' ') } : {}),
    field: first.field,
    data: { issues },
  });
}

/** The viewer the route's rule gives its handler; 401 (with the token's refusal, and the route's detail) for `viewer`. */
function viewerFor(auth: RouteAuth, req: Request, unauthorizedDetail: string | undefined): Viewer | undefined {
  switch (auth) {
    case 'viewer':
      try {
        return requireViewer(req);
      } catch (err) {
        if (unauthorizedDetail === undefined || !(err instanceof AppError)) throw err;
        throw new AppError(err.code, err.message, unauthorizedDetail, err.data, err.status);
      }
    case 'optional':
      return req.viewer;
    case 'public':
      return undefined;
  }
}

function isPage(value: unknown): value is PagedData<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { items, bookmark } = value as { items?: unknown; bookmark?: unknown };
  return (Array.isArray(items) || items instanceof JsonText) && typeof bookmark === 'string';
}

/**
 * A handler's answer that is JSON already (a cached answer: see cache/read-cache.ts), put into
 * the envelope as bytes: not serialised, nor encoded to UTF-8, again on every request.
 */
export class JsonText {
  readonly bytes: Buffer;
  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }
}

const SUCCESS_HEAD = Buffer.from('{"resource_response":{"status":"success","data":');

/**
 * The success envelope of contracts' `success()`, around data that may be JSON already (then as
 * bytes), and a page's meta, which may be JSON already too (a page's promoted pins, put together
 * from each one's JSON kept in memory).
 */
export function successBody(data: unknown, id: string | undefined, bookmarks?: string[], meta?: PageMeta | JsonText): string | Buffer {
  if (!(data instanceof JsonText)) return JSON.stringify(success(data, id, bookmarks, meta instanceof JsonText ? (JSON.parse(meta.bytes.toString('utf8')) as PageMeta) : meta));
  const marks = bookmarks ? `,"bookmarks":${JSON.stringify(bookmarks)}` : '';
  const rid = id ? `,"request_identifier":${JSON.stringify(id)}` : '';
  if (meta instanceof JsonText) return Buffer.concat([SUCCESS_HEAD, data.bytes, Buffer.from(`${marks},"meta":`), meta.bytes, Buffer.from(`}${rid}}`)]);
  return Buffer.concat([SUCCESS_HEAD, data.bytes, Buffer.from(`${marks}${meta ? `,"meta":${JSON.stringify(meta)}` : ''}}${rid}}`)]);
}

function send(res: Response, status: number, data: unknown, id: string | undefined, bookmarks?: string[], meta?: PageMeta | JsonText): void {
  res.status(status).type('application/json').send(successBody(data, id, bookmarks, meta));
}

/** Refuses, at start, a route list that a type cast let through without an auth rule. */
function assertDeclared(route: AnyRoute): void {
  if (!ROUTE_AUTH_RULES.includes(route.auth)) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} declares no auth rule (public, viewer or optional)`);
  }
}

/**
 * Mounts the routes on an Express router. Per request, in this order: the auth rule (401), the
 * body/query/params schemas (400 naming the field), the rate limits (their own refusal, e.g. 429),
 * then the handler, whose answer is wrapped in the envelope (`bookmarks` for a paged route).
 */
export function mountRoutes(router: Router, routes: readonly AnyRoute[]): void {
  for (const route of routes) {
    assertDeclared(route);
    const limits = rateLimitsOf(route);
    router[route.method](route.path, async (req: Request, res: Response) => {
      const viewer = viewerFor(route.auth, req, route.unauthorizedDetail);
      const input = {
        body: parsePart(route.body, req.body, 'body'),
        query: parsePart(route.query, req.query, 'query'),
        params: parsePart(route.params, req.params, 'params'),
        viewer,
        req,
        res,
      };
      for (const limit of limits) await limit.limiter.consume(limit.key(input));
      const data: unknown = await route.handler(input);
      // A handler may answer another success status with `res.status()` (a move still running: 202).
      const status = res.statusCode !== 200 ? res.statusCode : (route.status ?? 200);
      if (!route.paged) {
        send(res, status, data, requestId(req));
        return;
      }
      if (!isPage(data)) throw new Error(`${route.method.toUpperCase()} ${route.path} is paged but its handler returned no { items, bookmark }`);
      send(res, status, data.items, requestId(req), [data.bookmark], data.meta);
    });
  }
}
