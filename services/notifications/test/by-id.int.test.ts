/**
 * Notifications by `_id` (docs/decisions.md "Notifications and companion by `_id`"): every filter the
 * service sends on its hot paths is one document by `_id`; creating a notification from an event stays
 * idempotent under redelivery and concurrent handling; and two instances writing one user's feed at once
 * (events and mark-all-read) lose nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { QUEUES, type ChatUnreadJob, type EventEnvelope, type Notification } from '@safarsaathi/contracts';
import {
  DocumentLocks,
  EventBus,
  buildEnvelope,
  connectMongo,
  createEmailQueue,
  createLogger,
  createQueue,
} from '@safarsaathi/platform';
import {
  type ApiClient,
  createSignedInUser,
  recordFilters,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import type { Connection } from 'mongoose';
import { startTestStack, type TestStack } from '../../../test/stack';
import { NOTIFICATION_FEED_SIZE, notificationStore } from '../src/persistence/notifications';
import { recipientModel } from '../src/persistence/recipients';
import { chatEmailClaimModel, chatReadModel } from '../src/persistence/chat-unread';
import { checkUnread, type ChatUnreadDeps } from '../src/use-cases/chat-unread';
import {
  addNotification,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  type NotificationDepsForUseCases,
} from '../src/use-cases/notifications';

let stack: TestStack;
let bus: EventBus;
/** A second "instance": a connection and locks of its own on the same database. */
let otherConnection: Connection;
let here: NotificationDepsForUseCases;
let there: NotificationDepsForUseCases;

beforeAll(async () => {
  stack = await startTestStack();
  bus = new EventBus({
    clientId: 'notifications-by-id-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('notifications-by-id-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  const { deps } = stack.notifications;
  otherConnection = await connectMongo(process.env.MONGO_URL!, deps.mongo.name);
  here = { ...notificationStore(deps.mongo), locks: deps.locks };
  there = {
    ...notificationStore(otherConnection),
    locks: new DocumentLocks(deps.redis, deps.locks.enabled, deps.mongo.name),
  };
});
afterAll(async () => {
  await otherConnection?.close();
  await bus?.disconnect();
  await stack?.stop();
});

const identityOf = (userId: string) => ({
  userId,
  email: `${userId}@example.test`,
  role: 'user' as const,
  sessionId: 's',
  iat: Date.now(),
});
async function signedIn(fullname: string) {
  const person = await createSignedInUser(stack.gatewayUrl, { fullname });
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: person.email });
  return { ...person, userId: String(account!._id) };
}
const list = async (client: ApiClient) =>
  (await client.get<Notification[]>('/api/notifications?limit=50')).body;
const unread = async (client: ApiClient) =>
  (await client.get<{ unread_count: number }>('/api/notifications/unread-count')).body.unread_count;

test('every filter of the hot paths (list, count, mark read, events, e-mail look-ups, deletion) is one document by `_id`', async () => {
  const filters = recordFilters(stack.notifications.deps.mongo);
  const { deps } = stack.notifications;
  const emailQueue = createEmailQueue(deps.redis, process.env.QUEUE_PREFIX);
  const unreadQueue: Queue<ChatUnreadJob> = createQueue<ChatUnreadJob>(
    QUEUES.chatUnread,
    deps.redis,
    process.env.QUEUE_PREFIX,
  );
  try {
    const asha = await signedIn('Asha Rao');
    const ravi = await signedIn('Ravi Nair');
    const welcome = await waitFor(async () => (await list(asha.client))[0], 20_000);
    await waitFor(async () => (await list(ravi.client))[0], 20_000);
    const ashaId = asha.userId;
    const raviId = ravi.userId;
    expect(await unread(asha.client)).toBe(1);
    expect((await asha.client.put(`/api/notifications/${welcome.notification_id}/read`)).status).toBe(200);
    expect((await ravi.client.put(`/api/notifications/${welcome.notification_id}/read`)).status).toBe(404);
    expect((await asha.client.put('/users/help-preference', { helpPreference: 'want_to_help' })).status).toBe(
      200,
    );
    await waitFor(async () => ((await list(asha.client)).length === 2 ? true : undefined), 20_000);

    // A match: in-app notices and the e-mail, whose recipient is looked up by `_id`.
    const matchId = `SC-N${randomUUID().slice(0, 6)}:SC-P${randomUUID().slice(0, 6)}`;
    const [needCaseid, provideCaseid] = matchId.split(':') as [string, string];
    await bus.publishEnvelope(
      buildEnvelope(
        'match_found',
        matchId,
        {
          matchId,
          needCaseid,
          needUserId: ashaId,
          provideCaseid,
          provideUserId: raviId,
          match_details: { overall_status: 'match', main_flight: { status: 'same_route' }, layovers: [] },
        },
        'search',
      ),
    );
    await waitFor(
      async () =>
        (await list(ravi.client)).some((n) => n.notification_type === 'match_found') ? true : undefined,
      20_000,
    );
    expect((await asha.client.put('/api/notifications/mark-all-read')).status).toBe(200);
    expect(await unread(asha.client)).toBe(0);

    // The unread-message check looks both people up by `_id`.
    const chatUnread: ChatUnreadDeps = {
      logger: deps.logger,
      locks: deps.locks,
      recipients: recipientModel(deps.mongo),
      reads: chatReadModel(deps.mongo),
      claims: chatEmailClaimModel(deps.mongo),
      emailQueue,
      unreadQueue,
      delayMs: 0,
    };
    const conversationId = `c${randomUUID().replace(/-/g, '').slice(0, 31)}`;
    await checkUnread(chatUnread, {
      conversationId,
      messageId: `${conversationId}-1`,
      seq: 1,
      senderId: raviId,
      recipientId: ashaId,
    });

    expect((await ravi.client.delete('/users/delete-account')).status).toBe(200);
    await waitFor(
      async () => ((await here.feeds.findOne({ _id: raviId }).lean())?.deleted ? true : undefined),
      20_000,
    );
  } finally {
    filters.stop();
    await emailQueue.close();
    await unreadQueue.close();
  }
  expect(filters.calls.length).toBeGreaterThan(15);
  expect(filters.offending({ allowRevision: !stack.notifications.deps.locks.enabled })).toEqual([]);
});

test('a notification is created once per cause: redelivered events and concurrent handling in two instances make one', async () => {
  const { client, userId } = await signedIn('Meera Iyer');
  await waitFor(async () => (await list(client))[0], 20_000);
  const caseid = `SC-${randomUUID().slice(0, 8).toUpperCase()}`;
  const data = {
    caseid,
    ownerId: userId,
    ownerFirstName: 'Meera',
    service_type: 'companion' as const,
    role: 'need' as const,
    from_airport: 'DEL',
    to_airport: 'JFK',
    date: '2030-01-01',
    tentative_from_date: null,
    tentative_to_date: null,
    confirmed_ticket: true,
    airlines: 'Air India',
    flight_number: 'AI 101',
    layovers: [],
    passenger_name: 'Kamala Rao',
    passenger_age: 72,
    passenger_gender: 'female' as const,
    languages_known: 'Hindi',
    companion_price: 0,
    description: null,
    createdAt: new Date().toISOString(),
  };
  const first = buildEnvelope('request_created', caseid, data, 'companion') as EventEnvelope;
  // The same event again, and copies under new ids (past the processed-event markers), as an unblock would send.
  await bus.publishEnvelope(first);
  await bus.publishEnvelope(first);
  await bus.publishEnvelope({ ...first, id: randomUUID() });
  await bus.publishEnvelope({ ...first, id: randomUUID() });
  const created = await waitFor(
    async () => (await list(client)).find((n) => n.notification_type === 'request_created'),
    20_000,
  );
  // The English text as always (spec §3), and its key and values for a reader in another language.
  expect(created).toMatchObject({
    title: 'Request posted',
    message:
      'Your request for Kamala (AI 101, 1 Jan) is posted. We will tell you as soon as we find a companion.',
    text: {
      key: 'request_created',
      params: { caseid, traveller: 'Kamala', flight: 'AI 101', date: '2030-01-01', from: 'DEL', to: 'JFK' },
    },
    link: `/companion-service?request=${caseid}`,
  });
  // And handled at once by two instances, many times.
  const notice = {
    userId,
    sourceKey: `request_created:${caseid}`,
    notification_type: 'request_created' as const,
    service_type: 'companion' as const,
    text: { key: 'request_created' as const, params: { from: 'DEL', to: 'BOM', caseid } },
  };
  const ids = await Promise.all(
    Array.from({ length: 8 }, (_, index) => addNotification(index % 2 ? here : there, notice)),
  );
  expect(ids.every((id) => id === null)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const all = await list(client);
  expect(all.filter((n) => n.notification_type === 'request_created')).toEqual([created]);
  expect(all).toHaveLength(2);
  expect(await unread(client)).toBe(2);
});

test('two instances adding notifications while mark-all-read and mark-one-read run lose nothing', async () => {
  const userId = `concurrent-${randomUUID()}`;
  const identity = identityOf(userId);
  const notice = (index: number) => ({
    userId,
    sourceKey: `test:${index}`,
    notification_type: 'other' as const,
    service_type: 'profile' as const,
    text: { key: 'request_cancelled' as const, params: { caseid: `Notice ${index}` } },
  });
  const count = 24;
  const writes: Array<Promise<unknown>> = [];
  for (let index = 0; index < count; index += 1) {
    writes.push(addNotification(index % 2 ? here : there, notice(index)));
    if (index % 4 === 3) writes.push(markAllRead(index % 8 === 3 ? here : there, identity));
    if (index % 6 === 5) {
      writes.push(
        listNotifications(here, identity, 1).then(async ([newest]) =>
          newest ? markRead(there, identity, newest.notification_id) : undefined,
        ),
      );
    }
  }
  const outcomes = await Promise.allSettled(writes);
  expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

  const listed = await listNotifications(here, identity, 50);
  expect(listed.map((n) => n.text?.params.caseid).sort()).toEqual(
    Array.from({ length: count }, (_, index) => `Notice ${index}`).sort(),
  );
  expect(new Set(listed.map((n) => n.notification_id)).size).toBe(count);
  // Newest first.
  const times = listed.map((n) => Date.parse(n.created_at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect((await unreadCount(there, identity)).unread_count).toBe(listed.filter((n) => !n.is_read).length);

  // A mark-all-read now reads everything, whichever instance wrote what.
  await markAllRead(there, identity);
  expect((await unreadCount(here, identity)).unread_count).toBe(0);
  expect((await listNotifications(here, identity, 50)).every((n) => n.is_read)).toBe(true);
});

test(`a feed keeps the newest ${NOTIFICATION_FEED_SIZE}; older unread ones still count until mark all read`, async () => {
  const userId = `many-${randomUUID()}`;
  const identity = identityOf(userId);
  for (let index = 0; index < NOTIFICATION_FEED_SIZE + 5; index += 1) {
    await addNotification(here, {
      userId,
      sourceKey: `many:${index}`,
      notification_type: 'other',
      service_type: 'profile',
      text: { key: 'request_cancelled', params: { caseid: `N${index}` } },
    });
  }
  const listed = await listNotifications(here, identity, 50);
  expect(listed).toHaveLength(NOTIFICATION_FEED_SIZE);
  expect(listed[0]!.message).toBe(`Your request for N${NOTIFICATION_FEED_SIZE + 4} is cancelled.`);
  expect((await unreadCount(here, identity)).unread_count).toBe(NOTIFICATION_FEED_SIZE + 5);
  // A redelivery of one pushed out is not created again.
  expect(
    await addNotification(there, {
      userId,
      sourceKey: 'many:0',
      notification_type: 'other',
      service_type: 'profile',
      text: { key: 'request_cancelled', params: { caseid: 'N0' } },
    }),
  ).toBeNull();
  expect((await unreadCount(here, identity)).unread_count).toBe(NOTIFICATION_FEED_SIZE + 5);
  await markAllRead(here, identity);
  expect((await unreadCount(here, identity)).unread_count).toBe(0);
});
