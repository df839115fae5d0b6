/**
 * The start-up migration to the `_id` layout: notifications and recipients written by the old layout are
 * in everyone's feed and found by `_id` after the upgrade, with two instances starting at once, and a
 * second start changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { LAYOUT_MIGRATIONS_COLLECTION, connectMongo, type RunningService } from '@safarsaathi/platform';
import { testDatabase } from '@safarsaathi/platform/src/testing';
import { testEnv } from '../../../test/stack';
import { startNotificationsService } from '../src/app';
import { NOTIFICATION_FEED_SIZE, notificationStore, sourceId } from '../src/persistence/notifications';
import { findRecipient, recipientModel } from '../src/persistence/recipients';
import { NOTIFICATIONS_LAYOUT_MIGRATION } from '../src/use-cases/layout-migration';
import {
  listNotifications,
  markRead,
  unreadCount,
  type NotificationDepsForUseCases,
} from '../src/use-cases/notifications';

const database = testDatabase(`notifications_migration_${randomUUID().slice(0, 6)}`);
let db: Connection;
let services: RunningService[] = [];

// A consumer group and queues of their own: these instances must not take another test's events or jobs.
const env = () =>
  testEnv({
    MONGO_DB: database,
    KAFKA_GROUP_SUFFIX: `-migration-${randomUUID().slice(0, 6)}`,
    QUEUE_PREFIX: `bull-migration-${randomUUID().slice(0, 6)}`,
  });

beforeAll(async () => {
  db = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', database);
});
afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  await db?.dropDatabase().catch(() => undefined);
  await db?.close();
});

const identityOf = (userId: string) => ({
  userId,
  email: `${userId}@example.test`,
  role: 'user' as const,
  sessionId: 's',
  iat: Date.now(),
});
// Old notices from a month ago: read ones older than 180 days would meet the retention job (issue 40) instead.
const OLD_LAYOUT_AT = Date.now() - 30 * 86_400_000;
const RENEWED_AT = new Date(OLD_LAYOUT_AT + 7 * 86_400_000);

const old = (userId: string, index: number, isRead: boolean) => ({
  _id: new Types.ObjectId(),
  userId,
  sourceKey: `old:${index}`,
  notification_type: 'other',
  service_type: 'profile',
  title: `Old ${index}`,
  message: `Old message ${index}`,
  is_read: isRead,
  created_at: new Date(OLD_LAYOUT_AT + index * 60_000),
});

test('old-layout notifications and recipients join the feeds and `_id` recipients at start, once, with two instances starting together', async () => {
  const asha = `old-asha-${randomUUID().slice(0, 6)}`;
  const ravi = `old-ravi-${randomUUID().slice(0, 6)}`;
  // The old layout as the previous version wrote it, its unique indexes included.
  await db.collection('recipients').createIndex({ userId: 1 }, { unique: true });
  await db.collection('recipients').insertMany([
    {
      _id: new Types.ObjectId(),
      userId: asha,
      email: 'asha@example.test',
      fullname: 'Asha Rao',
      emailConsent: true,
      locale: 'hi',
      localeChangedAt: new Date('2026-01-02'),
    },
    {
      _id: new Types.ObjectId(),
      userId: ravi,
      email: 'ravi@example.test',
      fullname: 'Ravi Nair',
      emailConsent: false,
      locale: 'en',
    },
  ] as never[]);
  await db.collection('notifications').createIndex({ userId: 1, sourceKey: 1 }, { unique: true });
  // Asha: more than a feed holds; every third one read.
  const ashas = Array.from({ length: NOTIFICATION_FEED_SIZE + 5 }, (_, index) =>
    old(asha, index, index % 3 === 0),
  );
  const ravis = [old(ravi, 0, false), old(ravi, 1, false)];
  await db.collection('notifications').insertMany([...ashas, ...ravis] as never[]);
  // Since the upgrade, an event already created Ravi's `old:1` notice anew (another id): it stays the one.
  const store = notificationStore(db);
  const renewedId = new Types.ObjectId().toHexString();
  await store.sources.create({
    _id: sourceId(ravi, 'old:1'),
    notificationId: renewedId,
    created_at: RENEWED_AT,
  });
  await store.feeds.create({
    _id: ravi,
    rev: 1,
    unreadEvicted: 0,
    items: [
      {
        id: renewedId,
        sourceKey: 'old:1',
        notification_type: 'other',
        service_type: 'profile',
        title: 'Old 1',
        message: 'again',
        is_read: false,
        created_at: RENEWED_AT,
      },
    ],
  });

  services = await Promise.all([startNotificationsService(env()), startNotificationsService(env())]);
  const deps: NotificationDepsForUseCases = {
    ...notificationStore(services[0]!.deps.mongo),
    locks: services[0]!.deps.locks,
  };

  const listed = await listNotifications(deps, identityOf(asha), 50);
  expect(listed).toHaveLength(NOTIFICATION_FEED_SIZE);
  expect(listed[0]).toMatchObject({
    notification_id: String(ashas.at(-1)!._id),
    title: `Old ${NOTIFICATION_FEED_SIZE + 4}`,
    is_read: ashas.at(-1)!.is_read,
  });
  expect(listed.at(-1)!.title).toBe('Old 5');
  // The unread count is what it was before the upgrade, the five oldest included.
  const unreadBefore = ashas.filter((n) => !n.is_read).length;
  expect((await unreadCount(deps, identityOf(asha))).unread_count).toBe(unreadBefore);
  // Old ids still work.
  const someUnread = listed.find((n) => !n.is_read)!;
  await markRead(deps, identityOf(asha), someUnread.notification_id);
  expect((await unreadCount(deps, identityOf(asha))).unread_count).toBe(unreadBefore - 1);

  const ravisFeed = await listNotifications(deps, identityOf(ravi), 50);
  expect(ravisFeed.map((n) => n.notification_id)).toEqual([renewedId, String(ravis[0]!._id)]);

  const recipients = recipientModel(services[1]!.deps.mongo);
  expect(await findRecipient(recipients, asha)).toMatchObject({
    email: 'asha@example.test',
    fullname: 'Asha Rao',
    emailConsent: true,
    locale: 'hi',
  });
  expect(await findRecipient(recipients, ravi)).toMatchObject({
    email: 'ravi@example.test',
    emailConsent: false,
    locale: 'en',
  });

  // The old collections are gone (a deleted user's old data does not outlive the upgrade), and it ran once.
  expect((await db.db!.listCollections({ name: 'notifications' }).toArray()).length).toBe(0);
  expect((await db.db!.listCollections({ name: 'recipients' }).toArray()).length).toBe(0);
  expect(
    await db
      .collection(LAYOUT_MIGRATIONS_COLLECTION)
      .findOne({ _id: NOTIFICATIONS_LAYOUT_MIGRATION as never }),
  ).toMatchObject({
    summary: { recipients: 2, users: 2, notifications: NOTIFICATION_FEED_SIZE + 5 + 1 },
  });

  // A later start changes nothing.
  await Promise.all(services.map((service) => service.stop()));
  services = [await startNotificationsService(env())];
  const again: NotificationDepsForUseCases = {
    ...notificationStore(services[0]!.deps.mongo),
    locks: services[0]!.deps.locks,
  };
  expect((await unreadCount(again, identityOf(asha))).unread_count).toBe(unreadBefore - 1);
  expect((await listNotifications(again, identityOf(ravi), 50)).map((n) => n.notification_id)).toEqual([
    renewedId,
    String(ravis[0]!._id),
  ]);

  // An instance of the previous version writes the old layout again: the next start picks that up too,
  // without counting anything twice.
  const late = { ...old(asha, 999, false), created_at: new Date() };
  await db.collection('notifications').insertOne(late as never);
  await services[0]!.stop();
  services = [await startNotificationsService(env())];
  const third: NotificationDepsForUseCases = {
    ...notificationStore(services[0]!.deps.mongo),
    locks: services[0]!.deps.locks,
  };
  expect((await listNotifications(third, identityOf(asha), 1))[0]).toMatchObject({
    notification_id: String(late._id),
    is_read: false,
  });
  expect((await unreadCount(third, identityOf(asha))).unread_count).toBe(unreadBefore);
  expect((await db.db!.listCollections({ name: 'notifications' }).toArray()).length).toBe(0);
});
