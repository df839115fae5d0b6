/**
 * The browser's device cookie (DEVICE_COOKIE): a random token and its HMAC under a key derived from
 * INTERNAL_HMAC_SECRET, `<random>.<mac>`. The auth service makes it; the gateway counts a request with a
 * valid one against that browser instead of its network, so a made-up value gets no budget of its own (it
 * is treated as no cookie). Changing the secret makes every browser a new one (it signs in with a code).
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'safarsaathi', 'device-cookie-v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/** 128 bits of the HMAC: enough against forgery, and the cookie stays short. */
function macOf(random: string, secret: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(random).digest().subarray(0, 16);
}

/** A new device token: 256 random bits and their MAC. */
export function newDeviceToken(secret: string): string {
  const random = randomBytes(32).toString('base64url');
  return `${random}.${macOf(random, secret).toString('base64url')}`;
}

/** `value` when it is a device token this deployment signed; otherwise undefined (as if there were none). */
export function verifiedDeviceToken(value: unknown, secret: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = TOKEN.exec(value);
  if (!parts) return undefined;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = macOf(parts[1]!, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
