/**
 * Push endpoints and SSRF (addendum §3, docs/security.md "Web Push"): only an https URL on the default port
 * of a public host is accepted; private, loopback, link-local and the other special ranges are refused in
 * every spelling (IPv4 shorthand, IPv6, IPv4-mapped and transition forms), as are local names and names
 * that resolve to such addresses, at subscribe time and on the connection itself.
 */
import type { LookupAddress } from 'node:dns';
import type dns from 'node:dns';
import { PUSH_MESSAGES } from '@safarsaathi/contracts';
import {
  checkEndpoint,
  checkEndpointUrl,
  isPublicAddress,
  publicOnlyLookup,
} from '../src/use-cases/push-endpoint';

const noDns = async (): Promise<string[]> => {
  throw new Error('ENOTFOUND');
};

test.each([
  'https://fcm.googleapis.com/fcm/send/abc:APA91b',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
  'https://web.push.apple.com/QGZ0',
  'https://8.8.8.8/push',
  'https://[2607:f8b0:4005:80a::200a]/push',
])('accepts %s', async (endpoint) => {
  expect(checkEndpointUrl(endpoint)).toMatchObject({ ok: true, testReceiver: false });
  expect(await checkEndpoint(endpoint, '', noDns)).toMatchObject({ ok: true });
});

test.each([
  ['http://fcm.googleapis.com/fcm/send/abc', PUSH_MESSAGES.endpointInvalid],
  ['ftp://fcm.googleapis.com/x', PUSH_MESSAGES.endpointInvalid],
  ['javascript:alert(1)', PUSH_MESSAGES.endpointInvalid],
  ['not a url', PUSH_MESSAGES.endpointInvalid],
  ['https://user:secret@fcm.googleapis.com/x', PUSH_MESSAGES.endpointInvalid],
  ['https://fcm.googleapis.com:8443/x', PUSH_MESSAGES.endpointNotPublic],
])('refuses the URL %s', (endpoint, message) => {
  expect(checkEndpointUrl(endpoint)).toEqual({ ok: false, message });
});

test.each([
  // IPv4, also in the shorthand forms the URL parser turns into dotted quads.
  'https://127.0.0.1/x',
  'https://127.1/x',
  'https://2130706433/x',
  'https://0x7f.0.0.1/x',
  'https://0177.0.0.1/x',
  'https://10.1.2.3/x',
  'https://172.16.5.4/x',
  'https://192.168.1.1/x',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/x',
  'https://0.0.0.0/x',
  'https://224.0.0.1/x',
  'https://198.18.0.1/x',
  // IPv6: loopback, link-local, unique-local, site-local, unspecified, mapped and transition forms.
  'https://[::1]/x',
  'https://[fe80::1]/x',
  'https://[fc00::1]/x',
  'https://[fd12:3456::1]/x',
  'https://[fec0::1]/x',
  'https://[::]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:7f00:1]/x',
  'https://[::ffff:10.0.0.1]/x',
  'https://[::ffff:169.254.169.254]/x',
  'https://[64:ff9b::a9fe:a9fe]/x',
  'https://[2002:7f00:1::]/x',
  // Local names.
  'https://localhost/x',
  'https://push.localhost/x',
  'https://printer.local/x',
  'https://metadata.google.internal/x',
  'https://router.home.arpa/x',
  'https://intranet/x',
])('refuses the host of %s', async (endpoint) => {
  expect(checkEndpointUrl(endpoint)).toEqual({ ok: false, message: PUSH_MESSAGES.endpointNotPublic });
  expect(await checkEndpoint(endpoint, '', noDns)).toMatchObject({ ok: false });
});

test.each([['10.0.0.5'], ['::1'], ['fe80::1'], ['::ffff:192.168.0.1'], ['8.8.8.8', '127.0.0.1']])(
  'refuses a name that resolves to a non-public address (%s)',
  async (...addresses) => {
    const result = await checkEndpoint('https://push.attacker.example/x', '', async () => addresses);
    expect(result).toEqual({ ok: false, message: PUSH_MESSAGES.endpointNotPublic });
  },
);

test('a name that resolves to public addresses, or not at all (no internet), is accepted at subscribe time', async () => {
  const publicOnly = async () => ['142.250.72.10', '2607:f8b0:4005:80a::200a'];
  expect(await checkEndpoint('https://fcm.googleapis.com/x', '', publicOnly)).toMatchObject({ ok: true });
  expect(await checkEndpoint('https://fcm.googleapis.com/x', '', noDns)).toMatchObject({ ok: true });
  const never = () => new Promise<string[]>(() => undefined);
  expect(await checkEndpoint('https://fcm.googleapis.com/x', '', never, 20)).toMatchObject({ ok: true });
});

test('only the configured test receiver origin is let through over http on a private address', () => {
  const origin = 'http://127.0.0.1:43123';
  expect(checkEndpointUrl('http://127.0.0.1:43123/push/abc', origin)).toMatchObject({
    ok: true,
    testReceiver: true,
  });
  expect(checkEndpointUrl('http://127.0.0.1:43124/push/abc', origin)).toMatchObject({ ok: false });
  expect(checkEndpointUrl('http://127.0.0.1:43123/push/abc')).toMatchObject({ ok: false });
  expect(checkEndpointUrl('http://u:p@127.0.0.1:43123/push/abc', origin)).toMatchObject({ ok: false });
});

test('isPublicAddress: public unicast only', () => {
  expect(isPublicAddress('1.1.1.1')).toBe(true);
  expect(isPublicAddress('2a00:1450:4001:82a::200e')).toBe(true);
  expect(isPublicAddress('::ffff:1.1.1.1')).toBe(true);
  for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'fe80::1%eth0', '::ffff:127.0.0.1', 'nonsense'])
    expect([address, isPublicAddress(address)]).toEqual([address, false]);
});

describe('publicOnlyLookup: the connection refuses a name that resolves inside (DNS rebinding at send time)', () => {
  const fakeLookup = (addresses: LookupAddress[]) =>
    ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
      callback(null, addresses)) as unknown as typeof dns.lookup;
  const run = (addresses: LookupAddress[], all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      publicOnlyLookup(
        'push.example.com',
        { all },
        (error, address, family) => resolve({ error, address, family }),
        fakeLookup(addresses),
      ),
    );

  test('a private answer is an error the request fails with', async () => {
    for (const answer of [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [
        { address: '8.8.8.8', family: 4 },
        { address: 'fd00::1', family: 6 },
      ],
      [],
    ]) {
      const { error } = await run(answer, false);
      expect(error).toMatchObject({ code: 'EPUSHNOTPUBLIC' });
    }
  });

  test('a public answer is passed on as node asked for it (one address, or all)', async () => {
    const answer = [
      { address: '142.250.72.10', family: 4 },
      { address: '2607:f8b0:4005:80a::200a', family: 6 },
    ];
    expect(await run(answer, false)).toEqual({ error: null, address: '142.250.72.10', family: 4 });
    expect(await run(answer, true)).toEqual({ error: null, address: answer, family: undefined });
  });
});

/**
 * One address of every entry of IANA's IPv6 and IPv4 special-purpose address registries (and IPv6 outside
 * global unicast, 2000::/3), with the reason it is not a push service (issue 36, item 5).
 */
const SPECIAL_PURPOSE: Array<[string, string]> = [
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::8.8.8.8', 'IPv4-compatible (::/96, deprecated)'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['::ffff:0:808:808', 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::808:808', 'NAT64 well-known prefix'],
  ['64:ff9b:1::a9fe:a9fe', 'NAT64 local-use prefix (64:ff9b:1::/48)'],
  ['100::1', 'discard-only (100::/64)'],
  ['100:0:0:1::1', 'dummy prefix (100:0:0:1::/64)'],
  ['2001::1', 'Teredo'],
  ['2001:1::1', 'port control anycast'],
  ['2001:1::3', 'DNS-SD service registration'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112-v6'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:30::1', 'drone remote ID'],
  ['2001:db8::1', 'documentation (2001:db8::/32)'],
  ['2002:808:808::1', '6to4'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation (3fff::/20)'],
  ['3fff:fff::1', 'documentation (3fff::/20, its end)'],
  ['5f00::1', 'segment routing SIDs'],
  ['fd00::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['4000::1', 'reserved by IETF (outside 2000::/3)'],
  ['0.0.0.1', 'this network'],
  ['10.0.0.1', 'private'],
  ['100.64.0.1', 'shared address space (CGNAT)'],
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'documentation'],
  ['192.31.196.1', 'AS112-v4'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast (deprecated)'],
  ['192.168.0.1', 'private'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.1', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
];

describe('every special-purpose range is refused, written in the URL or as a name’s answer', () => {
  test.each(SPECIAL_PURPOSE)('%s (%s)', async (address) => {
    expect(isPublicAddress(address)).toBe(false);
    const literal = `https://${address.includes(':') ? `[${address}]` : address}/push`;
    expect(checkEndpointUrl(literal)).toEqual({ ok: false, message: PUSH_MESSAGES.endpointNotPublic });
    expect(
      await checkEndpoint('https://push.attacker.example/x', '', async () => ['142.250.72.10', address]),
    ).toEqual({ ok: false, message: PUSH_MESSAGES.endpointNotPublic });
  });

  test.each(['8.8.8.8', '142.250.72.10', '2001:4860:4860::8888', '2a00:1450:4001:82a::200e', '3001::1'])(
    'a public unicast address stays accepted: %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
