/**
 * OpenAPI 3.1 document generated from API_ROUTES and their zod schemas (served at /api/openapi.json).
 * It states what the gateway really answers: the request schemas are the ones the services check, and
 * every status the gateway or a service can give for a route is listed (documentedStatuses).
 */
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { errorResponseSchema } from './errors';
import { LIVE_EVENTS_OPENAPI, LIVE_EVENTS_PATH, SHARED_LIVE_OPENAPI } from './live';
import { TRIMMED_SPACE } from './validation';
import { DATA_EXPORT_PATH, dataExportSchema } from './privacy/export';
import { PRIVACY_CONTACT_PATH, privacyContactSchema } from './privacy/notice';

const SPACE = `[${TRIMMED_SPACE}]`;

interface StringCheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
  tx?: (value: string) => string;
}

/** A pattern as a lookahead at the start of the text: what it says of the whole text, inside another pattern. */
function asLookahead(pattern: RegExp): string {
  const source = pattern.source;
  return source.startsWith('^') ? `(?=${source.slice(1)})` : `(?=[\\s\\S]*?(?:${source}))`;
}

const CLASS_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/**
 * The code points a character-class body names, when it is written with literal characters, ranges and the
 * escapes \t \n \v \f \r \xHH \uHHHH only (as validation.ts writes its classes); otherwise undefined.
 */
function classRanges(body: string): Array<[number, number]> | undefined {
  const ranges: Array<[number, number]> = [];
  let at = 0;
  const atom = (): number | undefined => {
    if (body[at] !== '\\') return body.codePointAt(at++);
    const kind = body[at + 1]!;
    const width = kind === 'x' ? 2 : kind === 'u' ? 4 : 0;
    const code = width ? Number.parseInt(body.slice(at + 2, at + 2 + width), 16) : CLASS_ESCAPES[kind];
    at += 2 + width;
    return code === undefined || Number.isNaN(code) ? undefined : code;
  };
  while (at < body.length) {
    const from = atom();
    if (from === undefined) return undefined;
    if (body[at] === '-' && at + 1 < body.length) {
      at += 1;
      const to = atom();
      if (to === undefined) return undefined;
      ranges.push([from, to]);
    } else ranges.push([from, from]);
  }
  return ranges;
}

/** The text's spaces (what trim removes) but those in `excluded` (a class body), as a class. */
function spacesWithout(excluded: Array<[number, number]>): string {
  const spaces = classRanges(TRIMMED_SPACE)!.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, n) => from + n),
  );
  const kept = spaces.filter((code) => !excluded.some(([from, to]) => code >= from && code <= to));
  return `[${kept.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('')}]`;
}

/**
 * zod writes a string's length and pattern rules into JSON Schema, but not that it trims first: " " passes
 * `minLength: 1` on paper and is refused by the service, and "  abc" passes a trimmed `maxLength: 3`.
 * This restates the rules that apply after trimming as one pattern over the text as sent, so that the
 * published schema accepts exactly what the service accepts. A rule checked before the trim that forbids
 * characters anywhere (`^[^…]*$`, the free-text rule of validation.ts plainText) is written into that
 * pattern's character classes, so a fuzzer draws valid texts directly; any other such rule becomes a
 * lookahead. (A case change before a pattern cannot be stated; contracts check the raw text and transform
 * afterwards instead.)
 */
function describeTrimming(zodSchema: unknown, jsonSchema: Record<string, unknown>): void {
  const def = (
    zodSchema as { _zod?: { def?: { type?: string; checks?: Array<{ _zod: { def: StringCheckDef } }> } } }
  )._zod?.def;
  if (def?.type !== 'string' || !def.checks?.length) return;
  let trimmed = false;
  let min = 0;
  let max: number | undefined;
  let content: string | undefined;
  const asSent: string[] = [];
  let forbidden = '';
  for (const check of def.checks.map((c) => c._zod.def)) {
    const regex = check.check === 'string_format' && check.format === 'regex' ? check.pattern : undefined;
    if (check.check === 'overwrite' && check.tx) {
      if (check.tx(' a ') !== 'a') return;
      trimmed = true;
    } else if (!trimmed) {
      if (regex?.flags) return;
      const body = regex && /^\^\[\^(.+)\]\*\$$/.exec(regex.source)?.[1];
      if (body && classRanges(body)) forbidden += body;
      else if (regex) asSent.push(asLookahead(regex));
    } else if (check.check === 'min_length') {
      min = Math.max(min, check.minimum ?? 0);
    } else if (check.check === 'max_length') {
      max = Math.min(max ?? Infinity, check.maximum ?? Infinity);
    } else if (regex) {
      const source = regex.source;
      if (!source.startsWith('^') || !source.endsWith('$') || regex.flags) return;
      content = source.slice(1, -1);
    }
  }
  if (!trimmed || (min === 0 && max === undefined && content === undefined)) return;
  const any = forbidden ? `[^${forbidden}]` : '[\\s\\S]';
  const space = forbidden ? spacesWithout(classRanges(forbidden)!) : SPACE;
  const notSpace = `[^${TRIMMED_SPACE}${forbidden}]`;
  // The trimmed text: empty, or from the first to the last character that is not a space.
  let length: string;
  if (min === 0 && max === undefined) length = `${any}*`;
  else if (max === 0) length = '';
  else if (min <= 1)
    length = `${notSpace}(?:${any}{0,${max === undefined ? '' : Math.max(max - 2, 0)}}${notSpace})?`;
  else length = `${notSpace}${any}{${min - 2},${max === undefined ? '' : max - 2}}${notSpace}`;
  if (min === 0) length = `(?:${length})?`;
  const shape = content === undefined ? '' : `(?=(?:${content})${SPACE}*$)`;
  jsonSchema.pattern = `^${asSent.join('')}${space}*${shape}${length}${space}*$`;
  // zod wrote several patterns as allOf: each is in the one pattern above now.
  if (Array.isArray(jsonSchema.allOf)) {
    const rest = (jsonSchema.allOf as Array<Record<string, unknown>>).filter(
      (entry) => !(Object.keys(entry).length === 1 && 'pattern' in entry),
    );
    if (rest.length > 0) jsonSchema.allOf = rest;
    else delete jsonSchema.allOf;
  }
  if (max !== undefined) delete jsonSchema.maxLength;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const result = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (io === 'input') describeTrimming(ctx.zodSchema, ctx.jsonSchema as Record<string, unknown>);
    },
  }) as Record<string, unknown>;
  delete result.$schema;
  return result;
}

const hasBody = (route: ApiRoute) => route.method !== 'GET';
const pathParameters = (route: ApiRoute) => [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** Every status the gateway can answer for this route, with why. */
export function documentedStatuses(route: ApiRoute): Record<string, string> {
  const statuses: Record<string, string> = { '200': 'Success' };
  if (route.body || route.query || pathParameters(route).length > 0 || hasBody(route)) {
    statuses['400'] = 'Invalid input (the first problem in `error`, every problem in `details`)';
  }
  if (route.access === 'session' || route.access === 'admin') statuses['401'] = 'Not signed in';
  // E.g. a support case about a conversation: open to visitors, but that part only to its participant.
  if (route.access === 'optional' && route.errors?.includes(401))
    statuses['401'] = 'Not signed in (this part of the call needs it)';
  statuses['403'] = 'Blocked user, not allowed, or a cross-site request';
  if (pathParameters(route).length > 0 || route.errors?.includes(404))
    statuses['404'] = 'Not found (or not yours)';
  if (route.errors?.includes(409)) statuses['409'] = 'Conflict';
  if (hasBody(route)) {
    statuses['413'] = 'Request body is too large';
    statuses['415'] = 'Request body is not JSON';
  }
  if (route.rateLimited || route.errors?.includes(429)) statuses['429'] = 'Rate limited (see Retry-After)';
  statuses['503'] = 'The service behind this route is not available';
  for (const code of route.errors ?? [])
    statuses[String(code)] ??= code === 401 ? 'Not accepted (e.g. a wrong or expired code)' : 'Error';
  return Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b)));
}

export function buildOpenApiDocument(version = '0.1.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema, 'output') } };
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const paramsSchema = route.params
      ? (jsonSchema(route.params, 'input') as { properties?: Record<string, Record<string, unknown>> })
      : undefined;
    const parameters: Array<Record<string, unknown>> = pathParameters(route).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: paramsSchema?.properties?.[name] ?? { type: 'string', minLength: 1 },
    }));
    if (route.query) {
      const query = jsonSchema(route.query, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(documentedStatuses(route))) {
      if (status === '200') {
        responses[status] = {
          description,
          ...(route.responseType
            ? {
                content: {
                  [route.responseType]: {
                    schema:
                      route.responseType === 'application/pdf'
                        ? { type: 'string', format: 'binary' }
                        : { type: 'string' },
                  },
                },
              }
            : route.response
              ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
              : { content: { 'application/json': { schema: {} } } }),
        };
      } else if (status === '429') {
        responses[status] = {
          description,
          headers: {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } },
          },
          content: errorContent,
        };
      } else {
        responses[status] = { description, content: errorContent };
      }
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      tags: [route.service],
      // Public routes need no session; `optional` ones use it when there is one.
      ...(route.access === 'public'
        ? { security: [] }
        : route.access === 'optional'
          ? { security: [{}, { session: [] }] }
          : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  // Served by the gateway itself (not a service route), so it is described by hand.
  paths[LIVE_EVENTS_PATH] = LIVE_EVENTS_OPENAPI;
  paths['/api/shared/{token}/live'] = SHARED_LIVE_OPENAPI;
  paths[PRIVACY_CONTACT_PATH] = {
    get: {
      operationId: 'getApiPrivacyContact',
      summary: 'The grievance officer the privacy notice names (from the gateway’s configuration)',
      tags: ['gateway'],
      security: [],
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(privacyContactSchema, 'output') } },
        },
      },
    },
  };
  paths[DATA_EXPORT_PATH] = {
    get: {
      operationId: 'getApiMeData',
      summary:
        'Download everything the product keeps about the signed-in user (a JSON attachment; 3 an hour). The ' +
        'gateway gathers each service’s part.',
      tags: ['gateway'],
      responses: {
        '200': {
          description: 'The data, as an attachment (Content-Disposition)',
          content: { 'application/json': { schema: jsonSchema(dataExportSchema, 'output') } },
        },
        '401': { description: 'Not signed in', content: errorContent },
        '403': { description: 'Blocked user', content: errorContent },
        '429': {
          description: 'Rate limited (see Retry-After)',
          headers: {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } },
          },
          content: errorContent,
        },
        '503': { description: 'A service holding part of the data did not answer', content: errorContent },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'SafarSaathi API',
      version,
      description:
        'REST API exposed by the SafarSaathi gateway. State changes must come from the same origin (Origin and ' +
        'Sec-Fetch-Site are checked) with JSON bodies; unknown methods on these paths answer 405 with Allow.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ss_session' } },
    },
    security: [{ session: [] }],
    paths,
  };
}
