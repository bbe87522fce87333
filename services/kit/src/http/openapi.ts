import { z } from 'zod';
import { BOOKMARK_END, SESSION_COOKIES } from '@pinhive/contracts';
import { rateLimitsOf, type AnyRoute, type RouteAuth } from './route';

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** A schema inside the document: the document's own dialect (3.1: JSON Schema 2020-12) applies. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** How a viewer proves who they are: the web app's cookie, or a bearer token for service clients. */
const securitySchemes = {
  cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.access, description: 'Access token (ES256 JWT) set by log-in' },
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
};

/** OpenAPI `security` per auth rule: `{}` in the list makes the credentials optional. */
const securityFor: Record<RouteAuth, unknown[]> = {
  public: [],
  viewer: [{ cookieAuth: [] }, { bearerAuth: [] }],
  optional: [{}, { cookieAuth: [] }, { bearerAuth: [] }],
};

const failure = (description: string) => ({ description: `${description}: resource_response envelope with status "failure"` });

/**
 * An OpenAPI 3.1 document generated from the same route declarations that `mountRoutes`
 * applies: schemas, `security` and `x-auth` for the auth rule, `x-rate-limit` for the limits,
 * `bookmarks` for paged lists.
 */
export function openApiDocument(service: string, routes: readonly AnyRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', r.params], ['query', r.query]] as const) {
      if (!schema) continue;
      const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        const required = where === 'path' || (json.required ?? []).includes(name);
        const jsonValue = where === 'query' ? r.jsonQuery?.[name] : undefined;
        // JSON text in a query parameter: described as JSON content of its own schema (OpenAPI's
        // `content` on a parameter), so a client or a fuzzer sends JSON the route accepts.
        if (jsonValue) parameters.push({ name, in: where, required, content: { 'application/json': { schema: withoutDialect(toSchema(jsonValue)) } } });
        else parameters.push({ name, in: where, required, schema: s });
      }
    }
    const limits = rateLimitsOf(r).map((l) => ({ per: l.per, allows: l.allows }));
    const envelope: Record<string, unknown> = { status: { const: 'success' }, data: withoutDialect(z.toJSONSchema(r.response, { io: 'output', unrepresentable: 'any' })) };
    if (r.paged) {
      envelope.bookmarks = {
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
        maxItems: 1,
        description: `The next page's bookmark (send it back as \`bookmark\`), or "${BOOKMARK_END}" after the last page`,
      };
      envelope.meta = { type: 'object', description: 'What the page says about itself, when it has anything to say (a search: the query its results are of, when it corrected a typo)' };
    }
    paths[path] = {
      ...paths[path],
      [r.method]: {
        summary: r.summary,
        'x-auth': r.auth,
        security: securityFor[r.auth],
        ...(limits.length ? { 'x-rate-limit': limits } : {}),
        ...(r.paged ? { 'x-paged': true } : {}),
        parameters,
        ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: withoutDialect(toSchema(r.body)) } } } } : {}),
        // A route reading its own body (an upload): the file itself, of its own type.
        ...(r.streamBody ? { requestBody: { required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } } : {}),
        responses: {
          [String(r.status ?? 200)]: {
            description: 'resource_response envelope with status "success"',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { resource_response: { type: 'object', properties: envelope, required: ['status', 'data', ...(r.paged ? ['bookmarks'] : [])] } } },
              },
            },
          },
          ...(r.auth === 'viewer' ? { '401': failure('No signed-in viewer (unauthorized, or token_expired: refresh and retry)') } : {}),
          ...(limits.length ? { '429': failure('Over the rate limit') } : {}),
          default: failure('An error code and message'),
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: `Pinhive ${service}`, version: '1' }, paths, components: { securitySchemes } };
}
