/**
 * Where this service may send a push (SSRF): a browser's subscription names a URL the service will POST to,
 * so an endpoint must be an https URL on the default port of a public host. Refused at subscribe time (400):
 * other schemes, credentials in the URL, other ports, IP literals that are not public unicast (every range
 * of IANA's IPv4 and IPv6 special-purpose registries, and IPv6 outside 2000::/3: isPublicAddress), names
 * that are local by definition, and names that resolve to such addresses now. At send
 * time the connection resolves the name again and refuses a non-public answer (publicOnlyLookup), so a name
 * that changes its answer later (DNS rebinding) reaches nothing inside either.
 * One origin named in configuration (PUSH_TEST_RECEIVER_ORIGIN, tests only) is let through.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PUSH_MESSAGES } from '@safarsaathi/contracts';

/**
 * Global unicast IPv6 is 2000::/3 (IANA's IPv6 address space registry); everything outside it is reserved,
 * local, multicast or a special form. ipaddr.js's table (2.x, the IANA special-purpose registries) names
 * the special ranges inside it and most outside, but files some of the outside ones under 'unicast': the
 * deprecated IPv4-compatible addresses ::/96 (RFC 4291; `::7f00:1` is 127.0.0.1 to some stacks), the
 * dummy prefix 100:0:0:1::/64 (RFC 9780) and whatever IANA reserves next outside 2000::/3.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * An IPv6 address as the URL parser writes it: a trailing dotted quad becomes two hextets. ipaddr.js reads
 * `::8.8.8.8` (how resolvers print the IPv4-compatible ::808:808) as the mapped ::ffff:8.8.8.8, a public
 * address; written out, it is the ::/96 address it is.
 */
function canonical(address: string): string {
  if (!isIPv6(address)) return address;
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/**
 * Public unicast only: what ipaddr.js calls 'unicast', which is what neither of its tables of special
 * ranges names (private, loopback, link-local, shared/CGNAT, benchmarking, documentation, reserved,
 * multicast, broadcast, unspecified, AS112, AMT, ORCHID, discard-only, segment routing, and the IPv6
 * transition forms NAT64 (both prefixes), 6to4 and Teredo); IPv6 within 2000::/3 as well. An IPv4 address
 * mapped into IPv6 is judged as that IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = canonical(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** Names that never belong to a public host (RFC 6761, 6762, 8375 and the usual internal suffixes). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)\.?$/i;

export type EndpointCheck = { ok: true; url: URL; testReceiver: boolean } | { ok: false; message: string };

/** What the URL alone says (no DNS): scheme, credentials, port, and the host when it is an address or a local name. */
export function checkEndpointUrl(endpoint: string, testReceiverOrigin = ''): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: PUSH_MESSAGES.endpointInvalid };
  }
  if (testReceiverOrigin && url.origin === testReceiverOrigin && !url.username && !url.password)
    return { ok: true, url, testReceiver: true };
  if (url.protocol !== 'https:' || url.username || url.password)
    return { ok: false, message: PUSH_MESSAGES.endpointInvalid };
  // The WHATWG parser already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1, and [::1] keeps brackets.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.port !== '') return { ok: false, message: PUSH_MESSAGES.endpointNotPublic };
  if (isIP(host)) {
    if (!isPublicAddress(host)) return { ok: false, message: PUSH_MESSAGES.endpointNotPublic };
  } else if (!host.includes('.') || LOCAL_NAME.test(host)) {
    // A name without a dot is completed by the resolver's search domains: an internal host.
    return { ok: false, message: PUSH_MESSAGES.endpointNotPublic };
  }
  return { ok: true, url, testReceiver: false };
}

export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The subscribe-time check: the URL's, then the name's addresses as they resolve now. A name that does not
 * resolve within `timeoutMs` is let through (push services' names do not resolve on a machine without the
 * internet, and the send-time lookup refuses it anyway).
 */
export async function checkEndpoint(
  endpoint: string,
  testReceiverOrigin = '',
  resolve: Resolve = resolveAll,
  timeoutMs = 1500,
): Promise<EndpointCheck> {
  const checked = checkEndpointUrl(endpoint, testReceiverOrigin);
  if (!checked.ok || checked.testReceiver || isIP(checked.url.hostname.replace(/^\[|\]$/g, '')))
    return checked;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(checked.url.hostname).catch(() => [] as string[]),
    new Promise<string[]>((done) => {
      timer = setTimeout(() => done([]), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (addresses.some((address) => !isPublicAddress(address)))
    return { ok: false, message: PUSH_MESSAGES.endpointNotPublic };
  return checked;
}

export class NotPublicAddressError extends Error {
  readonly code = 'EPUSHNOTPUBLIC';
  constructor(host: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the push agent's connections: the name's addresses as resolved for this connection, refused
 * when any is not public. The check and the connection use the same answer, so nothing can change it between.
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
  lookup: typeof dns.lookup = dns.lookup,
): void {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
      return callback(new NotPublicAddressError(hostname), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
