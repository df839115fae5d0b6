import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The subject a per-IP limit counts: an IPv4 address as it is, an IPv6 address as its /64 network. One
 * subscriber is usually given a whole /64 (RFC 6177, RIPE-690), so counting single IPv6 addresses would let
 * anyone rotate past every per-IP limit.
 */
export function ipSubject(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case without leading zeros (an IPv4 tail converted). */
function expandIpv6(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group || '0', 16).toString(16));
}

/** Whether a client address (as clientIp gives it) is this machine's loopback: 127.0.0.0/8 or ::1. */
export function isLoopback(ip: string): boolean {
  return (isIPv4(ip) && ip.startsWith('127.')) || ip === '::1';
}
