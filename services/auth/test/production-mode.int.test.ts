/** In production the development aids are refused and codes never appear in responses. */
import { AUTH_MESSAGES } from '@safarsaathi/contracts';
import type { RunningService } from '@safarsaathi/platform';
import { freshEmail, readCodeFromMail, testDatabase } from '@safarsaathi/platform/src/testing';
import { startAuthService } from '../src/app';
import { startNotificationsService } from '../../notifications/src/app';
import { testEnv } from '../../../test/stack';

let auth: RunningService;
let notifications: RunningService;

beforeAll(async () => {
  const env = testEnv({ APP_ENV: 'production', INTERNAL_HMAC_SECRET: 'production-like-secret-for-tests-0123456789' });
  [auth, notifications] = await Promise.all([
    startAuthService({ ...env, MONGO_DB: testDatabase('auth') }),
    startNotificationsService({ ...env, MONGO_DB: testDatabase('notifications') }),
  ]);
});
afterAll(() => Promise.all([auth.stop(), notifications.stop()]));

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${auth.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

test('environment info says production and the real-OTP toggle is refused', async () => {
  expect((await call('GET', '/api/auth/environment-info')).body).toEqual({ is_development: false, enable_real_otp: true });
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
  const code = await readCodeFromMail(email, requestedAt);
  const verified = await call('POST', '/api/auth/verify-otp', { emailAddress: email, otp: code });
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
