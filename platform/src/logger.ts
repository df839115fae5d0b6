/** pino logging with the correlation id of the current request or event attached to every line. */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import { newTraceId } from './trace-context';

export type { Logger };

const correlationStore = new AsyncLocalStorage<{ correlationId: string }>();

export function currentCorrelationId(): string | undefined {
  return correlationStore.getStore()?.correlationId;
}

/** Runs `fn` with `correlationId` visible to every log line and every event published inside it. */
export function withCorrelationId<T>(correlationId: string | undefined, fn: () => T): T {
  return correlationStore.run({ correlationId: correlationId || newTraceId() }, fn);
}

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-safarsaathi-identity"]', 'otp', '*.otp'],
      censor: '[redacted]',
    },
  });
}
