import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@pinhive/contracts';
import { bookmarkSchema, limitSchema } from './paging';
import type { RateLimitRule, RouteAnswer, RouteAuth, RouteDef, RouteInput } from './route';

/**
 * Calls the specs name as resources (PinResource, BoardResource, ...) are served as
 * `/resource/<Name>/<action>/` (blueprint "Contracts"), with Pinterest web's encodings:
 * - a write (`create`, `update`, `delete`) is a POST whose JSON body is `{ "options": {...} }`,
 *   or the form field `data=<JSON with options>` the web client sends;
 * - a read (`get`) is a GET with `?data=<url-encoded JSON with options>`.
 * A resource route is an ordinary kit route: its auth rule, rate limits, schemas and OpenAPI
 * entry work as every other's; only the options' envelope differs. Field errors name the
 * option (`options.board_id`).
 */
export type ResourceAction = 'get' | 'create' | 'update' | 'delete';

const BAD_DATA = 'data must be JSON of the form {"options": {...}}.';

/** `{ "options": ... }` from a JSON string (the `data` query or form field); bad JSON is a 400 naming `data`. */
function jsonData<O extends z.ZodType>(options: O) {
  return z
    .string({ error: BAD_DATA })
    .max(1_000_000, BAD_DATA)
    .transform((raw, ctx): unknown => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: BAD_DATA });
        return z.NEVER;
      }
    })
    .pipe(z.object({ options: options }, { error: BAD_DATA }));
}

/** A write's body: JSON `{ options }`, or the form-encoded `data` field holding that JSON. */
function writeBody<O extends z.ZodType>(options: O) {
  return z.preprocess((body) => {
    if (typeof body === 'object' && body !== null && !('options' in body) && typeof (body as { data?: unknown }).data === 'string') {
      try {
        return JSON.parse((body as { data: string }).data) as unknown;
      } catch {
        return BAD_DATA;
      }
    }
    return body ?? {};
  }, z.object({ options }, { error: BAD_DATA }));
}

/**
 * A paged read's options: the resource's own plus `page_size` (the limit) and `bookmarks`
 * (`[bookmark of the previous answer]`, decoded to the key `key` describes; see paging.ts).
 */
export function pagedOptions<Shape extends z.ZodRawShape, K extends z.ZodType>(options: z.ZodObject<Shape>, opts: { key: K; defaultLimit?: number; maxLimit?: number }) {
  const max = opts.maxLimit ?? PAGE_LIMIT_MAX;
  const def = opts.defaultLimit ?? Math.min(PAGE_LIMIT_DEFAULT, max);
  return options.extend({
    page_size: limitSchema(def, max),
    bookmarks: z
      .array(z.string())
      .max(1, 'bookmarks holds one bookmark.')
      .optional()
      .transform((list) => list?.[0])
      .pipe(bookmarkSchema(opts.key)),
  });
}

export interface ResourceInput<O extends z.ZodType, A extends RouteAuth> {
  options: z.output<O>;
  viewer: RouteInput<z.ZodType, z.ZodType, z.ZodType, A>['viewer'];
  req: RouteInput<z.ZodType, z.ZodType, z.ZodType, A>['req'];
  res: RouteInput<z.ZodType, z.ZodType, z.ZodType, A>['res'];
}

export interface ResourceDef<O extends z.ZodType, R extends z.ZodType, A extends RouteAuth, G extends boolean> {
  /** `PinResource`, `BoardResource`... as the spec names it. */
  resource: string;
  action: ResourceAction;
  summary: string;
  auth: A;
  options: O;
  response: R;
  status?: number;
  paged?: G;
  /** Larger bodies than the service's BODY_LIMIT (e.g. `image_base64`). */
  bodyLimit?: string;
  rateLimit?: RateLimitRule<ResourceInput<O, A>> | readonly RateLimitRule<ResourceInput<O, A>>[];
  handler(input: ResourceInput<O, A>): Promise<RouteAnswer<R, G>>;
}

type ResourceRoute<R extends z.ZodType, A extends RouteAuth, G extends boolean> = RouteDef<z.ZodType, z.ZodType, z.ZodType, R, A, G>;

/** The path a resource action is served at. */
export const resourcePath = (resource: string, action: ResourceAction): string => `/resource/${resource}/${action}/`;

/** Declares a resource action as a kit route. */
export function defineResource<O extends z.ZodType, R extends z.ZodType, A extends RouteAuth, G extends boolean = false>(
  def: ResourceDef<O, R, A, G>,
): ResourceRoute<R, A, G> {
  const read = def.action === 'get';
  const optionsOf = (input: { body: unknown; query: unknown }): z.output<O> =>
    (read ? (input.query as { data: { options: z.output<O> } }).data.options : (input.body as { options: z.output<O> }).options);
  const toResourceInput = (input: RouteInput<z.ZodType, z.ZodType, z.ZodType, A>): ResourceInput<O, A> => ({ options: optionsOf(input), viewer: input.viewer, req: input.req, res: input.res });
  const limits = def.rateLimit === undefined ? undefined : (Array.isArray(def.rateLimit) ? def.rateLimit : [def.rateLimit]) as readonly RateLimitRule<ResourceInput<O, A>>[];
  return {
    method: read ? 'get' : 'post',
    path: resourcePath(def.resource, def.action),
    summary: def.summary,
    auth: def.auth,
    ...(read ? { query: z.object({ data: jsonData(def.options) }), jsonQuery: { data: z.object({ options: def.options }) } } : { body: writeBody(def.options) }),
    response: def.response,
    ...(def.status === undefined ? {} : { status: def.status }),
    ...(def.paged === undefined ? {} : { paged: def.paged }),
    ...(def.bodyLimit === undefined ? {} : { bodyLimit: def.bodyLimit }),
    ...(limits ? { rateLimit: limits.map((l) => ({ ...l, key: (input: RouteInput<z.ZodType, z.ZodType, z.ZodType, A>) => l.key(toResourceInput(input)) })) } : {}),
    handler: (input) => def.handler(toResourceInput(input)),
  };
}
