/** No published development secret, where services listen, which proxies are trusted, correlation ids. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, PUBLISHED_SECRETS, baseEnvSchema, loadConfig } from '../src/config';
import { acceptableCorrelationId } from '../src/http/app';

const schema = baseEnvSchema.extend({ PORT: z.coerce.number().int().min(0) });

let cache: string;
beforeEach(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-secret-'));
});
afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

test('without INTERNAL_HMAC_SECRET, development uses a random secret of this machine, the same for every process', () => {
  const first = loadConfig('auth', schema, { PORT: '1', APP_ENV: 'development', SAFARSAATHI_CACHE: cache });
  const second = loadConfig('gateway', schema, {
    PORT: '1',
    APP_ENV: 'development',
    SAFARSAATHI_CACHE: cache,
  });
  expect(first.INTERNAL_HMAC_SECRET).toHaveLength(64);
  expect(PUBLISHED_SECRETS).not.toContain(first.INTERNAL_HMAC_SECRET);
  expect(second.INTERNAL_HMAC_SECRET).toBe(first.INTERNAL_HMAC_SECRET);
  const file = path.join(cache, 'internal-hmac-secret');
  expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.INTERNAL_HMAC_SECRET);
  // Readable by its owner only.
  expect(fs.statSync(file).mode & 0o077).toBe(0);
  // Another machine (another cache) gets another secret.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-secret-'));
  try {
    expect(
      loadConfig('auth', schema, { PORT: '1', APP_ENV: 'development', SAFARSAATHI_CACHE: elsewhere })
        .INTERNAL_HMAC_SECRET,
    ).not.toBe(first.INTERNAL_HMAC_SECRET);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('a secret published in the source is refused everywhere; production must set its own', () => {
  for (const published of PUBLISHED_SECRETS) {
    for (const APP_ENV of ['development', 'production']) {
      expect(() =>
        loadConfig('svc', schema, {
          PORT: '1',
          APP_ENV,
          INTERNAL_HMAC_SECRET: published,
          SAFARSAATHI_CACHE: cache,
        }),
      ).toThrow(ConfigError);
    }
  }
  expect(() =>
    loadConfig('svc', schema, { PORT: '1', APP_ENV: 'production', SAFARSAATHI_CACHE: cache }),
  ).toThrow(/INTERNAL_HMAC_SECRET/);
  expect(fs.existsSync(path.join(cache, 'internal-hmac-secret'))).toBe(false);
});

test('production refuses placeholder secrets and published or placeholder passwords in URLs; development does not', () => {
  const load = (APP_ENV: string, env: Record<string, string>) => () =>
    loadConfig('svc', schema, {
      PORT: '1',
      APP_ENV,
      SAFARSAATHI_CACHE: cache,
      INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
      ...env,
    });
  for (const placeholder of [
    'please-replace-this-with-32-random-chars',
    'CHANGEME-0123456789abcdef0123456789',
    'example-secret-0123456789abcdef0123456789',
    'placeholder-0123456789abcdef0123456789',
  ]) {
    expect(load('production', { INTERNAL_HMAC_SECRET: placeholder })).toThrow(
      /^ {2}- INTERNAL_HMAC_SECRET: this value is a placeholder/m,
    );
    expect(load('development', { INTERNAL_HMAC_SECRET: placeholder })).not.toThrow();
  }
  for (const [name, url] of [
    ['MONGO_URL', 'mongodb://safarsaathi:change-me@mongo-0:27017,mongo-1:27017/?replicaSet=rs0'],
    ['REDIS_URL', 'redis://:change-me@redis:6379'],
    ['REDIS_URL', 'redis://default:admin@redis:6379'],
    ['MONGO_URL', 'mongodb://app:your%2Dpassword%2Dreplace%2Dme@mongo:27017'],
  ] as const) {
    expect(load('production', { [name]: url })).toThrow(new RegExp(`${name}: the password in this URL`));
    expect(load('development', { [name]: url })).not.toThrow();
  }
  // A random password passes (a literal one here would be published: test/repository-secrets.unit.test.ts); so does a URL without credentials.
  const password = randomBytes(12).toString('base64url');
  expect(
    load('production', { REDIS_URL: `redis://:${password}@redis:6379`, MONGO_URL: 'mongodb://mongo:27017' }),
  ).not.toThrow();
});

test('services listen on 127.0.0.1 unless HOST says otherwise', () => {
  expect(
    loadConfig('svc', schema, { PORT: '1', APP_ENV: 'development', SAFARSAATHI_CACHE: cache }).HOST,
  ).toBe('127.0.0.1');
  expect(
    loadConfig('svc', schema, {
      PORT: '1',
      APP_ENV: 'development',
      HOST: '0.0.0.0',
      SAFARSAATHI_CACHE: cache,
    }).HOST,
  ).toBe('0.0.0.0');
});

test('TRUST_PROXY: which hops may set X-Forwarded-For', () => {
  const load = (TRUST_PROXY?: string) =>
    loadConfig('svc', schema, { PORT: '1', APP_ENV: 'development', SAFARSAATHI_CACHE: cache, TRUST_PROXY })
      .TRUST_PROXY;
  expect(load()).toBe('loopback');
  expect(load('false')).toBe(false);
  expect(load('2')).toBe(2);
  expect(load('10.0.0.0/8, 192.168.1.4')).toEqual(['10.0.0.0/8', '192.168.1.4']);
  expect(() => load('true')).toThrow(/TRUST_PROXY/);
});

test('a correlation id is taken from a client only when it looks like one', () => {
  expect(acceptableCorrelationId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
  expect(acceptableCorrelationId('web_1234.abc:5')).toBe(true);
  for (const bad of ['', 'a'.repeat(129), 'with space', '<script>', 'line\nbreak', 'ü-nicode']) {
    expect(acceptableCorrelationId(bad)).toBe(false);
  }
});
