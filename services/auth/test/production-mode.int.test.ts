/** In production the development aids are refused and codes never appear in responses. */
import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@safarsaathi/contracts';
import type { RunningService } from '@safarsaathi/platform';
import { freshEmail, readCodeFromMail, testDatabase } from '@safarsaathi/platform/src/testing';
import { startAuthService } from '../src/app';
import { startNotificationsService } from '../../notifications/src/app';
import { testEnv } from '../../../test/stack';

let auth: RunningService;
let notifications: RunningService;
// Random: a literal secret here would be one published in the repository, which production refuses.
// Shared by every auth of this file and notifications, which decrypts the codes auth hands it.
const SECRET = randomBytes(32).toString('hex');

beforeAll(async () => {
  const env = testEnv({ APP_ENV: 'production', INTERNAL_HMAC_SECRET: SECRET });
  [auth, notifications] = await Promise.all([
    startAuthService({ ...env, MONGO_DB: testDatabase('auth') }),
    startNotificationsService({ ...env, MONGO_DB: testDatabase('notifications') }),
  ]);
});
afterAll(() => Promise.all([auth.stop(), notifications.stop()]));

async function call(method: string, path: string, body?: unknown, cookie?: string, base = auth.url) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

test('environment info says production and the real-OTP toggle is refused', async () => {
  expect((await call('GET', '/api/auth/environment-info')).body).toEqual({
    is_development: false,
    enable_real_otp: true,
  });
  const toggle = await call('POST', '/api/auth/toggle-real-otp', { enable_real_otp: false });
  expect(toggle.status).toBe(403);
  expect(toggle.body.error).toBe(AUTH_MESSAGES.devOnly);
});

test('the code is never in the response, and the session cookie is Secure', async () => {
  const email = freshEmail();
  const requestedAt = Date.now();
  const sent = await call('POST', '/api/auth/register', { emailAddress: email });
  expect(sent.status).toBe(200);
  expect(sent.body).not.toHaveProperty('otp');
  expect(sent.body).not.toHaveProperty('dev_note');
  const device = /ss_device=([^;]+);[^\n]*Secure/.exec(sent.headers.getSetCookie().join('\n'))?.[1];
  expect(device).toBeDefined();
  const code = await readCodeFromMail(email, requestedAt);
  const verified = await call(
    'POST',
    '/api/auth/verify-otp',
    { emailAddress: email, otp: code },
    `ss_device=${device}`,
  );
  expect(verified.status).toBe(200);
  const cookie = verified.headers.getSetCookie().join('\n');
  expect(cookie).toMatch(/ss_session=[^;]+;.*Secure/);
  expect(cookie).toMatch(/HttpOnly/);
});

test('health and readiness', async () => {
  expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok' });
  const ready = await call('GET', '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ready', checks: { kafka: true, mongo: true, redis: true } });
});

test('a process started without APP_ENV is production: no real-code switch, no well-known admin', async () => {
  const { APP_ENV: _unset, ...env } = testEnv({
    INTERNAL_HMAC_SECRET: SECRET,
    MONGO_DB: testDatabase('auth'),
  });
  const unset = await startAuthService(env);
  try {
    expect((await call('GET', '/api/auth/environment-info', undefined, undefined, unset.url)).body).toEqual({
      is_development: false,
      enable_real_otp: true,
    });
    const toggle = await call(
      'POST',
      '/api/auth/toggle-real-otp',
      { enable_real_otp: false },
      undefined,
      unset.url,
    );
    expect(toggle.status).toBe(403);
    // The development admin address is an ordinary account here.
    const requestedAt = Date.now();
    const sent = await call(
      'POST',
      '/api/auth/register',
      { emailAddress: 'admin@safarsaathi.test' },
      undefined,
      unset.url,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).not.toHaveProperty('otp');
    const device = /ss_device=([^;]+)/.exec(sent.headers.getSetCookie().join('\n'))?.[1];
    const code = await readCodeFromMail('admin@safarsaathi.test', requestedAt);
    const verified = await call(
      'POST',
      '/api/auth/verify-otp',
      { emailAddress: 'admin@safarsaathi.test', otp: code },
      `ss_device=${device}`,
      unset.url,
    );
    expect(verified.status).toBe(200);
    expect((verified.body.user as { is_admin: boolean }).is_admin).toBe(false);
    // Any other code is refused: real codes cannot be switched off.
    expect(
      (
        await call(
          'POST',
          '/api/auth/register',
          { emailAddress: 'admin@safarsaathi.test' },
          `ss_device=${device}`,
          unset.url,
        )
      ).status,
    ).toBe(200);
    const wrong = await call(
      'POST',
      '/api/auth/verify-otp',
      { emailAddress: 'admin@safarsaathi.test', otp: code === '000000' ? '111111' : '000000' },
      `ss_device=${device}`,
      unset.url,
    );
    expect(wrong.status).toBe(401);
  } finally {
    await unset.stop();
  }
});
