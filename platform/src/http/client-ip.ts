import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's IP for per-IP limits: express's `req.ip`, which reads X-Forwarded-For only from the hops
 * TRUST_PROXY names (the gateway, a load balancer), never from the client itself.
 */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; count them as a.b.c.d.
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/** A trailing dotted quad (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) as two hextets: ipaddr.js 1.x parses only some such forms. */
function withoutDottedQuad(address: string): string {
  return address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_match, a: string, b: string, c: string, d: string) => {
      const hextet = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);
      return `${hextet(a, b)}:${hextet(c, d)}`;
    },
  );
}

/**
 * What a per-IP limit counts: an IPv4 address as it is, an IPv6 address as its /64 prefix
 * (`2001:db8:1:2::/64`, `2001:db8:0:0::/64`). One subscriber, household or LAN gets a whole /64 and may pick any address in
 * it, so counting single IPv6 addresses would let anyone rotate past every per-IP limit. An IPv4 address
 * mapped into IPv6 (`::ffff:1.2.3.4`) counts as that IPv4 address. Anything that is not an IP address
 * (no socket address) is returned as it is.
 */
export function ipSubject(ip: string): string {
  // A zone index (`fe80::1%eth0`) names the receiving interface, not the client.
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  let parsed: ipaddr.IPv6;
  try {
    parsed = ipaddr.IPv6.parse(withoutDottedQuad(address));
  } catch {
    return address;
  }
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  // The four hextets of the prefix, always written out: one spelling per network.
  return `${parsed.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** Whether a client address (as clientIp gives it) is this machine's loopback: 127.0.0.0/8 or ::1. */
export function isLoopback(ip: string): boolean {
  return (isIPv4(ip) && ip.startsWith('127.')) || ip === '::1';
}
