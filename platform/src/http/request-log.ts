import type { RequestHandler } from 'express';
import { CORRELATION_HEADER } from '@safarsaathi/contracts';
import type { Logger } from '../logger';

/**
 * One log line per finished request: errors always, client errors at info, the rest at debug.
 * Replaces pino-http, whose per-request child logger and serializers cost more than the search
 * itself on a hot path that usually logs nothing.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          correlationId: req.headers[CORRELATION_HEADER],
          method: req.method,
          url: req.originalUrl,
          status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request completed',
      );
    });
    next();
  };
}
