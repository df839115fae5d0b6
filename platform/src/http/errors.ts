/** HTTP errors that map to the one error shape `{ error, code?, details? }`. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AUTH_MESSAGES, HTTP_MESSAGES, errorCodeForMessage } from '@safarsaathi/contracts';
import type { Logger } from '../logger';
import { isDependencyUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** A stable code for a text that carries a value (the value goes in `details`); otherwise found from the text. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message: string = AUTH_MESSAGES.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = HTTP_MESSAGES.notAllowed) => new HttpError(403, message);
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number, code?: string) =>
  new HttpError(429, message, retryAfterSeconds ? { retryAfterSeconds } : undefined, code);

/** The first issue's message becomes `error` (the spec's texts), every issue goes into `details`. */
export function fromZodError(error: ZodError): HttpError {
  const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return badRequest(details[0]?.message ?? HTTP_MESSAGES.invalidRequest, details);
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

export const INVALID_PATH_MESSAGE = HTTP_MESSAGES.invalidPath;

/** Texts for client errors raised by express itself or its static files, which never name anything inside. */
const CLIENT_ERROR_TEXTS: Record<number, string> = {
  400: HTTP_MESSAGES.invalidRequest,
  404: HTTP_MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  406: 'Not acceptable',
  412: 'Precondition failed',
  413: HTTP_MESSAGES.bodyTooLarge,
  415: 'Unsupported content type',
  416: 'Range not satisfiable',
};

/**
 * Never a stack trace or an internal name to the client; unexpected errors are logged and answered with a
 * generic 500. A ZodError that reaches this point was thrown by a use-case's own parse (endpoint() turns
 * request validation into HttpErrors with `details`): it keeps its first message and 400, but its paths may
 * name internal fields (an e-mail job's `to`), so `details` is left out.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    // The answer went out already (a deadline's 503): the handler's late attempt to answer is expected.
    if (res.headersSent && (err as { code?: unknown } | null)?.code === 'ERR_HTTP_HEADERS_SENT') return;
    let status = 500;
    let body: { error: string; code?: string; details?: unknown } = { error: HTTP_MESSAGES.serverError };
    if (err instanceof HttpError) {
      status = err.status;
      body =
        err.details === undefined ? { error: err.message } : { error: err.message, details: err.details };
      if (err.code) body.code = err.code;
    } else if (err instanceof ZodError) {
      status = 400;
      body = { error: err.issues[0]?.message ?? HTTP_MESSAGES.invalidRequest };
      logger.warn(
        { issues: err.issues, method: req.method, path: req.path },
        'validation failed inside a handler',
      );
    } else if (err instanceof URIError) {
      // A path parameter with a malformed percent-encoding (express decodes parameters before any handler).
      status = 400;
      body = { error: INVALID_PATH_MESSAGE };
    } else if (isBodyParserError(err)) {
      // express.json(): malformed JSON is 400, an oversized body 413, an unknown charset 415.
      status = err.status;
      body = {
        error:
          err.type === 'entity.too.large'
            ? HTTP_MESSAGES.bodyTooLarge
            : err.type === 'entity.parse.failed'
              ? HTTP_MESSAGES.invalidJson
              : (CLIENT_ERROR_TEXTS[err.status] ?? HTTP_MESSAGES.invalidRequest),
      };
    } else if (isClientHttpError(err)) {
      // http-errors from express and serve-static (a missing file is 404, a bad range 416).
      status = err.status;
      body = { error: CLIENT_ERROR_TEXTS[err.status] ?? HTTP_MESSAGES.invalidRequest };
    } else if (isDependencyUnavailable(err)) {
      // MongoDB, Redis or Kafka unreachable: the client may try again shortly.
      status = 503;
      body = { error: UNAVAILABLE_MESSAGE };
    }
    // The stable code of the text, so a client can show it translated (contracts/src/error-codes.ts).
    body.code ??= errorCodeForMessage(body.error);
    if (status === 503)
      logger.warn({ err, method: req.method, path: req.path }, 'service unavailable: answered 503');
    else if (status >= 500) logger.error({ err, method: req.method, path: req.path }, 'request failed');
    // After a deadline's 503 (http/unavailable.ts) the handler's own answer or error has nowhere to go.
    if (res.headersSent) return;
    if (
      status === 429 &&
      body.details &&
      typeof body.details === 'object' &&
      'retryAfterSeconds' in body.details
    ) {
      res.setHeader('Retry-After', String((body.details as { retryAfterSeconds: number }).retryAfterSeconds));
    }
    if (status === 503 && !res.hasHeader('Retry-After'))
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(status).json(body);
  };
}

/** An http-errors error meant for the client (`expose`), with a 4xx status. */
function isClientHttpError(err: unknown): err is { status: number } {
  if (typeof err !== 'object' || err === null) return false;
  const { status, expose } = err as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
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
