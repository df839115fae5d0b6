/** HTTP errors that map to the one error shape `{ error, details? }`. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds ? { retryAfterSeconds } : undefined);

/** The first issue's message becomes `error` (the spec's texts), every issue goes into `details`. */
export function fromZodError(error: ZodError): HttpError {
  const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

/** Never a stack trace to the client; unexpected errors are logged and answered with a generic 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let status = 500;
    let body: { error: string; details?: unknown } = { error: 'Something went wrong. Please try again.' };
    if (err instanceof HttpError) {
      status = err.status;
      body = err.details === undefined ? { error: err.message } : { error: err.message, details: err.details };
    } else if (err instanceof ZodError) {
      const httpError = fromZodError(err);
      status = httpError.status;
      body = { error: httpError.message, details: httpError.details };
    } else if (isBodyParserError(err)) {
      // express.json(): malformed JSON is 400, an oversized body 413.
      status = err.status;
      body = { error: err.type === 'entity.too.large' ? 'Request body is too large' : 'Request body is not valid JSON' };
    }
    if (status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    if (status === 429 && body.details && typeof body.details === 'object' && 'retryAfterSeconds' in body.details) {
      res.setHeader('Retry-After', String((body.details as { retryAfterSeconds: number }).retryAfterSeconds));
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  };
}

function isBodyParserError(err: unknown): err is { status: number; type: string } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'type' in err &&
    'status' in err &&
    typeof (err as { status: unknown }).status === 'number' &&
    (err as { status: number }).status >= 400 &&
    (err as { status: number }).status < 500
  );
}
