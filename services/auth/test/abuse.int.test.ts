/**
 * Sign-in under abuse, against real Redis, Kafka, FerretDB and the SMTP catcher: codes never sit in
 * queue data, wrong-code limits hold under concurrency, strangers cannot lock an owner out, and the
 * limits hold when the auth service is called directly (without the gateway).
 */
import Redis from 'ioredis';
import { AUTH_MESSAGES, SESSION_COOKIE } from '@safarsaathi/contracts';
import { ApiClient, freshEmail, readCodeFromMail, waitFor } from '@safarsaathi/platform/src/testing';
import { startAuthService } from '../src/app';
import { deviceHash, otpCodeKey } from '../src/persistence/otp-store';
import { startTestStack, testEnv, type TestStack } from '../../../test/stack';
import { testDatabase } from '@safarsaathi/platform/src/testing';

let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  // The test plays the load balancer: the gateway trusts X-Forwarded-For from loopback.
  stack = await startTestStack({ TRUST_PROXY: 'loopback' });
  redis = new Redis(process.env.REDIS_URL!);
});

afterAll(async () => {
  redis.disconnect();
  await stack.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for a code as a browser at `ip` would (behind the load balancer). */
function requestCode(client: ApiClient, email: string, ip: string) {
  return client.request('POST', '/api/auth/register', {
    json: { emailAddress: email },
    headers: { 'x-forwarded-for': ip },
  });
}

/** Every BullMQ key of this run's e-mail queue, with the text stored in it. */
async function queuedJobTexts(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(
      cursor,
      'MATCH',
      `${process.env.QUEUE_PREFIX}:email:*`,
      'COUNT',
      500,
    );
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const texts: string[] = [];
  for (const key of keys) {
    const type = await redis.type(key);
    if (type === 'hash') texts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === 'string') texts.push((await redis.get(key)) ?? '');
    else if (type === 'list') texts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
  }
  return texts;
}

test('the one-time code never sits in plain text in the e-mail queue', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('queue');
  const requestedAt = Date.now();
  expect((await requestCode(client, email, '192.0.2.1')).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt);
  // The sent job is kept (its id dedupes) without its recipient (issue 40); the code was never in it.
  const texts = await waitFor(async () => {
    const found = await queuedJobTexts();
    return found.some((text) => text.includes(email)) ? undefined : found;
  });
  expect(texts.some((text) => text.includes('"purpose\\":\\"otp\\"') && text.includes('stripped'))).toBe(
    true,
  );
  for (const text of texts.filter((t) => t.includes('secretRef'))) expect(text).not.toContain(code);
  // The code still works.
  const verified = await client.request('POST', '/api/auth/verify-otp', {
    json: { emailAddress: email, otp: code },
    headers: { 'x-forwarded-for': '192.0.2.1' },
  });
  expect(verified.status).toBe(200);
});

test('24 concurrent wrong codes: exactly five are checked, the rest are refused', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('race');
  const requestedAt = Date.now();
  expect((await requestCode(client, email, '192.0.2.2')).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt);
  const wrong = code === '000000' ? '111111' : '000000';
  // Straight at the service, from the browser that asked (its device cookie): the gateway's per-address
  // limit must not be what saves us.
  const results = await Promise.all(
    Array.from({ length: 24 }, () =>
      fetch(`${stack.auth.url}/api/auth/verify-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `ss_device=${client.cookie('ss_device')}` },
        body: JSON.stringify({ emailAddress: email, otp: wrong }),
      }).then((response) => response.status),
    ),
  );
  expect(results.filter((status) => status === 401)).toHaveLength(5);
  expect(results.filter((status) => status === 429)).toHaveLength(19);
  const right = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
  expect(right.status).not.toBe(200);
});

test('a code lives at most 10 minutes and works only for the address it was sent to', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('bound');
  const other = freshEmail('other');
  const requestedAt = Date.now();
  expect((await requestCode(client, email, '192.0.2.3')).status).toBe(200);
  expect((await requestCode(client, other, '192.0.2.3')).status).toBe(200);
  const ttl = await redis.pttl(
    otpCodeKey(stack.gateway.config.INTERNAL_HMAC_SECRET, email, deviceHash(client.cookie('ss_device')!)),
  );
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(600_000);
  const code = await readCodeFromMail(email, requestedAt);
  const elsewhere = await client.post('/api/auth/verify-otp', { emailAddress: other, otp: code });
  expect(elsewhere.status).toBe(401);
  expect((await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code })).status).toBe(200);
});

test('a stranger who uses up codes for an address does not lock its owner out', async () => {
  const stranger = new ApiClient(stack.gatewayUrl);
  const victim = freshEmail('victim');
  for (let i = 0; i < 5; i += 1) {
    const sent = await requestCode(stranger, victim, '203.0.113.66');
    expect(sent.status).toBe(200);
    await sleep(2100); // the test stack's resend wait
  }
  const sixth = await requestCode(stranger, victim, '203.0.113.66');
  expect(sixth.status).toBe(429);
  expect(sixth.body.error).toBe(AUTH_MESSAGES.tooManyCodes);

  const owner = new ApiClient(stack.gatewayUrl);
  const requestedAt = Date.now();
  const own = await requestCode(owner, victim, '198.51.100.7');
  expect(own.status).toBe(200);
  const code = await readCodeFromMail(victim, requestedAt);
  const verified = await owner.request('POST', '/api/auth/verify-otp', {
    json: { emailAddress: victim, otp: code },
    headers: { 'x-forwarded-for': '198.51.100.7' },
  });
  expect(verified.status).toBe(200);
});

test("ten strangers on one network reach the address's ceiling there, but a new browser on another network and the owner's known device on theirs still get a code", async () => {
  const owner = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('ceiling');
  const requestedAt = Date.now();
  expect((await requestCode(owner, email, '198.51.100.50')).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt);
  const verified = await owner.request('POST', '/api/auth/verify-otp', {
    json: { emailAddress: email, otp: code },
    headers: { 'x-forwarded-for': '198.51.100.50' },
  });
  expect(verified.status).toBe(200);
  expect(owner.cookie('ss_device')).toBeDefined();
  await owner.post('/api/auth/logout');
  expect(owner.cookie(SESSION_COOKIE)).toBeUndefined();

  // Ten strangers (ten new browsers) on one network: the address's ceiling there (10 per 15 minutes) is
  // reached. The eleventh goes straight to the service: the gateway's own filter stops it first otherwise.
  const network = '203.0.113.100';
  for (let i = 0; i < 10; i += 1)
    expect((await requestCode(new ApiClient(stack.gatewayUrl), email, network)).status).toBe(200);
  const eleventh = await fetch(`${stack.auth.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': network },
    body: JSON.stringify({ emailAddress: email }),
  });
  expect(eleventh.status).toBe(429);
  expect(((await eleventh.json()) as { error: string }).error).toBe(AUTH_MESSAGES.tooManyCodes);

  // A new browser on another network is not held back by them.
  expect((await requestCode(new ApiClient(stack.gatewayUrl), email, '203.0.113.200')).status).toBe(200);
  // The owner on the device that signed in before (its device cookie) is let through on their network too.
  const again = await requestCode(owner, email, network);
  expect(again.status).toBe(200);
});

test('an e-mail address with a control character is refused without using up anything or naming internal fields', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const base = freshEmail('nul');
  const withNul = base.replace('@', '\u0000@');
  const result = await requestCode(client, withNul, '192.0.2.9');
  expect(result.status).toBe(400);
  expect(result.body).toEqual({
    error: AUTH_MESSAGES.invalidEmail,
    code: 'auth.invalidEmail',
    details: [{ path: 'emailAddress', message: AUTH_MESSAGES.invalidEmail }],
  });
  for (const character of ['\u0007', '\u007f', '\n']) {
    const other = await requestCode(client, base.replace('@', `${character}@`), '192.0.2.9');
    expect(other.status).toBe(400);
    expect(other.body.error).toBe(AUTH_MESSAGES.invalidEmail);
  }
  expect((await requestCode(client, base, '192.0.2.9')).status).toBe(200);
});

describe('called directly, without the gateway', () => {
  test('code checks are limited per client IP, whichever addresses they name', async () => {
    const auth = await startAuthService(
      testEnv({
        MONGO_DB: testDatabase('auth'),
        INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
        OTP_VERIFIES_PER_IP_PER_MINUTE: '5',
        TRUST_PROXY: 'false',
        RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-verify-${Date.now()}`,
      }),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await fetch(`${auth.url}/api/auth/verify-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ emailAddress: freshEmail('guess'), otp: '123456' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await auth.stop();
    }
  });

  test('right codes give their count back: people signing in behind one address do not use up its checks', async () => {
    const auth = await startAuthService(
      testEnv({
        MONGO_DB: testDatabase('auth'),
        INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
        OTP_VERIFIES_PER_IP_PER_MINUTE: '2',
        TRUST_PROXY: 'false',
        RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-checks-${Date.now()}`,
      }),
    );
    try {
      // Three people, three browsers, one address (127.0.0.1): each signs in with the right code.
      for (let i = 0; i < 3; i += 1) {
        const browser = new ApiClient(auth.url);
        const email = freshEmail('shared-ip');
        const requestedAt = Date.now();
        expect((await browser.post('/api/auth/register', { emailAddress: email })).status).toBe(200);
        const code = await readCodeFromMail(email, requestedAt);
        expect((await browser.post('/api/auth/verify-otp', { emailAddress: email, otp: code })).status).toBe(
          200,
        );
      }
      // Wrong codes still count: two pass, the third is refused.
      const guesser = new ApiClient(auth.url);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await guesser.post('/api/auth/verify-otp', { emailAddress: freshEmail('guess'), otp: '123456' }))
            .status,
        );
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await auth.stop();
    }
  });

  test('code requests are limited per client IP', async () => {
    const auth = await startAuthService(
      testEnv({
        MONGO_DB: testDatabase('auth'),
        INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
        OTP_SENDS_PER_IP_PER_HOUR: '6',
        TRUST_PROXY: 'false',
        // Counters of their own: other tests of this run also call from 127.0.0.1.
        RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-direct-${Date.now()}`,
      }),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const response = await fetch(`${auth.url}/api/auth/register`, {
          method: 'POST',
          // A made-up X-Forwarded-For from a client that is not a trusted proxy changes nothing.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ emailAddress: freshEmail('direct') }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 6).every((status) => status === 200)).toBe(true);
      // Past the network's budget: a challenge instead of the code.
      expect(statuses.slice(6)).toEqual([429, 429, 429]);
    } finally {
      await auth.stop();
    }
  });
});
