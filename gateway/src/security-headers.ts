/**
 * The browser security headers (helmet) on every answer. Helmet's values depend only on its options here (no
 * per-request CSP nonces), so its middleware runs once at start against a recorder, and each request gets
 * the recorded headers in one loop instead of helmet's chain of a dozen middleware calls.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options, in its order. */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const directives =
    typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives : undefined;
  for (const [name, values] of Object.entries(directives ?? {})) {
    const list = Array.isArray(values) ? values : [values];
    if (typeof values === 'function' || list.some((value) => typeof value === 'function')) {
      throw new Error(
        `security headers: the CSP directive ${name} depends on the request and cannot be computed once`,
      );
    }
  }
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // helmet removes X-Powered-By, which express is told not to send (app.disable('x-powered-by')).
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return headers;
}

export function securityHeaders(options: HelmetOptions): RequestHandler {
  const headers = helmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
