import type { RequestHandler } from 'express';
import compression from 'compression';

/**
 * JSON and CSV answers above 1 KB are compressed (brotli when accepted, else gzip): search lists, profiles, the
 * OpenAPI, and /data/airports.csv (73 KB, every airport field's list: ≈ 25 KB compressed).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Only JSON and CSV are compressed here: web assets are compressed at build time (web.ts serves the .br/.gz files),
 * and an event stream (text/event-stream) must never be: compression buffers writes, so events would
 * reach the browser late, in lumps.
 */
export function jsonCompression(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (_req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '').toLowerCase();
      if (type.startsWith('text/event-stream')) return false;
      return COMPRESSED_TYPE.test(type);
    },
  }) as RequestHandler;
  return (req, res, next) => {
    // A client that accepts no encoding gets every answer as it is: the middleware's wrapping of the answer
    // and its negotiation per request would be for nothing. (Its one visible effect there, `Vary:
    // Accept-Encoding` on JSON, the proxy sets on the services' JSON itself.)
    if (!req.headers['accept-encoding']) return next();
    compress(req, res, next);
  };
}

/** The answers compressed here, by Content-Type. */
export const COMPRESSED_TYPE = /^(application\/([\w.-]+\+)?json|text\/csv)\b/;
