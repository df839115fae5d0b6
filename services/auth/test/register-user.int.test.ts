/**
 * Registration tells whether a mobile number is taken (issue 20): attempts are limited per account, and
 * "taken" answers per client IP, without holding back a neighbour's first attempt behind the same address.
 */
import { AUTH_MESSAGES, REGISTRATION_POLICY } from '@safarsaathi/contracts';
import {
  ApiClient,
  createSignedInUser,
  freshEmail,
  freshMobileDigits,
  signIn,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

const TAKEN_PER_IP = 3;
let stack: TestStack;

beforeAll(async () => {
  // The test plays the load balancer (the gateway trusts X-Forwarded-For from loopback); a low per-IP count.
  stack = await startTestStack({
    TRUST_PROXY: 'loopback',
    PHONE_TAKEN_PER_IP_PER_HOUR: String(TAKEN_PER_IP),
  });
});
afterAll(() => stack.stop());

// Addresses of the documentation ranges, each used by one test only (the counters are this run's own).

/** A signed-in account that has not registered yet. */
async function unregistered(): Promise<ApiClient> {
  const client = new ApiClient(stack.gatewayUrl);
  await signIn(client, freshEmail('probe'));
  return client;
}

function register(client: ApiClient, phone: string, ip: string) {
  return client.request('POST', '/api/auth/register-user', {
    json: { fullname: 'Probe Person', phone_number: phone, accepted_terms: true },
    headers: { 'x-forwarded-for': ip },
  });
}

test('one account gets 10 answers an hour, whatever its IP: the 11th probe is 429 and registers nothing', async () => {
  const { phone } = await createSignedInUser(stack.gatewayUrl);
  const prober = await unregistered();
  // A new address every time: the per-account count holds when the IP changes.
  for (let attempt = 0; attempt < REGISTRATION_POLICY.attemptsPerUserPerHour; attempt += 1) {
    const answer = await register(prober, phone, `203.0.113.${attempt + 1}`);
    expect([answer.status, answer.body.error]).toEqual([409, AUTH_MESSAGES.phoneTaken]);
  }
  const eleventh = await register(prober, phone, '198.51.100.77');
  expect([eleventh.status, eleventh.body.error]).toEqual([429, AUTH_MESSAGES.tooManyRegistrationAttempts]);
  expect(eleventh.body.code).toBe('auth.tooManyRegistrationAttempts');
  expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(3000);

  // A free number is refused too: the answer says nothing about the number.
  const free = await register(prober, `+91${freshMobileDigits()}`, '198.51.100.78');
  expect(free.status).toBe(429);
  expect((await prober.get('/api/auth/user-info')).body.is_registered).toBe(false);
});

test('"taken" answers are counted per IP; a neighbour behind the same address still registers, other addresses are untouched', async () => {
  const { phone } = await createSignedInUser(stack.gatewayUrl);
  const shared = '203.0.113.100';

  // A prober with several accounts behind one address: the IP's count stops its repeated attempts.
  const prober = await unregistered();
  for (let attempt = 0; attempt < TAKEN_PER_IP; attempt += 1) {
    expect((await register(prober, phone, shared)).status).toBe(409);
  }
  const held = await register(prober, phone, shared);
  expect([held.status, held.body.error]).toEqual([429, AUTH_MESSAGES.tooManyRegistrationAttempts]);
  const second = await unregistered();
  expect((await register(second, phone, shared)).status).toBe(409);
  expect((await register(second, phone, shared)).status).toBe(429);

  // Someone else behind the same carrier address registers at the first attempt.
  const neighbour = await unregistered();
  const registered = await register(neighbour, `+91${freshMobileDigits()}`, shared);
  expect(registered.status).toBe(200);
  expect(registered.body.message).toBe(AUTH_MESSAGES.registrationCompleted);

  // And a typo behind another address is not held back by what happened on the first one.
  const elsewhere = await unregistered();
  const other = '198.51.100.100';
  expect((await register(elsewhere, phone, other)).status).toBe(409);
  expect((await register(elsewhere, phone, other)).status).toBe(409);
  expect((await register(elsewhere, `+91${freshMobileDigits()}`, other)).status).toBe(200);
});

test('registrations that succeed do not use up the address', async () => {
  const shared = '192.0.2.50';
  for (let user = 0; user < TAKEN_PER_IP + 2; user += 1) {
    const client = await unregistered();
    const result = await register(client, `+91${freshMobileDigits()}`, shared);
    expect(result.status).toBe(200);
  }
  // The address's whole count of "taken" answers is still there for the next one.
  const { phone } = await createSignedInUser(stack.gatewayUrl);
  const client = await unregistered();
  for (let attempt = 0; attempt < TAKEN_PER_IP; attempt += 1)
    expect((await register(client, phone, shared)).status).toBe(409);
  expect((await register(client, phone, shared)).status).toBe(429);
});
