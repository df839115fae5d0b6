/**
 * Sign-in limits that hold for real networks (docs/security.md, "Sign-in limits"), through the gateway
 * against real Redis, Kafka, FerretDB and the SMTP catcher: a shared address (carrier-grade NAT) asks for
 * a proof-of-work challenge instead of refusing for an hour, a known browser is never held back by its
 * network, IPv6 counts per /64, a code is checked only from the browser that asked for it, wrong codes per
 * address back off, and address spellings nodemailer would rewrite are refused.
 */
import Redis from 'ioredis';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ADMIN_MESSAGES, AUTH_MESSAGES, OTP_POLICY } from '@safarsaathi/contracts';
import {
  ApiClient,
  freshEmail,
  mailIdsTo,
  readCodeFromMail,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { otpFailuresKey } from '../src/persistence/otp-store';

let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  stack = await startTestStack({
    // The test plays the load balancer: the gateway trusts X-Forwarded-For from loopback.
    TRUST_PROXY: 'loopback',
    // The product's own budgets, in counters of this file only.
    OTP_SENDS_PER_IP_PER_HOUR: '30',
    OTP_VERIFIES_PER_IP_PER_MINUTE: '120',
    RATE_LIMIT_IP_PER_MINUTE: '600',
    RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-signin-${Date.now()}`,
    // A cheap challenge keeps the test quick; the product's cost is the config default.
    OTP_CHALLENGE_COST: '100',
  });
  redis = new Redis(process.env.REDIS_URL!);
});

afterAll(async () => {
  redis.disconnect();
  await stack.stop();
});

function requestCode(client: ApiClient, email: string, ip: string, extra: Record<string, unknown> = {}) {
  return client.request<Record<string, unknown>>('POST', '/api/auth/register', {
    json: { emailAddress: email, ...extra },
    headers: { 'x-forwarded-for': ip },
  });
}

function checkCode(client: ApiClient, email: string, otp: string, ip: string) {
  return client.request<Record<string, unknown>>('POST', '/api/auth/verify-otp', {
    json: { emailAddress: email, otp },
    headers: { 'x-forwarded-for': ip },
  });
}

/**
 * Asks for a code and reads it from the inbox. The catcher finds mail from a second before the request on,
 * so an inbox that just got another code waits that second out first.
 */
async function codeFor(client: ApiClient, email: string, ip: string): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const requestedAt = Date.now();
  expect((await requestCode(client, email, ip)).status).toBe(200);
  return readCodeFromMail(email, requestedAt);
}

/** Signs `email` in from `client` at `ip`: the client's browser becomes a known device of the address. */
async function signInAt(client: ApiClient, email: string, ip: string, stay = false): Promise<void> {
  const code = await codeFor(client, email, ip);
  expect((await checkCode(client, email, code, ip)).status).toBe(200);
  if (!stay) await client.post('/api/auth/logout');
}

/** Solves a challenge as the login dialog's widget does, and packs it as the widget's form field. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * Asks the auth service itself for a code, as a new browser at `ip` (the test is its trusted proxy). The
 * gateway's own flood filter allows 10 a minute per (address, network), as many as the address's ceiling,
 * so the ceiling's refusal is seen only here.
 */
async function requestCodeDirectly(email: string, ip: string) {
  const response = await fetch(`${stack.auth.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ emailAddress: email }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The ids of the mail `email` got, once there are at least `count` (the queue delivers a moment later). */
function inboxOf(email: string, count: number): Promise<Set<string>> {
  return waitFor(async () => {
    const ids = await mailIdsTo(email);
    return ids.size >= count ? ids : undefined;
  }, 20_000);
}

test('100 code requests from one IP with other addresses: a known device still gets its code, a new address gets a challenge it can solve', async () => {
  const ip = '100.64.10.1'; // carrier-grade NAT space (RFC 6598)
  const owner = new ApiClient(stack.gatewayUrl);
  const ownerEmail = freshEmail('cgnat-owner');
  await signInAt(owner, ownerEmail, '198.51.100.20');

  const statuses: number[] = [];
  for (let i = 0; i < 100; i += 1)
    statuses.push((await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('cgnat-junk'), ip)).status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(30);
  expect(statuses.slice(30).every((status) => status === 429)).toBe(true);

  // The returning browser behind the same address gets its code, and it works.
  const requestedAt = Date.now();
  const own = await requestCode(owner, ownerEmail, ip);
  expect(own.status).toBe(200);
  const code = await readCodeFromMail(ownerEmail, requestedAt);
  expect((await checkCode(owner, ownerEmail, code, ip)).status).toBe(200);

  // A new browser with a new address is asked to prove some work, not to wait an hour.
  const newcomer = new ApiClient(stack.gatewayUrl);
  const newEmail = freshEmail('cgnat-new');
  const refused = await requestCode(newcomer, newEmail, ip);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    error: AUTH_MESSAGES.challengeRequired,
    code: 'auth.challengeRequired',
  });
  const challenge = (refused.body.details as { challenge: Challenge }).challenge;
  expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
  expect(challenge.signature).toEqual(expect.any(String));

  const altcha = await solve(challenge);
  const sentAt = Date.now();
  const solved = await requestCode(newcomer, newEmail, ip, { altcha });
  expect(solved.status).toBe(200);
  const newCode = await readCodeFromMail(newEmail, sentAt);
  expect((await checkCode(newcomer, newEmail, newCode, ip)).status).toBe(200);

  // A solution works once, and a made-up one not at all.
  const replayed = await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('cgnat-replay'), ip, {
    altcha,
  });
  expect(replayed.status).toBe(429);
  expect(replayed.body.error).toBe(AUTH_MESSAGES.challengeInvalid);
  const forged = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
  ).toString('base64');
  expect(
    (await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('cgnat-forged'), ip, { altcha: forged }))
      .status,
  ).toBe(429);
  // The widget can also fetch a challenge of its own.
  const fetched = await new ApiClient(stack.gatewayUrl).get<Challenge>('/api/auth/challenge');
  expect(fetched.status).toBe(200);
  const viaFetched = await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('cgnat-fetched'), ip, {
    altcha: await solve(fetched.body),
  });
  expect(viaFetched.status).toBe(200);
}, 120_000);

test('IPv6 addresses of one /64 share a budget; another /64 has its own', async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 31; i += 1) {
    statuses.push(
      (
        await requestCode(
          new ApiClient(stack.gatewayUrl),
          freshEmail('v6'),
          `2001:db8:77:1::${i.toString(16)}`,
        )
      ).status,
    );
  }
  expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
  expect(statuses[30]).toBe(429);
  expect(
    (await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('v6'), '2001:db8:77:1:ffff:1:2:3')).status,
  ).toBe(429);
  expect(
    (await requestCode(new ApiClient(stack.gatewayUrl), freshEmail('v6'), '2001:db8:77:2::1')).status,
  ).toBe(200);
}, 60_000);

test('the per-address ceiling counts per network: strangers on other networks never hold back a browser on a network that never asked', async () => {
  const email = freshEmail('per-network');
  const strangers = OTP_POLICY.addressCeiling + 2;
  for (let i = 0; i < strangers; i += 1) {
    const sent = await requestCode(new ApiClient(stack.gatewayUrl), email, `203.0.113.${150 + i}`);
    expect([i, sent.status]).toEqual([i, 200]);
  }
  const seen = await inboxOf(email, strangers);

  // A new browser on a network that never asked for the address gets its code, and it works.
  const owner = new ApiClient(stack.gatewayUrl);
  const requestedAt = Date.now();
  expect((await requestCode(owner, email, '198.51.100.150')).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt, undefined, seen);
  expect((await checkCode(owner, email, code, '198.51.100.150')).status).toBe(200);

  // On one network the ceiling still holds for new browsers: its inbox is not flooded from there.
  const other = freshEmail('per-network-one');
  for (let i = 0; i < OTP_POLICY.addressCeiling; i += 1)
    expect((await requestCodeDirectly(other, '192.0.2.150')).status).toBe(200);
  const refused = await requestCodeDirectly(other, '192.0.2.150');
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: AUTH_MESSAGES.tooManyCodes });
  expect((await requestCodeDirectly(other, '192.0.2.151')).status).toBe(200);
}, 90_000);

test('+tag spellings of an address count against its mailbox on that network', async () => {
  const email = freshEmail('tagged');
  const [local, domain] = email.split('@') as [string, string];
  for (let i = 0; i < OTP_POLICY.addressCeiling; i += 1) {
    const spelling = i % 2 === 0 ? `${local}+${i}@${domain}` : `${local.toUpperCase()}+Tag${i}@${domain}`;
    expect([spelling, (await requestCodeDirectly(spelling, '192.0.2.160')).status]).toEqual([spelling, 200]);
  }
  for (const spelling of [email, `${local}+one-more@${domain}`]) {
    const refused = await requestCodeDirectly(spelling, '192.0.2.160');
    expect([spelling, refused.status, refused.body.error]).toEqual([
      spelling,
      429,
      AUTH_MESSAGES.tooManyCodes,
    ]);
  }
  // Another network has its own count for the mailbox.
  expect((await requestCodeDirectly(email, '192.0.2.161')).status).toBe(200);
}, 60_000);

test("five wrong checks from another client leave the owner's code working", async () => {
  const owner = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('burn');
  const requestedAt = Date.now();
  expect((await requestCode(owner, email, '198.51.100.30')).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt);

  // A stranger without the owner's browser: with no device cookie, and with one of its own.
  const stranger = new ApiClient(stack.gatewayUrl);
  for (let i = 0; i < 5; i += 1)
    expect((await checkCode(stranger, email, wrongCode(code), '203.0.113.40')).status).toBe(401);
  expect((await requestCode(stranger, email, '203.0.113.40')).status).toBe(200);
  for (let i = 0; i < 6; i += 1)
    expect([401, 429]).toContain((await checkCode(stranger, email, wrongCode(code), '203.0.113.40')).status);
  // Straight at the service too, with a made-up device cookie.
  for (let i = 0; i < 5; i += 1) {
    const direct = await fetch(`${stack.auth.url}/api/auth/verify-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'ss_device=made-up-device-token-0123456789' },
      body: JSON.stringify({ emailAddress: email, otp: wrongCode(code) }),
    });
    expect(direct.status).toBe(401);
  }
  // Even the right code does not work from another browser.
  expect((await checkCode(new ApiClient(stack.gatewayUrl), email, code, '198.51.100.30')).status).toBe(401);

  const verified = await checkCode(owner, email, code, '198.51.100.30');
  expect(verified.status).toBe(200);
});

test('wrong codes for one address back off after ten, from any browser that never signed in to it; the owner on a known device is not held back', async () => {
  const email = freshEmail('backoff');
  const owner = new ApiClient(stack.gatewayUrl);
  await signInAt(owner, email, '198.51.100.60');

  // Three strangers, each with a code of its own (sent to the owner's inbox), guess wrong.
  const strangers = [1, 2, 3].map(() => new ApiClient(stack.gatewayUrl));
  const statuses: number[] = [];
  for (const [index, stranger] of strangers.entries()) {
    expect((await requestCode(stranger, email, `203.0.113.${70 + index}`)).status).toBe(200);
    for (let i = 0; i < 4; i += 1)
      statuses.push((await checkCode(stranger, email, '999999', `203.0.113.${70 + index}`)).status);
  }
  // Ten wrong codes cost nothing; then each one waits (5 s, then 10 s, …).
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
  const refused = await checkCode(strangers[2]!, email, '999999', '203.0.113.72');
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('auth.wrongCodeBackoff');
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(OTP_POLICY.backoffBaseSeconds);

  // The owner's known browser signs in meanwhile, and that ends the back-off.
  const code = await codeFor(owner, email, '198.51.100.60');
  expect((await checkCode(owner, email, code, '198.51.100.60')).status).toBe(200);
  expect(await redis.exists(otpFailuresKey(stack.gateway.config.INTERNAL_HMAC_SECRET, email))).toBe(0);
}, 60_000);

test('at 100 consecutive wrong codes an address takes no more checks from unknown browsers, even the right code; a known browser still signs in', async () => {
  const email = freshEmail('ceiling');
  const owner = new ApiClient(stack.gatewayUrl);
  await signInAt(owner, email, '198.51.100.80');
  // 100 failures over days, as the back-off would space them (recorded directly: the waits add up to ~80 hours).
  await redis.hset(otpFailuresKey(stack.gateway.config.INTERNAL_HMAC_SECRET, email), {
    count: String(OTP_POLICY.maxConsecutiveFailures),
    last: String(Date.now()),
  });
  await redis.pexpire(
    otpFailuresKey(stack.gateway.config.INTERNAL_HMAC_SECRET, email),
    OTP_POLICY.failureMemorySeconds * 1000,
  );

  const newcomer = new ApiClient(stack.gatewayUrl);
  const code = await codeFor(newcomer, email, '203.0.113.81');
  const locked = await checkCode(newcomer, email, code, '203.0.113.81');
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(OTP_POLICY.failureMemorySeconds - 60);

  const ownCode = await codeFor(owner, email, '198.51.100.80');
  expect((await checkCode(owner, email, ownCode, '198.51.100.80')).status).toBe(200);
}, 60_000);

test('address spellings nodemailer would rewrite are refused, and spellings of one address share its limits', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('variant');
  for (const variant of [
    `${email}(2)`,
    `"${email.split('@')[0]}"@${email.split('@')[1]}`,
    `Someone <${email}>`,
    `${email},x@example.test`,
  ]) {
    const refused = await requestCode(client, variant, '192.0.2.90');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(AUTH_MESSAGES.invalidEmail);
  }
  expect((await requestCode(client, email, '192.0.2.90')).status).toBe(200);
  // The same address in capitals and with spaces is the same address: its resend wait holds.
  const again = await requestCode(client, `  ${email.toUpperCase()} `, '192.0.2.90');
  expect(again.status).toBe(429);
  expect(again.body.code).toBe('auth.resendCooldown');
});

test('a respelt path (case, trailing slash) counts against the same gateway limit', async () => {
  const email = freshEmail('respelt');
  const statuses: number[] = [];
  const paths = [
    '/api/auth/verify-otp',
    '/API/AUTH/VERIFY-OTP',
    '/api/auth/verify-otp/',
    '/Api/Auth/Verify-Otp/',
  ];
  // RATE_LIMIT_EMAIL_PER_MINUTE is 10 per (address, client) and route.
  for (let i = 0; i < 12; i += 1) {
    const response = await new ApiClient(stack.gatewayUrl).request('POST', paths[i % paths.length]!, {
      json: { emailAddress: email, otp: '123456' },
      headers: { 'x-forwarded-for': '192.0.2.91' },
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

describe('the real-code switch (development only)', () => {
  test('needs the admin role, from another machine and from this one alike', async () => {
    const stranger = await new ApiClient(stack.gatewayUrl).request('POST', '/api/auth/toggle-real-otp', {
      json: { enable_real_otp: true },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ error: ADMIN_MESSAGES.notAuthorised });

    // This machine (loopback) is no proof of who asks: signed out or signed in without the role, refused.
    const local = await new ApiClient(stack.gatewayUrl).post('/api/auth/toggle-real-otp', {
      enable_real_otp: true,
    });
    expect(local.status).toBe(403);
    expect(local.body).toMatchObject({ error: ADMIN_MESSAGES.notAuthorised });
    const user = new ApiClient(stack.gatewayUrl);
    await signInAt(user, freshEmail('not-admin'), '127.0.0.1', true);
    const byUser = await user.post('/api/auth/toggle-real-otp', { enable_real_otp: true });
    expect(byUser.status).toBe(403);
    // Straight at the service too.
    const direct = await fetch(`${stack.auth.url}/api/auth/toggle-real-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enable_real_otp: true }),
    });
    expect(direct.status).toBe(403);

    const admin = new ApiClient(stack.gatewayUrl);
    await signInAt(admin, stack.adminEmail, '203.0.113.98', true);
    const byAdmin = await admin.request('POST', '/api/auth/toggle-real-otp', {
      json: { enable_real_otp: true },
      headers: { 'x-forwarded-for': '203.0.113.98' },
    });
    expect(byAdmin.status).toBe(200);
  });
});
