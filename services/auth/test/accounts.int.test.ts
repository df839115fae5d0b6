/** Profile, tour, deletion and admin blocking through the gateway. */
import { ADMIN_MESSAGES, PROFILE_MESSAGES, TOPICS, blockedMessage } from '@safarsaathi/contracts';
import { signIdentity } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createSignedInUser,
  freshEmail,
  signIn,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
let admin: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  // ADMIN_EMAILS of this stack names one fresh admin address.
  admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
});
afterAll(() => stack.stop());

test('help preference round trip, and the profile answers only for the caller', async () => {
  const { client, email, phone } = await createSignedInUser(stack.gatewayUrl);
  const before = await client.get(`/users/profile?emailAddress=${encodeURIComponent(email)}`);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ phone_number: phone, otp_verified: true, help_preference: null });
  expect(Date.parse(String(before.body.registered_at))).toBeGreaterThan(Date.now() - 60_000);

  expect(
    (await client.put('/users/help-preference', { emailAddress: email, helpPreference: 'need_help' })).status,
  ).toBe(200);
  expect((await client.get('/users/profile')).body.help_preference).toBe('need_help');
  expect((await client.put('/users/help-preference', { helpPreference: 'want_to_help' })).status).toBe(200);
  expect((await client.get('/users/profile')).body.help_preference).toBe('want_to_help');

  const invalid = await client.put('/users/help-preference', { helpPreference: 'sometimes' });
  expect(invalid.status).toBe(400);

  const other = await createSignedInUser(stack.gatewayUrl);
  const peek = await client.get(`/users/profile?emailAddress=${encodeURIComponent(other.email)}`);
  expect(peek.status).toBe(403);
  expect(peek.body.error).toBe(PROFILE_MESSAGES.ownProfileOnly);
  const change = await client.put('/users/help-preference', {
    emailAddress: other.email,
    helpPreference: 'need_help',
  });
  expect(change.status).toBe(403);
  expect((await other.client.get('/users/profile')).body.help_preference).toBeNull();
});

test('tour: first time until completed; reset makes it first time again', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  expect((await client.get('/api/tour/status')).body).toEqual({
    email_address: email,
    has_completed_tour: false,
    is_first_time: true,
  });
  expect((await client.post('/api/tour/complete')).body).toMatchObject({
    has_completed_tour: true,
    is_first_time: false,
  });
  expect((await client.get('/api/tour/status')).body.has_completed_tour).toBe(true);
  expect((await client.post('/api/tour/reset')).body).toMatchObject({
    has_completed_tour: false,
    is_first_time: true,
  });
});

test('deleting the profile ends every session and emits user_deleted', async () => {
  const recorder = await TopicRecorder.start([TOPICS.authUsers]);
  try {
    const { client, email, user } = await createSignedInUser(stack.gatewayUrl);
    const secondDevice = new ApiClient(stack.gatewayUrl);
    await signIn(secondDevice, email);
    expect((await secondDevice.get('/api/auth/user-info')).status).toBe(200);

    const deleted = await client.delete('/users/delete-account');
    expect(deleted.status).toBe(200);
    expect((await client.get('/api/auth/user-info')).status).toBe(401);
    expect((await secondDevice.get('/api/auth/user-info')).status).toBe(401);

    // It names the user by id only (issue 40): no address or name travels with an erasure.
    const event = await waitFor(async () => recorder.find((e) => e.type === 'user_deleted'));
    expect(event.key).toEqual(expect.any(String));
    expect(event.data).toEqual({ userId: event.key, erasedAt: expect.any(String) });
    expect(recorder.raw.some((message) => message.value.includes(email))).toBe(false);
    expect(user.email_address).toBe(email);

    // Signing in again starts a new, unregistered account: nothing of the old one remains.
    const again = new ApiClient(stack.gatewayUrl);
    const fresh = await signIn(again, email);
    expect(fresh).toMatchObject({ is_registered: false, fullname: '', phone_number: '' });
  } finally {
    await recorder.stop();
  }
});

describe('admin user status', () => {
  test('a non-admin is refused at the gateway and at the service', async () => {
    const { client, phone, user } = await createSignedInUser(stack.gatewayUrl);
    const result = await client.post('/api/auth/update-user-status', {
      phoneNumber: phone,
      status: 'Block',
      status_reason: 'test',
    });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe(ADMIN_MESSAGES.notAuthorised);

    // Even with a validly signed identity claiming the admin role, the service checks ADMIN_EMAILS itself.
    const headers = signIdentity(
      { userId: 'x', email: user.email_address, role: 'admin', sessionId: 's' },
      stack.auth.deps.config.INTERNAL_HMAC_SECRET,
    );
    const direct = await fetch(`${stack.auth.url}/api/auth/update-user-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ phoneNumber: phone, status: 'Block', status_reason: 'test' }),
    });
    expect(direct.status).toBe(403);
  });

  test('validation and unknown numbers', async () => {
    expect(
      (
        await admin.post('/api/auth/update-user-status', {
          phoneNumber: ' ',
          status: 'Block',
          status_reason: 'x',
        })
      ).body.error,
    ).toBe(ADMIN_MESSAGES.phoneRequired);
    expect(
      (
        await admin.post('/api/auth/update-user-status', {
          phoneNumber: '+919812345670',
          status: 'Block',
          status_reason: '',
        })
      ).body.error,
    ).toBe(ADMIN_MESSAGES.reasonRequired);
    const unknown = await admin.post('/api/auth/update-user-status', {
      phoneNumber: '+919000000001',
      status: 'Block',
      status_reason: 'spam',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(ADMIN_MESSAGES.unknownPhone);
  });

  test('blocking a signed-in user stops their next call with the blocked message; unblocking restores access', async () => {
    const recorder = await TopicRecorder.start([TOPICS.authUsers]);
    try {
      const { client, email, phone, user } = await createSignedInUser(stack.gatewayUrl);
      expect((await client.get('/api/auth/user-info')).status).toBe(200);

      const blocked = await admin.post('/api/auth/update-user-status', {
        phoneNumber: phone,
        status: 'Block',
        status_reason: 'Spam messages',
      });
      expect(blocked.status).toBe(200);
      expect(blocked.body.message).toBe('User status updated successfully to Block');

      const next = await client.get('/api/auth/user-info');
      expect(next.status).toBe(403);
      expect(next.body.error).toBe(blockedMessage('Spam messages'));
      expect(next.body.details).toEqual({ blocked: true, reason: 'Spam messages' });
      expect((await client.get('/api/notifications/unread-count')).status).toBe(403);

      // Signing in again is refused with the same message.
      const retry = new ApiClient(stack.gatewayUrl);
      await expect(signIn(retry, email)).rejects.toThrow(/403/);

      const event = await waitFor(async () =>
        recorder.find(
          (e) =>
            e.type === 'user_status_changed' &&
            e.key === (e.data as { userId: string }).userId &&
            (e.data as { email: string }).email === email,
        ),
      );
      expect(event.data).toMatchObject({ status: 'Block', status_reason: 'Spam messages' });

      // The admin may type the 10 digits without the country code.
      const unblocked = await admin.post('/api/auth/update-user-status', {
        phoneNumber: phone.slice(-10),
        status: 'Active',
        status_reason: 'Appeal accepted',
      });
      expect(unblocked.status).toBe(200);
      const back = new ApiClient(stack.gatewayUrl);
      const restored = await signIn(back, email);
      expect(restored).toMatchObject({ email_address: email, is_registered: true, fullname: user.fullname });
      expect((await back.get('/api/auth/user-info')).status).toBe(200);
    } finally {
      await recorder.stop();
    }
  });
});

test('a fresh visitor is not an admin', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const user = await signIn(client, freshEmail());
  expect(user.is_admin).toBe(false);
});
