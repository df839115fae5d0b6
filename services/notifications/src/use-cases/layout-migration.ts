/**
 * The start-up step from the old layout (one `notifications` document per notification, `recipients`
 * keyed by ObjectId with a `userId` field; both read by non-`_id` filters) to the `_id` layout
 * (persistence/notifications.ts, persistence/recipients.ts). Runs once per database through platform's
 * runStartupMigration (a Redis lease, a marker when finished), before the service consumes or serves.
 * Idempotent: a recipient is merged field by field; an old notification gets its source document first,
 * so a re-run knows it (merged by id, not counted twice when it does not fit the feed); a source document
 * already naming another notification (created since the upgrade) wins over the old one. The old
 * collections are dropped at the end, so a deleted user's old data does not outlive the upgrade; should
 * an instance of the previous version write them again, the next start runs the step again.
 */
import type { Connection } from 'mongoose';
import type { Locale, Notification } from '@safarsaathi/contracts';
import {
  collectionExists,
  insertIgnoringDuplicates,
  revisedWrite,
  runStartupMigration,
  type DocumentLocks,
  type Logger,
  type Redis,
} from '@safarsaathi/platform';
import {
  feedLockKey,
  mergeIntoFeed,
  sourceId,
  type FeedItem,
  type NotificationStore,
} from '../persistence/notifications';
import { mergeOldRecipient, type RecipientStore } from '../persistence/recipients';

export const NOTIFICATIONS_LAYOUT_MIGRATION = 'notifications-by-id-1';
export const OLD_NOTIFICATIONS = 'notifications';
export const OLD_RECIPIENTS = 'recipients';

interface OldNotification {
  _id: unknown;
  userId: string;
  sourceKey: string;
  notification_type: Notification['notification_type'];
  service_type: Notification['service_type'];
  title: string;
  message: string;
  is_read?: boolean;
  created_at: Date;
}

interface OldRecipient {
  userId?: string;
  email?: string;
  fullname?: string;
  emailConsent?: boolean;
  locale?: Locale;
  localeChangedAt?: Date;
}

export interface LayoutMigrationDeps {
  mongo: Connection;
  redis: Redis;
  logger: Logger;
  locks: DocumentLocks;
  notifications: NotificationStore;
  recipients: RecipientStore;
}

export async function migrateRecipients(deps: LayoutMigrationDeps): Promise<number> {
  if (!(await collectionExists(deps.mongo, OLD_RECIPIENTS))) return 0;
  let merged = 0;
  for await (const old of deps.mongo.db!.collection<OldRecipient>(OLD_RECIPIENTS).find({})) {
    if (!old.userId) continue;
    await mergeOldRecipient(deps.recipients, old.userId, {
      email: old.email,
      fullname: old.fullname,
      emailConsent: old.emailConsent,
      locale: old.locale,
      localeChangedAt: old.localeChangedAt,
    });
    merged += 1;
  }
  return merged;
}

export async function migrateNotifications(
  deps: LayoutMigrationDeps,
): Promise<{ users: number; notifications: number }> {
  if (!(await collectionExists(deps.mongo, OLD_NOTIFICATIONS))) return { users: 0, notifications: 0 };
  const byUser = new Map<string, FeedItem[]>();
  for await (const old of deps.mongo.db!.collection<OldNotification>(OLD_NOTIFICATIONS).find({})) {
    const items = byUser.get(old.userId) ?? [];
    items.push({
      id: String(old._id),
      sourceKey: old.sourceKey,
      notification_type: old.notification_type,
      service_type: old.service_type,
      title: old.title,
      message: old.message,
      is_read: old.is_read === true,
      created_at: old.created_at,
    });
    byUser.set(old.userId, items);
  }
  let count = 0;
  for (const [userId, items] of byUser) {
    const existing = new Set(
      await insertIgnoringDuplicates(
        deps.mongo,
        deps.notifications.sources.collection.collectionName,
        items.map((item) => ({
          _id: sourceId(userId, item.sourceKey),
          notificationId: item.id,
          created_at: item.created_at,
        })),
      ),
    );
    // A source that exists already names either this notification (an earlier run: seen before, so not
    // counted again if it does not fit) or one created since the upgrade from the same cause (a redelivered
    // event: then that one is the notification, and the old one is left out).
    const firstSeen: FeedItem[] = [];
    const seenBefore: FeedItem[] = [];
    for (const item of items) {
      const key = sourceId(userId, item.sourceKey);
      if (!existing.has(key)) {
        firstSeen.push(item);
        continue;
      }
      const source = await deps.notifications.sources.findOne({ _id: key }).lean();
      if (!source || source.notificationId === item.id) seenBefore.push(item);
    }
    const kept = [...firstSeen, ...seenBefore];
    await revisedWrite(deps.notifications.feeds, deps.locks, feedLockKey(userId), userId, (feed) => {
      if (feed?.deleted) return null;
      const withNew = mergeIntoFeed(feed, firstSeen, { firstSeen: true }) ?? feed;
      const merged = mergeIntoFeed(withNew, seenBefore) ?? withNew;
      return merged === feed || !merged
        ? null
        : { $set: { items: merged.items, unreadEvicted: merged.unreadEvicted } };
    });
    count += kept.length;
  }
  return { users: byUser.size, notifications: count };
}

/** Runs the migration once per database (waits while another instance runs it). */
export async function migrateToIdLayout(deps: LayoutMigrationDeps): Promise<void> {
  const oldLayoutWritten = async () =>
    (await collectionExists(deps.mongo, OLD_NOTIFICATIONS)) ||
    (await collectionExists(deps.mongo, OLD_RECIPIENTS));
  await runStartupMigration(
    deps,
    NOTIFICATIONS_LAYOUT_MIGRATION,
    async () => {
      const recipients = await migrateRecipients(deps);
      const notifications = await migrateNotifications(deps);
      // Only once everything is merged: a crash before this leaves them for the next start's run.
      for (const name of [OLD_NOTIFICATIONS, OLD_RECIPIENTS]) {
        if (await collectionExists(deps.mongo, name)) await deps.mongo.db!.dropCollection(name);
      }
      return { recipients, ...notifications };
    },
    { alsoWhen: oldLayoutWritten },
  );
}
