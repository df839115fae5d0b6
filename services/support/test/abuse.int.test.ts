/**
 * Support cases cannot be used to make the product e-mail someone over and over: signed-out cases are
 * limited per target address and per client IP, in the support service itself.
 */
import { SUPPORT_MESSAGES } from '@safarsaathi/contracts';
import {
  ApiClient,
  createMailClient,
  createSignedInUser,
  freshEmail,
  testDatabase,
} from '@safarsaathi/platform/src/testing';
import { startSupportService } from '../src/app';
import { startTestStack, testEnv, type TestStack } from '../../../test/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'loopback' });
});
afterAll(() => stack.stop());

const details = 'I cannot find the request I created yesterday in my list of requests.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('40 signed-out cases for one victim address in parallel: one is accepted, one e-mail is sent', async () => {
  const victim = freshEmail('victim');
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      new ApiClient(stack.gatewayUrl).request('POST', '/help-support/create-case', {
        json: { issueType: 'General Inquiry', emailAddress: victim, details },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      }),
    ),
  );
  const accepted = results.filter((result) => result.status === 200);
  expect(accepted).toHaveLength(1);
  const refused = results.filter((result) => result.status === 429);
  expect(refused).toHaveLength(39);
  expect(refused[0]!.body.error).toBe(SUPPORT_MESSAGES.tooManyForAddress);
  expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);

  const mail = createMailClient();
  await mail.waitForMessageTo(victim, { timeoutMs: 20_000 });
  await sleep(1500);
  expect(await mail.searchTo(victim)).toHaveLength(1);
});

test('a signed-in user can file cases about their own address without that limit', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  for (let i = 0; i < 3; i += 1) {
    const result = await client.post('/help-support/create-case', {
      issueType: 'Account Issues',
      emailAddress: email,
      details,
    });
    expect(result.status).toBe(200);
  }
  // Someone else's address counts against that address, signed in or not.
  const other = freshEmail('other');
  expect(
    (
      await client.post('/help-support/create-case', {
        issueType: 'Account Issues',
        emailAddress: other,
        details,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await client.post('/help-support/create-case', {
        issueType: 'Account Issues',
        emailAddress: other,
        details,
      })
    ).status,
  ).toBe(429);
});

test('called directly, cases are limited per client IP and a made-up X-Forwarded-For changes nothing', async () => {
  const support = await startSupportService(
    testEnv({
      MONGO_DB: testDatabase('support'),
      INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
      CASES_PER_IP_PER_HOUR: '4',
      TRUST_PROXY: 'false',
      // Counters of their own: other tests of this run also call from 127.0.0.1.
      RATE_LIMIT_KEY_PREFIX: `${process.env.RATE_LIMIT_KEY_PREFIX ?? 'limit'}-direct-${Date.now()}`,
    }),
  );
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${support.url}/help-support/create-case`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ issueType: 'General Inquiry', emailAddress: freshEmail('direct'), details }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  } finally {
    await support.stop();
  }
});
