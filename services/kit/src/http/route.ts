import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { success } from '@pinhive/contracts';
import { appError } from '../errors';
import { requestId } from './app';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One route of a service: its schemas are the single source for validation and for the
 * OpenAPI document. The handler receives parsed input and returns the `data` of the envelope.
 */
export interface RouteDef<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: Method;
  /** Express path, e.g. `/v3/users/:username/`. */
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  status?: number;
  // Method syntax on purpose: a route list mixes routes of different schemas (AnyRoute).
  handler(input: { body: z.output<B>; query: z.output<Q>; params: z.output<P>; req: Request; res: Response }): Promise<z.input<R>>;
}

/** Any route: each route's own types are checked where it is defined with defineRoute. */
export type AnyRoute = RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** Identity helper that keeps each route's types precise. */
export function defineRoute<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined, R extends z.ZodType = z.ZodType>(
  def: RouteDef<B, Q, P, R>,
): RouteDef<B, Q, P, R> {
  return def;
}

/** Parses one part of the request; the first problem names its field in the 400 answer. */
function parsePart(schema: z.ZodType | undefined, value: unknown, part: 'body' | 'query' | 'params'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ field: i.path.join('.') || part, message: i.message }));
  const first = issues[0] ?? { field: part, message: 'Invalid value' };
  throw appError('bad_request', {
    message: first.message,
    detail: issues.map((i) => `${i.field}: ${i.message}`).join('; '),
    field: first.field,
    data: { issues },
  });
}

/** Mounts the routes on an Express router: validate, call the handler, wrap in the envelope. */
export function mountRoutes(router: Router, routes: readonly AnyRoute[]): void {
  for (const route of routes) {
    router[route.method](route.path, async (req: Request, res: Response) => {
      const input = {
        body: parsePart(route.body, req.body, 'body'),
        query: parsePart(route.query, req.query, 'query'),
        params: parsePart(route.params, req.params, 'params'),
        req,
        res,
      };
      const data: unknown = await route.handler(input);
      res.status(route.status ?? 200).json(success(data, requestId(req)));
    });
  }
}
