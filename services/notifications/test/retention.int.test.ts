/**
 * Notification retention (issue 40) with a movable clock: a read notice goes 180 days after it was sent,
 * with its source record; an unread one stays; nothing goes before its time. The job is a scheduler on the
 * service's retention queue.
 */
import { Queue } from 'bullmq';
import { retentionQueueName, type Notification } from '@safarsaathi/contracts';
import { createSignedInUser, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { notificationStore, sourceId, type NotificationFeed } from '../src/persistence/notifications';
import type { NotificationDepsForUseCases } from '../src/use-cases/notifications';
import { expireReadNotifications } from '../src/use-cases/retention';

const DAY = 86_400_000;
let stack: TestStack;
let deps: NotificationDepsForUseCases;
beforeAll(async () => {
  stack = await startTestStack();
  deps = { ...notificationStore(stack.notifications.deps.mongo), locks: stack.notifications.deps.locks };
});
afterAll(() => stack?.stop());

test('a read notice goes 180 days after it was sent; an unread one stays', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const userId = String((await stack.auth.deps.mongo.collection('users').findOne({ email }))!._id);
  const list = async () => (await client.get<Notification[]>('/api/notifications?limit=50')).body;
  // The welcome notice, and a second one (the help preference) that stays unread.
  const [welcome] = await waitFor(async () => ((await list()).length > 0 ? list() : undefined), 20_000);
  expect((await client.put(`/api/notifications/${welcome!.notification_id}/read`)).status).toBe(200);
  expect((await client.put('/users/help-preference', { helpPreference: 'want_to_help' })).status).toBe(200);
  const unread = await waitFor(async () => (await list()).find((item) => !item.is_read), 20_000);
  const sent = Date.parse(welcome!.created_at);

  expect(await expireReadNotifications(deps, new Date(sent + 179 * DAY))).toEqual({
    feeds: 0,
    notifications: 0,
  });
  expect((await list()).map((item) => item.notification_id)).toContain(welcome!.notification_id);

  const done = await expireReadNotifications(deps, new Date(sent + 181 * DAY));
  expect(done.notifications).toBeGreaterThanOrEqual(1);
  expect((await list()).map((item) => item.notification_id)).toEqual([unread.notification_id]);
  const feed = await deps.feeds.findOne({ _id: userId }).lean<NotificationFeed>();
  expect(JSON.stringify(feed)).not.toContain(welcome!.notification_id);
  expect(await deps.sources.findOne({ _id: sourceId(userId, 'welcome') }).lean()).toBeNull();
});

test('the job is scheduled on the notifications service’s retention queue', async () => {
  const queue = new Queue(retentionQueueName('notifications'), {
    connection: stack.notifications.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
  try {
    expect((await queue.getJobSchedulers()).map((scheduler) => scheduler.key)).toEqual([
      'read-notifications',
    ]);
  } finally {
    await queue.close();
  }
});
