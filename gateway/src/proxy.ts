/**
 * One proxy per upstream service, spread over its instances (UpstreamPool), with http-proxy-middleware as
 * the design card names: the library streams requests and answers (event streams are never held back),
 * and this module adds what the product needs around it.
 *
 * A request whose connection is refused (an instance just died) never reached it, so it is tried once more
 * on another instance whatever its method, provided its body can be sent again (none, or parsed here); a
 * GET whose connection was reset before any answer is tried again too (idempotent), also on the same
 * instance when the reset hit a kept-alive connection the instance had just closed. A service that does
 * not answer within the time-out is not asked again (it may still be working on it), and a service that
 * cannot be reached answers 503 with Retry-After in the one error shape. An answer that breaks off half-way
 * drops the client connection, so no client takes a cut body for a whole one.
 *
 * Measured (bench/README.md "Gateway ratio"): the library's per-request option merging and event plumbing
 * cost about 60 µs of the gateway's ~400 µs per proxied request; a plain `http.request` proxy was tried in
 * round 2 session 5 and taken back for the design card (docs/decisions.md).
 */
import {
  Agent,
  type AgentOptions,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, type Logger } from '@safarsaathi/platform';
import type { UpstreamPool } from './upstreams';
import { COMPRESSED_TYPE } from './compression';
import { NO_STORE, carriesSession } from './session';

/**
 * Request headers that belong to one connection, not to the request (RFC 9110 7.6.1), and the forwarding
 * headers the gateway writes itself from what it trusts (a client's own are never passed on). The
 * connection to the service has its own (the agent's keep-alive).
 */
const NOT_FORWARDED = [
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
];
/** Answer headers of the connection to the service: the gateway's connection to the client has its own. */
const NOT_RETURNED = ['keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);
const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);
/** The instance went away with the request on a connection (e.g. a kept-alive one to a killed process). */
const RESET = new Set(['ECONNRESET', 'EPIPE']);

type Routed = IncomingMessage & {
  body?: unknown;
  upstreamRetried?: boolean;
  /** The instance to avoid on the retry (the one that failed), when there is another. */
  upstreamAvoid?: string;
  /** The request to the instance, for the error handler: was its socket a reused one, did it time out. */
  upstreamRequest?: ClientRequest & { timedOut?: boolean };
};

/** Whether the request can be sent again: it has no body, or the gateway parsed it (fixRequestBody re-writes it). */
function resendable(req: Routed): boolean {
  if (req.readableEnded && req.body !== undefined) return true;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** Whether a failed attempt may be sent again: nothing reached the first instance, or it was an idempotent read. */
function retryable(code: string, req: Routed): boolean {
  if (REFUSED.has(code)) return resendable(req);
  return RESET.has(code) && IDEMPOTENT_METHODS.has(req.method ?? '');
}

/** Adds Accept-Encoding to the answer's Vary (once). */
function varyOnEncoding(res: ServerResponse): void {
  const current = res.getHeader('vary');
  if (current === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(current)))
    res.setHeader('Vary', `${String(current)}, Accept-Encoding`);
}

/** The instance a failed request went to, as the pool names it (scheme://host:port). */
function originOf(target: unknown): string | undefined {
  if (!target) return undefined;
  if (typeof target === 'string') return new URL(target).origin;
  const { href, protocol, host } = target as { href?: string; protocol?: string; host?: string };
  if (href) return new URL(href).origin;
  return protocol && host ? `${protocol}//${host}` : undefined;
}

export function serviceProxy(
  service: string,
  pool: UpstreamPool,
  logger: Logger,
  onUpstreamError: () => void = () => undefined,
  /** A service answers 503 itself at its request deadline; this is only for one that does not answer at all. */
  timeoutMs = 9_500,
): RequestHandler {
  const unavailableBody = JSON.stringify({
    error: `The ${service} service is temporarily unavailable. Please try again.`,
  });
  // The error handler calls it again for a retry (it runs only after this assignment).
  const proxy: RequestHandler = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: pool.urls[0],
    router: (req) => pool.pick((req as Routed).upstreamAvoid),
    // Reused connections: without an agent every proxied call opens a new TCP connection.
    // noDelay: a body written in pieces must not wait for the peer's delayed ACK (Nagle) on each hop. A socket
    // option the agent passes on to net.createConnection, which @types/node 24 leaves off AgentOptions.
    agent: new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, noDelay: true } as AgentOptions),
    changeOrigin: false,
    // X-Forwarded-* are written below from what the gateway trusts, not appended to what a client sent.
    xfwd: false,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (proxyReq, req) => {
        const routed = req as Routed;
        const request = req as unknown as Request;
        routed.upstreamRequest = proxyReq;
        // The library aborts a request that times out, which surfaces as a reset: noted to tell them apart.
        proxyReq.once('timeout', () => {
          (proxyReq as ClientRequest & { timedOut?: boolean }).timedOut = true;
        });
        for (const name of NOT_FORWARDED) proxyReq.removeHeader(name);
        // A body the gateway parsed is written again whole, with its length (fixRequestBody), not in chunks.
        if (req.readableEnded && routed.body !== undefined) proxyReq.removeHeader('transfer-encoding');
        // Exactly the client address the gateway determined (req.ip: X-Forwarded-For read only from the
        // TRUST_PROXY hops), replacing whatever chain arrived: a service trusts one hop, the gateway, and so
        // reads this address (docs/security.md "Deployment"). Never a per-IP limit key, always an address.
        const forwardedFor = request.ip ?? req.socket.remoteAddress;
        if (forwardedFor) proxyReq.setHeader('x-forwarded-for', forwardedFor);
        proxyReq.setHeader('x-forwarded-proto', request.protocol);
        if (req.headers.host) proxyReq.setHeader('x-forwarded-host', req.headers.host);
        // Bodies parsed by the gateway (rate limits read the e-mail) must be written again.
        fixRequestBody(proxyReq, req);
      },
      proxyRes: (proxyRes, req, res) => {
        // Before the library copies the answer's headers to the client.
        for (const name of NOT_RETURNED) delete proxyRes.headers[name];
        // A signed-in answer is never stored, whatever the service said.
        if (carriesSession(req as unknown as Request)) proxyRes.headers['cache-control'] = NO_STORE;
        // JSON and CSV may be compressed for another client (gateway/src/compression.ts): caches must tell
        // them apart.
        if (COMPRESSED_TYPE.test(String(proxyRes.headers['content-type']).toLowerCase())) varyOnEncoding(res);
        // The answer broke off half-way: the client must not take a cut body for a whole one.
        proxyRes.once('aborted', () => res.destroy());
        proxyRes.once('error', () => res.destroy());
      },
      error: (error, req, res, target) => {
        const routed = req as Routed;
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // The client went away first: nobody is left to answer.
        if (req.destroyed && res.destroyed) return;
        const failed = originOf(target);
        const upstream = routed.upstreamRequest;
        const timedOut = upstream?.timedOut === true;
        const code = timedOut ? 'UPSTREAM_TIMEOUT' : ((error as NodeJS.ErrnoException).code ?? '');
        if (failed && REFUSED.has(code)) pool.markDown(failed);
        // A kept-alive connection the instance closed just as it was reused: the same instance is fine.
        const staleConnection = upstream?.reusedSocket === true && code === 'ECONNRESET';
        if (!routed.upstreamRetried && (pool.size > 1 || staleConnection) && retryable(code, routed)) {
          routed.upstreamRetried = true;
          routed.upstreamAvoid = pool.size > 1 ? failed : undefined;
          logger.info(
            { service, failed, code, method: routed.method },
            'upstream instance failed the request; retrying it on another instance',
          );
          proxy(req as unknown as Request, res as unknown as Response, () => undefined);
          return;
        }
        logger.warn({ err: error, service, code }, 'upstream unavailable');
        onUpstreamError();
        res.writeHead(503, {
          'content-type': 'application/json',
          'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
        });
        res.end(unavailableBody);
      },
    },
  }) as unknown as RequestHandler;
  return proxy;
}
