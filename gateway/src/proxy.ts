/** One proxy per upstream service; an unreachable service answers 503 in the one error shape. */
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { clientIp, type Logger } from '@safarsaathi/platform';

export function serviceProxy(
  service: string,
  target: string | undefined,
  logger: Logger,
  onUpstreamError: () => void = () => undefined,
): RequestHandler {
  if (!target) {
    return (_req, res) => {
      res.status(503).json({ error: `The ${service} service is not available.` });
    };
  }
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    // Reused connections: without an agent every proxied call opens a new TCP connection.
    // noDelay: a body written in pieces must not wait for the peer's delayed ACK (Nagle) on each hop.
    agent: new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, noDelay: true }),
    changeOrigin: false,
    // X-Forwarded-* are written below from what the gateway trusts, not appended to what a client sent.
    xfwd: false,
    proxyTimeout: 30_000,
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
      error: (error, _req, res) => {
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
}
