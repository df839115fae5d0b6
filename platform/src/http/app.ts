/**
 * The express app every service is built from: a JSON size limit, correlation ids, request logs, the
 * verified identity, `/healthz` and `/readyz`, and the one error shape. Services are reached only
 * through the gateway, which sets the browser security headers (helmet) on every response.
 */
import express, { type Express, type Router } from 'express';
import { CORRELATION_HEADER } from '@safarsaathi/contracts';
import { withCorrelationId, type Logger } from '../logger';
import { identityMiddleware } from '../identity';
import type { TrustProxy } from '../config';
import { errorHandler, notFoundHandler } from './errors';
import { requestLogger } from './request-log';
import { requestDeadline } from './unavailable';
import type { ServiceMetrics } from '../metrics';
import { TRACEPARENT_HEADER, newTraceId, traceIdOf, traceparentFor } from '../trace-context';

export type ReadinessChecks = Record<string, () => Promise<boolean>>;

export interface ServiceAppOptions {
  logger: Logger;
  hmacSecret: string;
  readiness: ReadinessChecks;
  routes: Router;
  /** Which hops may set X-Forwarded-For (TRUST_PROXY): the client IP that per-IP limits count. */
  trustProxy: TrustProxy;
  jsonLimit?: string;
  /** Request metrics by route template (served on the metrics port, not here). */
  metrics?: ServiceMetrics;
  /** No answer started after this long: 503 (REQUEST_DEADLINE_MS). */
  requestDeadlineMs: number;
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client's id goes into logs and headers: only short ids of plain characters are taken over. */
export function acceptableCorrelationId(value: string): boolean {
  return CORRELATION_ID.test(value);
}

/**
 * The request's correlation id: the trace id of a valid `traceparent`, else a plain client
 * `x-correlation-id`, else a new trace id. Both headers are set on the request, so a proxied hop passes
 * them on (with a new parent id in `traceparent`).
 */
export function correlationMiddleware(): express.RequestHandler {
  return (req, res, next) => {
    const given = req.header(CORRELATION_HEADER);
    const correlationId =
      traceIdOf(req.header(TRACEPARENT_HEADER)) ??
      (given && acceptableCorrelationId(given) ? given : newTraceId());
    req.headers[CORRELATION_HEADER] = correlationId;
    const traceparent = traceparentFor(correlationId);
    if (traceparent) req.headers[TRACEPARENT_HEADER] = traceparent;
    else delete req.headers[TRACEPARENT_HEADER];
    res.setHeader(CORRELATION_HEADER, correlationId);
    withCorrelationId(correlationId, next);
  };
}

export async function runReadiness(
  checks: ReadinessChecks,
): Promise<{ ok: boolean; checks: Record<string, boolean> }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
  );
  return { ok: entries.every(([, ok]) => ok), checks: Object.fromEntries(entries) };
}

export function healthRoutes(readiness: ReadinessChecks): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await runReadiness(readiness);
    res
      .status(result.ok ? 200 : 503)
      .json({ status: result.ok ? 'ready' : 'not ready', checks: result.checks });
  });
  return router;
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers change with every write and clients never revalidate them: hashing each body is waste.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  if (options.metrics) app.use(options.metrics.httpMiddleware());
  app.use(correlationMiddleware());
  app.use(healthRoutes(options.readiness));
  app.use(requestLogger(options.logger));
  app.use(requestDeadline(options.requestDeadlineMs, options.logger));
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  app.use(identityMiddleware(options.hmacSecret));
  app.use(options.routes);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
