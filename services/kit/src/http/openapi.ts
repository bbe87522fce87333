import { z } from 'zod';
import type { AnyRoute } from './route';

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** An OpenAPI 3.1 document generated from the same zod schemas that validate requests. */
export function openApiDocument(service: string, routes: readonly AnyRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', r.params], ['query', r.query]] as const) {
      if (!schema) continue;
      const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: s });
      }
    }
    paths[path] = {
      ...paths[path],
      [r.method]: {
        summary: r.summary,
        parameters,
        ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(r.body) } } } } : {}),
        responses: {
          [String(r.status ?? 200)]: {
            description: 'resource_response envelope with status "success"',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { resource_response: { type: 'object', properties: { status: { const: 'success' }, data: z.toJSONSchema(r.response, { io: 'output', unrepresentable: 'any' }) } } },
                },
              },
            },
          },
          default: { description: 'resource_response envelope with status "failure" and an error code' },
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: `Pinhive ${service}`, version: '1' }, paths };
}
