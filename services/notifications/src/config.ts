import { createECDH, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CHAT_LIMITS } from '@safarsaathi/contracts';
import { ConfigError, baseEnvSchema, cacheDirectory, loadConfig } from '@safarsaathi/platform';

/** A VAPID key as web-push takes it: unpadded base64url of `bytes` bytes. */
const vapidKey = (bytes: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (/^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes),
      `must be ${bytes} bytes in unpadded base64url (npm run --silent push:keys prints a new pair)`,
    );

const notificationsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('SafarSaathi <no-reply@safarsaathi.app>'),
  EMAIL_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** How long a chat message stays unread before its recipient is e-mailed (tests use a short one). */
  CHAT_UNREAD_EMAIL_DELAY_MS: z.coerce.number().int().min(0).default(CHAT_LIMITS.unreadEmailDelayMs),
  /** How long a chat message may go unseen before its recipient's devices get a push (addendum §3: 60 s). */
  CHAT_UNREAD_PUSH_DELAY_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Web Push's VAPID key pair (RFC 8292): the public key is the browsers' applicationServerKey, the private
   * one signs every push. Required in production; development makes a pair once per machine (see vapidKeys).
   */
  VAPID_PUBLIC_KEY: vapidKey(65).default(''),
  VAPID_PRIVATE_KEY: vapidKey(32).default(''),
  /** Whom the push services may contact about our pushes (an https: URL or mailto: address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .default('mailto:support@safarsaathi.app'),
  /**
   * Tests only: the one push receiver origin (e.g. `http://127.0.0.1:43123`) allowed although it is not an
   * https URL on a public host. Production refuses it.
   */
  PUSH_TEST_RECEIVER_ORIGIN: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || safeOrigin(value) === value,
      'must be an origin like http://127.0.0.1:43123',
    )
    .default(''),
  PUSH_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /** Where people open the product: the button of an e-mail that repeats a notice links into it. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
});
export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

function safeOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** The public key (uncompressed point, base64url) that belongs to a private key, or undefined when it is not one. */
export function vapidPublicKeyOf(privateKey: string): string | undefined {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}

/** A new VAPID pair (P-256), as web-push's generateVAPIDKeys makes it. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  return {
    publicKey: Buffer.concat([Buffer.from([4]), x, y]).toString('base64url'),
    privateKey: Buffer.from(jwk.d!, 'base64url').toString('base64url'),
  };
}

/**
 * Development's VAPID pair: made once and kept (owner-readable only) under the cache directory, like the
 * machine's HMAC secret, so a browser's subscription outlives restarts of the dev stack.
 */
export function machineVapidKeys(directory: string): { publicKey: string; privateKey: string } {
  const file = path.join(directory, 'vapid-keys.json');
  const read = () => {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (keys.privateKey && keys.publicKey && vapidPublicKeyOf(keys.privateKey) === keys.publicKey)
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    return undefined;
  };
  try {
    const existing = read();
    if (existing) return existing;
  } catch {
    // not made yet
  }
  fs.mkdirSync(directory, { recursive: true });
  const keys = newVapidKeys();
  try {
    // 'wx': when two processes start together, the first one's pair wins and the other reads it.
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    return read() ?? keys;
  }
}

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  const config = loadConfig('notifications', notificationsEnvSchema, env);
  const production = config.APP_ENV === 'production';
  const problems: string[] = [];
  if (production && config.PUSH_TEST_RECEIVER_ORIGIN)
    problems.push(
      'PUSH_TEST_RECEIVER_ORIGIN: tests only; production sends pushes to public https hosts only',
    );
  if (!config.VAPID_PUBLIC_KEY && !config.VAPID_PRIVATE_KEY) {
    if (production)
      problems.push(
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production (npm run --silent push:keys prints a new pair)',
      );
    else {
      const keys = machineVapidKeys(config.SAFARSAATHI_CACHE || cacheDirectory(env));
      config.VAPID_PUBLIC_KEY = keys.publicKey;
      config.VAPID_PRIVATE_KEY = keys.privateKey;
    }
  } else if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both keys of the pair, or (in development) neither',
    );
  } else if (vapidPublicKeyOf(config.VAPID_PRIVATE_KEY) !== config.VAPID_PUBLIC_KEY) {
    problems.push('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  }
  if (problems.length > 0) throw new ConfigError('notifications', problems);
  return config;
}
