import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER } from '@safarsaathi/contracts';
import { signIdentity, verifyIdentity } from '../src/identity';

const secret = 's'.repeat(40);
const who = { userId: 'u1', email: 'a@example.test', role: 'user' as const, sessionId: 'sess' };

test('a signed identity verifies', () => {
  const headers = signIdentity(who, secret, 1_000_000);
  expect(
    verifyIdentity(headers[IDENTITY_HEADER], headers[IDENTITY_SIGNATURE_HEADER], secret, 1_000_500),
  ).toEqual({
    ...who,
    iat: 1_000_000,
  });
});

test('a tampered payload, another secret, a missing signature or an old identity is refused', () => {
  const headers = signIdentity(who, secret, 1_000_000);
  const payload = headers[IDENTITY_HEADER]!;
  const signature = headers[IDENTITY_SIGNATURE_HEADER]!;
  const tampered = Buffer.from(JSON.stringify({ ...who, role: 'admin', iat: 1_000_000 })).toString(
    'base64url',
  );
  expect(verifyIdentity(tampered, signature, secret, 1_000_000)).toBeUndefined();
  expect(verifyIdentity(payload, signature, 'x'.repeat(40), 1_000_000)).toBeUndefined();
  expect(verifyIdentity(payload, undefined, secret, 1_000_000)).toBeUndefined();
  expect(verifyIdentity(payload, signature, secret, 1_000_000 + 61_000)).toBeUndefined();
});
