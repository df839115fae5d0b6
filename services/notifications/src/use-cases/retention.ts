/**
 * Notification retention (issue 40; the data catalogue's `notifications`, 180 days): a notice its reader has
 * read goes 180 days after it was sent, with its source record (which only kept it from being created twice;
 * an event that old is not delivered again). Unread notices stay until read: they are news not yet seen.
 */
import { retentionMs } from '@safarsaathi/contracts';
import { revisedWrite, type RetentionJob } from '@safarsaathi/platform';
import { feedLockKey, sourceId, type FeedItem } from '../persistence/notifications';
import type { NotificationDepsForUseCases } from './notifications';

export async function expireReadNotifications(
  deps: NotificationDepsForUseCases,
  now: Date,
): Promise<{ feeds: number; notifications: number }> {
  const cutoff = now.getTime() - retentionMs('notifications');
  const expired = (item: FeedItem) => item.is_read && new Date(item.created_at).getTime() < cutoff;
  // Only the feeds' ids and items: FerretDB reads the collection whole for any filter anyway.
  const feeds = await deps.feeds.find({}, { _id: 1 }).lean<Array<{ _id: string }>>();
  let touched = 0;
  let removed = 0;
  for (const { _id: userId } of feeds) {
    let gone: FeedItem[] = [];
    const { changed } = await revisedWrite(deps.feeds, deps.locks, feedLockKey(userId), userId, (feed) => {
      gone = (feed?.items ?? []).filter(expired);
      return gone.length > 0 ? { $set: { items: feed!.items.filter((item) => !expired(item)) } } : null;
    });
    if (!changed) continue;
    touched += 1;
    removed += gone.length;
    for (const item of gone) await deps.sources.deleteOne({ _id: sourceId(userId, item.sourceKey) });
  }
  return { feeds: touched, notifications: removed };
}

export function notificationRetentionJobs(deps: NotificationDepsForUseCases): RetentionJob[] {
  return [{ name: 'read-notifications', run: (now) => expireReadNotifications(deps, now) }];
}
