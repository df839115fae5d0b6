/** Notifications through the gateway: created from events, scoped per user. */
import { createSignedInUser, waitFor, type ApiClient } from '@safarsaathi/platform/src/testing';
import type { Notification } from '@safarsaathi/contracts';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const list = async (client: ApiClient) =>
  (await client.get<Notification[]>('/api/notifications?limit=10')).body;
const unread = async (client: ApiClient) =>
  (await client.get<{ unread_count: number }>('/api/notifications/unread-count')).body.unread_count;

test('a registered user gets a welcome notification; another user cannot see or touch it', async () => {
  const asha = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const ravi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nair' });

  const ashas = await waitFor(async () => {
    const items = await list(asha.client);
    return items.length > 0 ? items : undefined;
  }, 20_000);
  expect(ashas).toHaveLength(1);
  expect(ashas[0]).toMatchObject({
    notification_type: 'other',
    service_type: 'profile',
    is_read: false,
    title: 'Welcome to SafarSaathi!',
  });
  await waitFor(async () => ((await list(ravi.client)).length > 0 ? true : undefined), 20_000);
  expect(await unread(asha.client)).toBe(1);

  // Ravi cannot mark Asha's notification, and does not see it.
  const foreign = await ravi.client.put(`/api/notifications/${ashas[0]!.notification_id}/read`);
  expect(foreign.status).toBe(404);
  expect((await list(ravi.client)).map((n) => n.notification_id)).not.toContain(ashas[0]!.notification_id);
  expect(await unread(asha.client)).toBe(1);

  const own = await asha.client.put(`/api/notifications/${ashas[0]!.notification_id}/read`);
  expect(own.status).toBe(200);
  expect(await unread(asha.client)).toBe(0);
  expect((await list(asha.client))[0]!.is_read).toBe(true);
  expect(await unread(ravi.client)).toBe(1);
});

test('changing the help preference notifies; mark all read clears the count', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  expect((await client.put('/users/help-preference', { helpPreference: 'want_to_help' })).status).toBe(200);
  const items = await waitFor(async () => {
    const all = await list(client);
    return all.some((n) => n.notification_type === 'profile_updated') && all.length >= 2 ? all : undefined;
  }, 20_000);
  expect(items.find((n) => n.notification_type === 'profile_updated')).toMatchObject({
    title: 'Profile updated',
    message: 'Your help preference has been saved.',
  });
  expect(await unread(client)).toBe(2);
  expect((await client.put('/api/notifications/mark-all-read')).status).toBe(200);
  expect(await unread(client)).toBe(0);
});

test('signed out: 401; bad input: 4xx with the error shape', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  expect((await client.get('/api/notifications?limit=500')).status).toBe(400);
  expect((await client.put('/api/notifications/not-an-id/read')).body).toEqual({
    error: 'Notification not found',
  });
  await client.post('/api/auth/logout');
  const anonymous = await client.get('/api/notifications/unread-count');
  expect(anonymous.status).toBe(401);
  expect(typeof anonymous.body.error).toBe('string');
});
