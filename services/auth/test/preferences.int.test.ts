/** Easy reading (addendum §4): GET / PUT /api/auth/preferences through the gateway, stored on the user. */
import { DEFAULT_READING_PREFERENCES, PREFERENCES_MESSAGES } from '@safarsaathi/contracts';
import { ApiClient, createSignedInUser, signIn } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

test('off by default; either or both can be set; they follow the user to a new session', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const initial = await client.get('/api/auth/preferences');
  expect(initial.status).toBe(200);
  expect(initial.body).toEqual(DEFAULT_READING_PREFERENCES);
  expect((await client.get('/api/auth/user-info')).body.preferences).toEqual(DEFAULT_READING_PREFERENCES);

  const large = await client.put('/api/auth/preferences', { large_text: true });
  expect(large.status).toBe(200);
  expect(large.body).toEqual({ large_text: true, high_contrast: false });
  // The other field stays as it was.
  const contrast = await client.put('/api/auth/preferences', { high_contrast: true });
  expect(contrast.body).toEqual({ large_text: true, high_contrast: true });
  const both = await client.put('/api/auth/preferences', { large_text: false, high_contrast: true });
  expect(both.body).toEqual({ large_text: false, high_contrast: true });

  // Another device: a session of its own finds them on the account, and in the session info too.
  const otherDevice = new ApiClient(stack.gatewayUrl);
  const signedIn = await signIn(otherDevice, email);
  expect(signedIn.preferences).toEqual({ large_text: false, high_contrast: true });
  expect((await otherDevice.get('/api/auth/preferences')).body).toEqual({
    large_text: false,
    high_contrast: true,
  });
  expect((await otherDevice.get('/api/auth/user-info')).body.preferences).toEqual({
    large_text: false,
    high_contrast: true,
  });
});

test('signed out: 401 for both', async () => {
  const visitor = new ApiClient(stack.gatewayUrl);
  expect((await visitor.get('/api/auth/preferences')).status).toBe(401);
  expect((await visitor.put('/api/auth/preferences', { large_text: true })).status).toBe(401);
});

test('bad bodies: 400 with the usual shape, nothing stored', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const empty = await client.put('/api/auth/preferences', {});
  expect(empty.status).toBe(400);
  expect(empty.body.error).toBe(PREFERENCES_MESSAGES.empty);
  expect(empty.body.code).toBe('preferences.empty');
  for (const body of [
    { large_text: 'yes' },
    { high_contrast: 1 },
    { large_text: true, font_size: 30 },
    { large_text: null },
    [true],
  ]) {
    const answer = await client.put('/api/auth/preferences', body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
  }
  expect((await client.get('/api/auth/preferences')).body).toEqual(DEFAULT_READING_PREFERENCES);
});

test("one user's preferences are theirs alone", async () => {
  const first = await createSignedInUser(stack.gatewayUrl);
  const second = await createSignedInUser(stack.gatewayUrl);
  await first.client.put('/api/auth/preferences', { large_text: true, high_contrast: true });
  expect((await second.client.get('/api/auth/preferences')).body).toEqual(DEFAULT_READING_PREFERENCES);
  // The body cannot name another user: identity comes from the session only.
  const aimed = await second.client.put('/api/auth/preferences', {
    high_contrast: true,
    email_address: first.email,
  });
  expect(aimed.status).toBe(400);
  await second.client.put('/api/auth/preferences', { high_contrast: true });
  expect((await first.client.get('/api/auth/preferences')).body).toEqual({
    large_text: true,
    high_contrast: true,
  });
  expect((await second.client.get('/api/auth/preferences')).body).toEqual({
    large_text: false,
    high_contrast: true,
  });
});
