/** OpenAPI 3.1 document generated from API_ROUTES and their zod schemas (served at /api/openapi.json). */
import { z } from 'zod';
import { API_ROUTES } from './api-routes';
import { errorResponseSchema } from './errors';
import { LIVE_EVENTS_OPENAPI, LIVE_EVENTS_PATH } from './live';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export function buildOpenApiDocument(version = '0.1.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: Array<Record<string, unknown>> = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      const query = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema) } };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.service],
      ...(route.access === 'public' ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          ...(route.response ? { content: { 'application/json': { schema: jsonSchema(route.response) } } } : {}),
        },
        '400': { description: 'Invalid input', content: errorContent },
        ...(route.access !== 'public' ? { '401': { description: 'Not signed in', content: errorContent } } : {}),
        '403': { description: 'Forbidden or blocked', content: errorContent },
        '429': { description: 'Rate limited', content: errorContent },
      },
    };
  }
  // Served by the gateway itself (not a service route), so it is described by hand.
  paths[LIVE_EVENTS_PATH] = LIVE_EVENTS_OPENAPI;
  return {
    openapi: '3.1.0',
    info: { title: 'SafarSaathi API', version, description: 'REST API exposed by the SafarSaathi gateway.' },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ss_session' } },
    },
    security: [{ session: [] }],
    paths,
  };
}
