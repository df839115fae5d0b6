/**
 * Request checks the gateway makes before a state change reaches a service: no cross-site requests,
 * JSON bodies only, and 405 (with Allow) for methods a known path does not offer.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '@safarsaathi/platform';

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';
export const JSON_ONLY_MESSAGE = 'Requests with a body must be sent as application/json.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * SameSite=Lax keeps the cookie off most cross-site requests, not all (same-site subdomains, top-level
 * POST navigations in older browsers), so a state change must also say it comes from this site:
 *  - an allowed Origin (the gateway's own host, or ALLOWED_ORIGINS) passes;
 *  - otherwise Sec-Fetch-Site, when the browser sends it, must be same-origin or none (typed by the user);
 *  - otherwise an Origin that is present must be the gateway's own host;
 *  - a request with neither header is not from a browser that could carry someone's cookie cross-site,
 *    so it passes (curl, server-to-server, tests).
 */
export function crossSiteGuard(allowedOrigins: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const site = req.get('sec-fetch-site');
    if (origin && allowedOrigins.has(origin)) return next();
    const sameHost = origin !== undefined && origin !== 'null' && hostOf(origin) === req.get('host');
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return next();
      return next(new HttpError(403, CROSS_SITE_MESSAGE));
    }
    if (origin === undefined || sameHost) return next();
    next(new HttpError(403, CROSS_SITE_MESSAGE));
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * The API takes JSON only. HTML forms can post cross-site without a preflight exactly three types
 * (url-encoded, multipart, text/plain), so anything but JSON is refused, also on calls without a body.
 */
export function jsonBodyGuard(): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const type = req.get('content-type');
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (type === undefined ? hasBody : !/^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(type)) {
      return next(new HttpError(415, JSON_ONLY_MESSAGE));
    }
    next();
  };
}

/** For a known path and a method it does not offer (TRACE included): 405 with the methods it does. */
export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  const allow = methods.join(', ');
  return (_req, res, next) => {
    res.setHeader('Allow', allow);
    next(new HttpError(405, 'Method not allowed'));
  };
}
