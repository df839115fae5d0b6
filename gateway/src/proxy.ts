/**
 * One proxy per upstream service, spread over its instances (UpstreamPool). A request whose connection is
 * refused (an instance just died) never reached it, so it is tried once more on another instance whatever
 * its method, provided its body can be sent again (none, or parsed here); a GET whose connection was reset
 * before any answer is tried again too (idempotent). Otherwise an unreachable service answers 503 in the
 * one error shape.
 */
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { clientIp, type Logger } from '@safarsaathi/platform';
import type { UpstreamPool } from './upstreams';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);
const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);
/** The instance went away with the request on a connection (e.g. a kept-alive one to a killed process). */
const RESET = new Set(['ECONNRESET', 'EPIPE']);

type Routed = IncomingMessage & { upstreamRetried?: boolean; upstreamAvoid?: string; body?: unknown };

/** Whether the request can be sent again: it has no body, or the gateway parsed it (fixRequestBody re-writes it). */
function resendable(req: Routed): boolean {
  // Read to the end and parsed by express.json(): the same test fixRequestBody makes before re-writing it.
  if (req.readableEnded && req.body !== undefined) return true;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** Whether a failed attempt may go to another instance: nothing reached the first, or it was an idempotent read. */
function retryable(code: string, req: Routed): boolean {
  if (REFUSED.has(code)) return resendable(req);
  return RESET.has(code) && IDEMPOTENT_METHODS.has(req.method ?? '');
}

export function serviceProxy(
  service: string,
  pool: UpstreamPool,
  logger: Logger,
  onUpstreamError: () => void = () => undefined,
  /** A service answers 503 itself at its request deadline; this is only for one that does not answer at all. */
  timeoutMs = 9_500,
): RequestHandler {
  // The error handler calls it again for a retry (it runs only after this assignment).
  const proxy: RequestHandler = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: pool.urls[0],
    router: (req) => pool.pick((req as Routed).upstreamAvoid),
    // Reused connections: without an agent every proxied call opens a new TCP connection.
    // noDelay: a body written in pieces must not wait for the peer's delayed ACK (Nagle) on each hop.
    agent: new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, noDelay: true }),
    changeOrigin: false,
    // X-Forwarded-* are written below from what the gateway trusts, not appended to what a client sent.
    xfwd: false,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (proxyReq, req) => {
        const request = req as unknown as Request;
        proxyReq.removeHeader('forwarded');
        proxyReq.setHeader('x-forwarded-for', clientIp(request));
        proxyReq.setHeader('x-forwarded-proto', request.protocol);
        const host = request.get('host');
        if (host) proxyReq.setHeader('x-forwarded-host', host);
        // Bodies parsed by the gateway (rate limits read the e-mail) must be written again.
        fixRequestBody(proxyReq, req);
      },
      error: (error, req, res, target) => {
        const routed = req as Routed;
        const failed = originOf(target);
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (failed && REFUSED.has(code)) pool.markDown(failed);
        if (failed && pool.size > 1 && !routed.upstreamRetried && retryable(code, routed) && 'writeHead' in res && !res.headersSent) {
          // The same request goes to another instance, once.
          routed.upstreamRetried = true;
          routed.upstreamAvoid = failed;
          logger.info({ service, failed, code, method: routed.method }, 'upstream instance failed the request; retrying it on another instance');
          proxy(req as unknown as Request, res as unknown as Parameters<RequestHandler>[1], () => undefined);
          return;
        }
        logger.warn({ err: error, service }, 'upstream unavailable');
        onUpstreamError();
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: `The ${service} service is temporarily unavailable. Please try again.` }));
        } else {
          res.end();
        }
      },
    },
  }) as unknown as RequestHandler;
  return proxy;
}

/** The instance a failed request went to, as the pool names it (scheme://host:port). */
function originOf(target: unknown): string | undefined {
  if (!target) return undefined;
  if (typeof target === 'string') return new URL(target).origin;
  const { href, protocol, host } = target as { href?: string; protocol?: string; host?: string };
  if (href) return new URL(href).origin;
  return protocol && host ? `${protocol}//${host}` : undefined;
}
