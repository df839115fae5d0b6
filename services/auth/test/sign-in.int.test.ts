/**
 * Sign-in through the gateway against real Kafka, FerretDB/MongoDB, Redis and the SMTP catcher.
 */
import Redis from 'ioredis';
import {
  AUTH_MESSAGES,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  SESSION_COOKIE,
  TOPICS,
} from '@safarsaathi/contracts';
import { signIdentity } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createSignedInUser,
  freshEmail,
  freshMobileDigits,
  readCodeFromMail,
  signIn,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { deviceHash, otpCodeKey } from '../src/persistence/otp-store';

let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  stack = await startTestStack();
  redis = new Redis(process.env.REDIS_URL!);
});

afterAll(async () => {
  redis.disconnect();
  await stack.stop();
});

async function requestCode(client: ApiClient, email: string): Promise<string> {
  const requestedAt = Date.now();
  const sent = await client.post('/api/auth/register', { emailAddress: email, emailConsent: true });
  expect(sent.status).toBe(200);
  expect(sent.body).toMatchObject({ success: true, real_otp_enabled: true, message: AUTH_MESSAGES.otpSent });
  expect(sent.body.otp).toBeUndefined();
  return readCodeFromMail(email, requestedAt);
}

test('a new traveller gets the code by e-mail, signs in with an httpOnly SameSite cookie and registers', async () => {
  const recorder = await TopicRecorder.start([TOPICS.authUsers]);
  try {
    const client = new ApiClient(stack.gatewayUrl);
    const email = freshEmail();
    const code = await requestCode(client, email);

    const verified = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email_address: email, is_registered: false });
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(client.cookie(SESSION_COOKIE)!.length).toBeGreaterThanOrEqual(22); // >= 128 bits, base64url

    const phone = `+91${freshMobileDigits()}`;
    const registered = await client.post('/api/auth/register-user', {
      emailAddress: email,
      fullname: 'Meera  Iyer-Rao',
      phone_number: phone,
      accepted_terms: true,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.message).toBe('Registration completed successfully! Welcome to SafarSaathi');
    expect(registered.body.user).toMatchObject({
      fullname: 'Meera Iyer-Rao',
      phone_number: phone,
      is_registered: true,
    });

    const info = await client.get('/api/auth/user-info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      email_address: email,
      fullname: 'Meera Iyer-Rao',
      phone_number: phone,
    });

    const event = await waitFor(async () =>
      recorder.find((e) => e.type === 'user_registered' && (e.data as { email: string }).email === email),
    );
    // The consent ticked with the very first code request (no account existed yet) reaches the event.
    expect(event.data).toMatchObject({
      email,
      fullname: 'Meera Iyer-Rao',
      phone_number: phone,
      emailConsent: true,
    });
    expect(event.producer).toBe('auth');
  } finally {
    await recorder.stop();
  }
});

test('without the e-mail consent, user_registered says so', async () => {
  const recorder = await TopicRecorder.start([TOPICS.authUsers]);
  try {
    const client = new ApiClient(stack.gatewayUrl);
    const email = freshEmail();
    const requestedAt = Date.now();
    expect((await client.post('/api/auth/register', { emailAddress: email })).status).toBe(200);
    const code = await readCodeFromMail(email, requestedAt);
    expect((await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code })).status).toBe(200);
    const registered = await client.post('/api/auth/register-user', {
      emailAddress: email,
      fullname: 'Ravi Kumar',
      phone_number: `+91${freshMobileDigits()}`,
      accepted_terms: true,
    });
    expect(registered.status).toBe(200);
    const event = await waitFor(async () =>
      recorder.find((e) => e.type === 'user_registered' && (e.data as { email: string }).email === email),
    );
    expect(event.data).toMatchObject({ email, emailConsent: false });
  } finally {
    await recorder.stop();
  }
});

test('a wrong code is refused with the spec message', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail();
  const code = await requestCode(client, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const result = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: wrong });
  expect(result.status).toBe(401);
  expect(result.body).toEqual({ error: AUTH_MESSAGES.invalidOtp, code: 'auth.invalidOtp' });
  expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
});

test('an expired code is refused', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail();
  const code = await requestCode(client, email);
  // Let Redis expire the code as it would after 10 minutes.
  expect(
    await redis.pexpire(
      otpCodeKey(stack.gateway.config.INTERNAL_HMAC_SECRET, email, deviceHash(client.cookie('ss_device')!)),
      1,
    ),
  ).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const result = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
  expect(result.status).toBe(401);
  expect(result.body.error).toBe(AUTH_MESSAGES.invalidOtp);
});

test('after five wrong tries even the right code is refused', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail();
  const code = await requestCode(client, email);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const result = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: wrong });
    expect(result.status).toBe(401);
  }
  const sixth = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
  expect(sixth.status).toBe(429);
  expect(sixth.body.error).toBe(AUTH_MESSAGES.tooManyAttempts);
  // The code stays used up: every later try says so too, until a new code is requested.
  const afterwards = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
  expect(afterwards.status).toBe(429);
  expect(afterwards.body.error).toBe(AUTH_MESSAGES.tooManyAttempts);
});

test('a code works once only', async () => {
  const email = freshEmail();
  const first = new ApiClient(stack.gatewayUrl);
  const code = await requestCode(first, email);
  expect((await first.post('/api/auth/verify-otp', { emailAddress: email, otp: code })).status).toBe(200);
  const second = new ApiClient(stack.gatewayUrl);
  const reused = await second.post('/api/auth/verify-otp', { emailAddress: email, otp: code });
  expect(reused.status).toBe(401);
  expect(reused.body.error).toBe(AUTH_MESSAGES.invalidOtp);
});

test('resending a code is limited', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail();
  await requestCode(client, email);
  const again = await client.post('/api/auth/register', { emailAddress: email });
  expect(again.status).toBe(429);
  expect(again.body.error).toMatch(/Please wait \d+ seconds before requesting a new code/);
  expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('logout ends the session on the server, not only in the browser', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const token = client.cookie(SESSION_COOKIE)!;
  expect((await client.get('/api/auth/user-info')).status).toBe(200);
  expect((await client.post('/api/auth/logout')).status).toBe(200);
  expect(client.cookie(SESSION_COOKIE)).toBeUndefined();

  const replay = new ApiClient(stack.gatewayUrl);
  replay.setCookie(SESSION_COOKIE, token);
  const result = await replay.get('/api/auth/user-info');
  expect(result.status).toBe(401);
  expect(result.body).toEqual({ error: AUTH_MESSAGES.notSignedIn, code: 'auth.notSignedIn' });
});

test('an identity header sent by a client is ignored, even one signed with the right secret', async () => {
  const { user } = await createSignedInUser(stack.gatewayUrl);
  const forged = signIdentity(
    { userId: 'someone-else', email: user.email_address, role: 'admin', sessionId: 'forged' },
    stack.gateway.config.INTERNAL_HMAC_SECRET,
  );
  const stranger = new ApiClient(stack.gatewayUrl);
  const result = await stranger.request('GET', '/api/auth/user-info', {
    headers: {
      [IDENTITY_HEADER]: forged[IDENTITY_HEADER]!,
      [IDENTITY_SIGNATURE_HEADER]: forged[IDENTITY_SIGNATURE_HEADER]!,
    },
  });
  expect(result.status).toBe(401);

  // Straight at the service, a badly signed identity is refused too.
  const direct = await fetch(`${stack.auth.url}/api/auth/user-info`, {
    headers: {
      [IDENTITY_HEADER]: forged[IDENTITY_HEADER]!,
      [IDENTITY_SIGNATURE_HEADER]: 'not-the-signature',
    },
  });
  expect(direct.status).toBe(401);
});

describe('bad input gets a clear 4xx in one JSON shape', () => {
  test('malformed JSON', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    for (const path of ['/api/auth/register', '/api/auth/register-user']) {
      const result = await client.request('POST', path, { rawBody: '{"emailAddress": ' });
      expect(result.status).toBe(path.endsWith('register') ? 400 : 401);
      expect(typeof result.body.error).toBe('string');
    }
    const { client: signedIn } = await createSignedInUser(stack.gatewayUrl);
    const result = await signedIn.request('POST', '/api/auth/register-user', { rawBody: '{"fullname": ' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Request body is not valid JSON', code: 'http.invalidJson' });
  });

  test('oversized bodies', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const huge = JSON.stringify({ emailAddress: 'a@b.co', padding: 'x'.repeat(200_000) });
    const atGateway = await client.request('POST', '/api/auth/register', { rawBody: huge });
    expect(atGateway.status).toBe(413);
    expect(atGateway.body).toEqual({ error: 'Request body is too large', code: 'http.bodyTooLarge' });
    const { client: signedIn } = await createSignedInUser(stack.gatewayUrl);
    const atService = await signedIn.request('POST', '/api/auth/register-user', { rawBody: huge });
    expect(atService.status).toBe(413);
    expect(atService.body).toEqual({ error: 'Request body is too large', code: 'http.bodyTooLarge' });
  });

  test('e-mail and code validation use the spec messages', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    for (const emailAddress of ['', 'not-an-email', 'a@b', 42]) {
      const result = await client.post('/api/auth/register', { emailAddress });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(AUTH_MESSAGES.invalidEmail);
    }
    const shortCode = await client.post('/api/auth/verify-otp', { emailAddress: freshEmail(), otp: '123' });
    expect(shortCode.status).toBe(400);
    expect(shortCode.body.error).toBe(AUTH_MESSAGES.incompleteOtp);
  });

  test('registration validation uses the spec messages', async () => {
    const email = freshEmail();
    const client = new ApiClient(stack.gatewayUrl);
    await signIn(client, email);
    const valid = { fullname: 'Ravi Kumar', phone_number: `+91${freshMobileDigits()}`, accepted_terms: true };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullname: ' 123 ' }, AUTH_MESSAGES.fullNameRequired],
      [{ phone_number: '+91' }, AUTH_MESSAGES.mobileRequired],
      [{ phone_number: '+911234567890' }, AUTH_MESSAGES.mobileInvalid],
      [{ phone_number: '+915555555555' }, AUTH_MESSAGES.mobileInvalid],
      [{ phone_number: '+9198765' }, AUTH_MESSAGES.mobileInvalid],
      [{ accepted_terms: false }, AUTH_MESSAGES.termsRequired],
    ];
    for (const [change, message] of cases) {
      const result = await client.post('/api/auth/register-user', { ...valid, ...change });
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(message);
    }
    const otherEmail = await client.post('/api/auth/register-user', { ...valid, emailAddress: freshEmail() });
    expect(otherEmail.status).toBe(403);
    const info = await client.get('/api/auth/user-info');
    expect(info.body.is_registered).toBe(false);
  });
});

test('a phone number belongs to one account', async () => {
  const { phone } = await createSignedInUser(stack.gatewayUrl);
  const client = new ApiClient(stack.gatewayUrl);
  await signIn(client, freshEmail());
  const result = await client.post('/api/auth/register-user', {
    fullname: 'Second Person',
    phone_number: phone,
    accepted_terms: true,
  });
  expect(result.status).toBe(409);
  expect(result.body.error).toBe(AUTH_MESSAGES.phoneTaken);
});

test('development mode: with real OTP off the code comes back in the response and any code works', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const env = await client.get('/api/auth/environment-info');
  expect(env.body).toEqual({ is_development: true, enable_real_otp: true });
  // Only an admin may switch real codes off, even in development.
  const admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  expect((await admin.post('/api/auth/toggle-real-otp', { enable_real_otp: false })).body).toEqual({
    success: true,
    enable_real_otp: false,
  });
  try {
    const email = freshEmail();
    const sent = await client.post('/api/auth/register', { emailAddress: email, emailConsent: true });
    expect(sent.body).toMatchObject({ real_otp_enabled: false, otp: expect.stringMatching(/^\d{6}$/) });
    expect(sent.body.dev_note).toMatch(/any 6-digit code works/);
    const verified = await client.post('/api/auth/verify-otp', { emailAddress: email, otp: '424242' });
    expect(verified.status).toBe(200);
  } finally {
    await admin.post('/api/auth/toggle-real-otp', { enable_real_otp: true });
  }
});

test('unknown API paths answer a JSON 404, and the OpenAPI document is served', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const missing = await client.get('/api/auth/nothing-here');
  expect(missing.status).toBe(404);
  expect(typeof missing.body.error).toBe('string');
  const openApi = await client.get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
    '/api/openapi.json',
  );
  expect(openApi.status).toBe(200);
  expect(openApi.body.openapi).toBe('3.1.0');
  expect(Object.keys(openApi.body.paths['/api/auth/verify-otp']!)).toEqual(['post']);
});
