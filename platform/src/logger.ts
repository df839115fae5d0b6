/** pino logging with the correlation id of the current request or event attached to every line. */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
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

/**
 * Logs never carry an e-mail address, a phone number or a name (issue 40). Fields named like personal data
 * are censored wherever they are in a line, and any string that looks like an e-mail address or a phone
 * number (in a message, an error, a job id, a URL) is masked: code logs ids, this is the net under it.
 */
const PERSONAL_KEYS =
  /^(e-?mail|email_?address|reporterEmail|adminEmail|to|full_?name|first_?name|passenger_name|ownerFirstName|subjectName|phone|phone_?number|mobile|otp|text|message_text|details|description|place|note|reply)$/i;
/** An address, also URL-encoded (`%40` for the @, as in a logged query string). */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
/** An international number (+ and 7–15 digits, spaces or dashes between) or ten digits in a row (an Indian mobile). */
// Ten digits standing alone (a mobile without its country code), not a run inside a hex id or a token.
const PHONE = /\+\d(?:[\s-]?\d){6,14}(?!\d)|(?<![\dA-Za-z])\d{10}(?![\dA-Za-z])/g;
const CENSOR = '[redacted]';

/** Masks e-mail addresses and phone numbers in a string. */
export function scrubText(text: string): string {
  if (text.length < 7) return text;
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** A copy of a log line's fields without personal data (depth-limited; errors become plain objects). */
export function scrubFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return scrubFields(pino.stdSerializers.err(value), depth);
  if (Array.isArray(value)) return value.map((item) => scrubFields(item, depth + 1));
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      PERSONAL_KEYS.test(key) && field !== null && field !== undefined && typeof field !== 'boolean'
        ? CENSOR
        : scrubFields(field, depth + 1);
  }
  return out;
}

let sink: DestinationStream | undefined;

/** Where loggers created from now on write (tests capture output with it); undefined: standard output. */
export function setLogSink(destination: DestinationStream | undefined): void {
  sink = destination;
}

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options: pino.LoggerOptions = {
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
    // Only lines that are written pay for this (most levels are off on hot paths).
    formatters: { log: (object) => scrubFields(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  return sink ? pino(options, sink) : pino(options);
}
