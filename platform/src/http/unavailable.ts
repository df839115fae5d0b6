/**
 * When a dependency (MongoDB/FerretDB, Redis, Kafka) is gone, a request fails with a clean 503 that the
 * client may retry, within a bounded time: never a 500, never a hang.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again.';
/** Seconds a client is asked to wait before trying again (`Retry-After`). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Error names of the MongoDB driver, mongoose and kafkajs that mean "the dependency is not reachable". */
const UNAVAILABLE_ERROR_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
  'MaxRetriesPerRequestError',
  'KafkaJSConnectionError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'KafkaJSLockTimeout',
]);

/** Messages of ioredis and mongoose for the same situation (their errors carry no specific name). */
const UNAVAILABLE_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /buffering timed out/,
  /Stream isn't writeable/,
  /^connect ECONNREFUSED/,
];

/**
 * Socket errors of a connection to a dependency that went away: a handler writes only to its dependencies. Seen
 * in CI's fault run: the MongoDB driver wrote a command on a socket FerretDB had just closed and threw Node's own
 * EPIPE error ("This socket has been ended by the other party"), not one of its named errors.
 */
const UNAVAILABLE_SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/** True when `err` (or the error it wraps) says a dependency could not be reached. */
export function isDependencyUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const { name, message, code, cause, originalError } = err as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: unknown;
    originalError?: unknown;
  };
  if (typeof name === 'string' && UNAVAILABLE_ERROR_NAMES.has(name)) return true;
  if (typeof code === 'string' && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  return isDependencyUnavailable(cause, depth + 1) || isDependencyUnavailable(originalError, depth + 1);
}

/**
 * Answers 503 when a request has not started its answer after `deadlineMs` (a dependency that neither
 * answers nor fails, e.g. Redis commands queued while it restarts). What the handler does afterwards is
 * not sent: the client was told to try again. Streams start their answer at once and are not affected.
 */
export function requestDeadline(deadlineMs: number, logger: Logger): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      logger.warn(
        { method: req.method, path: req.path, deadlineMs },
        'request passed its deadline: answered 503',
      );
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: UNAVAILABLE_MESSAGE });
    }, deadlineMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    res.once('finish', clear);
    res.once('close', clear);
    next();
  };
}
