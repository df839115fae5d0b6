import type { Request } from 'express';

/**
 * The client's IP for per-IP limits: express's `req.ip`, which reads X-Forwarded-For only from the hops
 * TRUST_PROXY names (the gateway, a load balancer), never from the client itself.
 */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; count them as a.b.c.d.
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
