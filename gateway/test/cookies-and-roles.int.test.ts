/**
 * What the gateway trusts per call (issue 36, item 5), against the real services: a device cookie counts as
 * a browser only when the auth service signed it, signed-in answers are never stored, and the admin role is
 * read from ADMIN_EMAILS on every call rather than kept in the session.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES, HTTP_MESSAGES } from '@safarsaathi/contracts';
import { ApiClient, createSignedInUser, freshEmail, signIn } from '@safarsaathi/platform/src/testing';
import { startGateway, type RunningGateway } from '../src/app';
import { startTestStack, testEnv, type TestStack } from '../../test/stack';

const FLOOD_LIMIT = 20;

let stack: TestStack;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    // The test plays the load balancer: the gateway trusts X-Forwarded-For from loopback.
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_IP_PER_MINUTE: String(FLOOD_LIMIT),
    RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-cookies-${Date.now()}`,
  });
});

afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
  await stack.stop();
});

/** Another gateway instance in front of the same services, as a redeployment with other settings starts. */
async function gatewayWith(env: Record<string, string>): Promise<string> {
  const gateway = await startGateway(
    testEnv({
      AUTH_URL: stack.auth.url,
      COMPANION_URL: stack.companion.url,
      NOTIFICATIONS_URL: stack.notifications.url,
      SUPPORT_URL: stack.support.url,
      CHAT_URL: stack.chat.url,
      SEARCH_URL: 'http://127.0.0.1:9',
      INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
      ...env,
    }),
  );
  gateways.push(gateway);
  return gateway.url;
}

/** The gateway's flood filter counts per minute: start a burst well inside one. */
async function atStartOfAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

function checkCode(cookie: string | undefined, ip: string) {
  return fetch(`${stack.gatewayUrl}/api/auth/verify-otp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(cookie ? { cookie: `ss_device=${cookie}` } : {}),
    },
    body: JSON.stringify({ emailAddress: freshEmail('flood'), otp: '123456' }),
  });
}

test('a device cookie the auth service did not sign gets no flood budget of its own: it counts against its network', async () => {
  // A real browser: its cookie comes from the auth service.
  const browser = new ApiClient(stack.gatewayUrl);
  const asked = await browser.request('POST', '/api/auth/register', {
    json: { emailAddress: freshEmail('signed-cookie') },
    headers: { 'x-forwarded-for': '198.51.100.140' },
  });
  expect(asked.status).toBe(200);
  const signed = browser.cookie('ss_device');

  await atStartOfAMinute();
  const ip = '203.0.113.140';
  // Made-up values: random tokens as the old unsigned cookie looked, and the signed form with a wrong MAC.
  const madeUp = Array.from({ length: FLOOD_LIMIT + 1 }, (_, i) =>
    i % 2 === 0
      ? randomBytes(32).toString('base64url')
      : `${randomBytes(32).toString('base64url')}.${randomBytes(16).toString('base64url')}`,
  );
  const answers: Response[] = [];
  for (const cookie of madeUp) answers.push(await checkCode(cookie, ip));
  expect(answers.map((answer) => answer.status)).toEqual([...Array(FLOOD_LIMIT).fill(401), 429]);
  expect(await answers[FLOOD_LIMIT]!.json()).toMatchObject({ error: HTTP_MESSAGES.tooManyRequests });
  // Without any cookie: the same network's count.
  expect((await checkCode(undefined, ip)).status).toBe(429);

  // The signed cookie is its browser's own subject, on the same network.
  expect((await checkCode(signed, ip)).status).toBe(401);
  expect(signed).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
});

test('every signed-in API answer is Cache-Control: no-store (proxied, refused, unknown, public routes); signed-out answers are left alone', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const answers = {
    userInfo: await client.get('/api/auth/user-info'),
    profile: await client.get(`/users/profile?emailAddress=${encodeURIComponent(email)}`),
    notifications: await client.get('/api/notifications'),
    publicRoute: await client.get('/api/auth/environment-info'),
    adminOnly: await client.get('/api/admin/cases'),
    unknownPath: await client.get('/api/nothing-here'),
    badBody: await client.put('/api/auth/locale', { locale: 'xx' }),
  };
  const statuses = Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, a.status]));
  expect(statuses).toEqual({
    userInfo: 200,
    profile: 200,
    notifications: 200,
    publicRoute: 200,
    adminOnly: 403,
    unknownPath: 404,
    badBody: 400,
  });
  for (const [name, answer] of Object.entries(answers))
    expect([name, answer.headers.get('cache-control')]).toEqual([name, 'no-store']);

  const signedOut = await new ApiClient(stack.gatewayUrl).get('/api/auth/environment-info');
  expect(signedOut.status).toBe(200);
  expect(signedOut.headers.get('cache-control')).toBeNull();
});

test('the admin role is read from ADMIN_EMAILS on every call: taken off the list, a signed-in admin is refused at the next admin call; put on it, a signed-in user is admin at once', async () => {
  const admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  const { client: user, email: userEmail } = await createSignedInUser(stack.gatewayUrl);
  expect((await admin.get('/api/admin/cases')).status).toBe(200);
  expect((await user.get('/api/admin/cases')).status).toBe(403);

  // The same sessions (same Redis) through a gateway whose ADMIN_EMAILS names the user instead.
  const changed = await gatewayWith({ ADMIN_EMAILS: userEmail });
  const through = (client: ApiClient) => {
    const moved = new ApiClient(changed);
    moved.setCookie('ss_session', client.cookie('ss_session')!);
    return moved;
  };
  const removed = await through(admin).get('/api/admin/cases');
  expect(removed.status).toBe(403);
  expect(removed.body).toMatchObject({ error: ADMIN_MESSAGES.notAuthorised });
  // Still signed in: only the role went.
  expect((await through(admin).get('/api/auth/user-info')).status).toBe(200);
  expect((await through(user).get('/api/admin/cases')).status).toBe(200);
});
