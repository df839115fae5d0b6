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
