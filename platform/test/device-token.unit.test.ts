import { randomBytes } from 'node:crypto';
import { newDeviceToken, verifiedDeviceToken } from '../src/device-token';

const secret = randomBytes(32).toString('hex');

test('a device token this deployment made is taken as it is; a made-up, altered or foreign one is not', () => {
  const token = newDeviceToken(secret);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
  expect(newDeviceToken(secret)).not.toBe(token);
  expect(verifiedDeviceToken(token, secret)).toBe(token);

  const [random, mac] = token.split('.') as [string, string];
  const flipped = (text: string) => `${text.slice(0, -2)}${text.endsWith('AA') ? 'BA' : 'AA'}`;
  for (const forged of [
    random, // the unsigned form cookies had before
    randomBytes(32).toString('base64url'),
    `${flipped(random)}.${mac}`,
    `${random}.${flipped(mac)}`,
    `${random}.${randomBytes(16).toString('base64url')}`,
    `${token}x`,
    '',
    undefined,
    42,
  ])
    expect(verifiedDeviceToken(forged, secret)).toBeUndefined();
  expect(verifiedDeviceToken(token, randomBytes(32).toString('hex'))).toBeUndefined();
});
