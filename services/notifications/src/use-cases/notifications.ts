/**
 * The signed-in user's notifications: everything is the caller's own feed document (`_id` = the caller's
 * id), so no call can reach another user's notifications, and each is one or two `_id` operations.
 */
import { notificationLink, notificationText, type Identity, type Notification } from '@safarsaathi/contracts';
import { notFound, revisedWrite, type DocumentLocks } from '@safarsaathi/platform';
import {
  feedLockKey,
  mergeIntoFeed,
  newNotificationId,
  sourceId,
  type FeedItem,
  type NewNotification,
  type NotificationFeed,
  type NotificationStore,
} from '../persistence/notifications';

export interface NotificationDepsForUseCases extends NotificationStore {
  locks: DocumentLocks;
}

function toView(item: FeedItem): Notification {
  return {
    notification_id: item.id,
    notification_type: item.notification_type,
    service_type: item.service_type,
    title: item.title,
    message: item.message,
    created_at: new Date(item.created_at).toISOString(),
    is_read: item.is_read,
    ...(item.text ? { text: item.text } : {}),
    link: notificationLink(item.text, item.notification_type),
  };
}

const feedOf = (deps: NotificationStore, userId: string) =>
  deps.feeds.findOne({ _id: userId }).lean<NotificationFeed>();

export async function listNotifications(
  deps: NotificationStore,
  identity: Identity,
  limit: number,
): Promise<Notification[]> {
  const feed = await feedOf(deps, identity.userId);
  return (feed?.items ?? []).slice(0, limit).map(toView);
}

export async function unreadCount(
  deps: NotificationStore,
  identity: Identity,
): Promise<{ unread_count: number }> {
  const feed = await feedOf(deps, identity.userId);
  const listed = (feed?.items ?? []).filter((item) => !item.is_read).length;
  return { unread_count: listed + (feed?.unreadEvicted ?? 0) };
}

export async function markAllRead(
  deps: NotificationDepsForUseCases,
  identity: Identity,
): Promise<{ success: true }> {
  await revisedWrite(deps.feeds, deps.locks, feedLockKey(identity.userId), identity.userId, (feed) => {
    if (!feed || (feed.unreadEvicted === 0 && feed.items.every((item) => item.is_read))) return null;
    return { $set: { items: feed.items.map((item) => ({ ...item, is_read: true })), unreadEvicted: 0 } };
  });
  return { success: true };
}

/** An id that is not in the caller's own feed (another user's, or none) answers 404. */
export async function markRead(
  deps: NotificationDepsForUseCases,
  identity: Identity,
  id: string,
): Promise<{ success: true }> {
  await revisedWrite(deps.feeds, deps.locks, feedLockKey(identity.userId), identity.userId, (feed) => {
    const item = feed?.items.find((candidate) => candidate.id === id);
    if (!feed || !item) throw notFound('Notification not found');
    if (item.is_read) return null;
    return {
      $set: {
        items: feed.items.map((candidate) =>
          candidate.id === id ? { ...candidate, is_read: true } : candidate,
        ),
      },
    };
  });
  return { success: true };
}

/**
 * Creates the notification once per (user, source): its source document is created first (or found, when
 * an earlier attempt made it) and fixes the id and time; the feed then takes the item unless it holds it
 * already. A crash between the two writes is finished by the redelivered event. Answers the id when the
 * feed took it now, else null.
 */
export async function addNotification(
  deps: NotificationDepsForUseCases,
  notification: NewNotification,
): Promise<string | null> {
  const { userId, sourceKey } = notification;
  const key = sourceId(userId, sourceKey);
  let source = { notificationId: newNotificationId(), created_at: new Date() };
  try {
    await deps.sources.create({ _id: key, ...source });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    const found = await deps.sources.findOne({ _id: key }).lean();
    if (!found) throw error;
    source = { notificationId: found.notificationId, created_at: found.created_at };
  }
  // Indexed before the feed names them: a crash in between leaves an index entry pointing at nothing.
  for (const mentioned of new Set((notification.mentions ?? []).map((mention) => mention.userId))) {
    await deps.mentions.updateOne({ _id: mentioned }, { $addToSet: { feeds: userId } }, { upsert: true });
  }
  const item: FeedItem = {
    id: source.notificationId,
    sourceKey,
    notification_type: notification.notification_type,
    service_type: notification.service_type,
    // The stored title and message stay the English text (spec §3); the key lets each reader read it in theirs.
    ...notificationText(notification.text),
    text: notification.text,
    is_read: false,
    // An updated notice is as new as its latest revision (so it comes back to the top, unread).
    created_at: notification.revision ? new Date(notification.revision) : source.created_at,
    ...(notification.revision ? { revision: notification.revision } : {}),
    ...(notification.mentions?.length ? { mentions: notification.mentions } : {}),
  };
  const { changed } = await revisedWrite(deps.feeds, deps.locks, feedLockKey(userId), userId, (feed) => {
    if (feed?.deleted) return null;
    const shown = feed?.items.find((candidate) => candidate.id === item.id);
    // A newer revision replaces the notice it updates; anything else already shown stays as it is.
    const replaces = shown && item.revision !== undefined && (shown.revision ?? '') < item.revision;
    const base = replaces
      ? { ...feed!, items: feed!.items.filter((candidate) => candidate.id !== item.id) }
      : feed;
    const merged = mergeIntoFeed(base, [item]);
    return merged ? { $set: merged } : null;
  });
  return changed ? item.id : null;
}

/** A notice without the values that name `userId` (their case id stands in), or the item as it was. */
export function withoutMentionOf(item: FeedItem, userId: string): FeedItem {
  const theirs = (item.mentions ?? []).filter((mention) => mention.userId === userId);
  if (theirs.length === 0 || !item.text) return item;
  const params = { ...item.text.params };
  for (const mention of theirs) {
    delete params[mention.param];
    if (mention.caseid && !params.otherCaseid) params.otherCaseid = mention.caseid;
  }
  const text = { ...item.text, params };
  const mentions = item.mentions!.filter((mention) => mention.userId !== userId);
  const { mentions: _all, ...rest } = item;
  return { ...rest, ...notificationText(text), text, ...(mentions.length > 0 ? { mentions } : {}) };
}

/**
 * Erasure (issue 40): the notices in other users' feeds that name `userId` (a partner's first name) lose
 * that name; found through the mention index by `_id`, which goes too. Idempotent.
 */
export async function forgetMentionsOf(deps: NotificationDepsForUseCases, userId: string): Promise<void> {
  const index = await deps.mentions.findOne({ _id: userId }).lean();
  for (const owner of index?.feeds ?? []) {
    await revisedWrite(deps.feeds, deps.locks, feedLockKey(owner), owner, (feed) => {
      if (!feed) return null;
      const items = feed.items.map((item) => withoutMentionOf(item, userId));
      return items.some((item, i) => item !== feed.items[i]) ? { $set: { items } } : null;
    });
  }
  if (index) await deps.mentions.deleteOne({ _id: userId });
}

/** user_deleted: the feed becomes an empty tombstone (a late event adds nothing to it). */
export async function deleteNotificationsOf(
  deps: NotificationDepsForUseCases,
  userId: string,
): Promise<void> {
  await revisedWrite(deps.feeds, deps.locks, feedLockKey(userId), userId, (feed) =>
    feed?.deleted ? null : { $set: { items: [], unreadEvicted: 0, deleted: true } },
  );
}
