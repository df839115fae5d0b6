import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, baseEnvSchema, envList, loadConfig } from '../src/config';

const schema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1),
  ADMIN_EMAILS: envList.default([]),
});

test('defaults point at the local stack', () => {
  const config = loadConfig('svc', schema, { PORT: '4001', APP_ENV: 'development' });
  expect(config).toMatchObject({
    APP_ENV: 'development',
    KAFKA_BROKERS: '127.0.0.1:9092',
    PORT: 4001,
    ADMIN_EMAILS: [],
  });
});

test('without APP_ENV a process is production: it needs its own secret and gets no development aids', () => {
  expect(() => loadConfig('svc', schema, { PORT: '1' })).toThrow(
    /INTERNAL_HMAC_SECRET: required in production/,
  );
  expect(
    loadConfig('svc', schema, { PORT: '1', INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex') }).APP_ENV,
  ).toBe('production');
});

test('every problem is reported at once, by variable name', () => {
  let error: unknown;
  try {
    loadConfig('svc', schema, { PORT: 'abc', MONGO_URL: 'postgres://x', INTERNAL_HMAC_SECRET: 'short' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join('\n');
  expect(problems).toMatch(/^PORT: /m);
  expect(problems).toMatch(/^MONGO_URL: must be a mongodb:\/\/ URL/m);
  expect(problems).toMatch(/^INTERNAL_HMAC_SECRET: must be at least 32 characters/m);
  expect((error as Error).message).toMatch(/See \.env\.example/);
});

test('production needs its own secret', () => {
  expect(() => loadConfig('svc', schema, { PORT: '1', APP_ENV: 'production' })).toThrow(
    /INTERNAL_HMAC_SECRET: required in production/,
  );
  expect(
    loadConfig('svc', schema, {
      PORT: '1',
      APP_ENV: 'production',
      INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
    }).APP_ENV,
  ).toBe('production');
});

test('production refuses a guessable INTERNAL_HMAC_SECRET however long; random ones pass', () => {
  const load = (APP_ENV: string, secret: string) => () =>
    loadConfig('svc', schema, { PORT: '1', APP_ENV, INTERNAL_HMAC_SECRET: secret });
  for (const guessable of [
    'a'.repeat(32),
    'password'.repeat(4),
    'abc'.repeat(11),
    'abcdefghijklmnopqrstuvwxyz123456',
    '0123456789abcdef'.repeat(2),
    'qwertyuiopasdfghjklzxcvbnm123456',
    'Tr0ub4dor&3'.repeat(3),
    'a'.repeat(200),
  ]) {
    expect(load('production', guessable)).toThrow(
      /^ {2}- INTERNAL_HMAC_SECRET: this value is not random enough .*; set a random one/m,
    );
    // Development takes what it is given (its default is a random secret of the machine).
    expect(load('development', guessable)).not.toThrow();
  }
  // What `openssl rand -hex 32` and `openssl rand -base64 32` print, and 32 random characters.
  for (let i = 0; i < 5; i += 1) {
    for (const secret of [
      randomBytes(32).toString('hex'),
      randomBytes(32).toString('base64'),
      randomBytes(16).toString('hex'),
      randomBytes(24).toString('base64url'),
    ])
      expect([secret, load('production', secret)()]).toEqual([secret, expect.anything()]);
  }
});

test('lists are split and trimmed', () => {
  expect(
    loadConfig('svc', schema, { PORT: '1', APP_ENV: 'development', ADMIN_EMAILS: ' a@x.io, ,b@y.io ' })
      .ADMIN_EMAILS,
  ).toEqual(['a@x.io', 'b@y.io']);
});
