/**
 * Thin route handlers: validate the edge with zod, call one use-case, answer JSON.
 * `endpoint({ body, query, params }, async (input, req) => result)`.
 */
import type { Request, RequestHandler, Response } from 'express';
import { type z } from 'zod';
import { forbidden, fromZodError, unauthorized } from './errors';
import { ADMIN_MESSAGES, type Identity } from '@safarsaathi/contracts';

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
type Parsed<S extends Schemas> = {
  body: S['body'] extends z.ZodType ? z.infer<S['body']> : undefined;
  query: S['query'] extends z.ZodType ? z.infer<S['query']> : undefined;
  params: S['params'] extends z.ZodType ? z.infer<S['params']> : undefined;
};

export interface EndpointContext {
  req: Request;
  res: Response;
  /** The verified identity forwarded by the gateway, when present. */
  identity: Identity | undefined;
}

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function endpoint<S extends Schemas, R>(
  schemas: S,
  run: (input: Parsed<S>, ctx: EndpointContext) => Promise<R> | R,
  options: { status?: number } = {},
): RequestHandler {
  return async (req, res, next) => {
    try {
      const input = {
        body: parsePart(schemas.body, req.body),
        query: parsePart(schemas.query, req.query),
        params: parsePart(schemas.params, req.params),
      } as Parsed<S>;
      const result = await run(input, { req, res, identity: req.identity });
      if (!res.headersSent) res.status(options.status ?? 200).json(result ?? { success: true });
    } catch (error) {
      next(error);
    }
  };
}

/** Like `endpoint`, but refuses a request without a verified identity. */
export function authedEndpoint<S extends Schemas, R>(
  schemas: S,
  run: (input: Parsed<S>, ctx: EndpointContext & { identity: Identity }) => Promise<R> | R,
  options: { status?: number } = {},
): RequestHandler {
  return endpoint(
    schemas,
    (input, ctx) => {
      if (!ctx.identity) throw unauthorized();
      return run(input, { ...ctx, identity: ctx.identity });
    },
    options,
  );
}

/**
 * Like `authedEndpoint`, for admin-only calls: the gateway checks the role, and the service checks it
 * again on the signed identity (401 without one, 403 for anyone but an admin).
 */
export function adminEndpoint<S extends Schemas, R>(
  schemas: S,
  run: (input: Parsed<S>, ctx: EndpointContext & { identity: Identity }) => Promise<R> | R,
  options: { status?: number } = {},
): RequestHandler {
  return authedEndpoint(
    schemas,
    (input, ctx) => {
      if (ctx.identity.role !== 'admin') throw forbidden(ADMIN_MESSAGES.notAuthorised);
      return run(input, ctx);
    },
    options,
  );
}
