/**
 * In-app notifications, read and written by `_id` only (docs/decisions.md "Notifications and companion by
 * `_id`"): on FerretDB any other filter reads the whole collection.
 *
 * - `notification_feeds`, `_id` = user id: the user's newest NOTIFICATION_FEED_SIZE notifications, newest
 *   first, plus the number of unread ones that fell off the end, so the list, the unread count, mark one
 *   read and mark all read are each one document. Written with `revisedWrite` (a Redis lock per feed on
 *   FerretDB, a revision check on MongoDB), so two instances, an event handler and a mark-all-read never
 *   lose each other's updates. A deleted user's feed stays as an empty tombstone, so a late event of
 *   another topic (a match) does not bring it back.
 * - `notification_sources`, `_id` = `${userId}|${sourceKey}`: one per (user, cause) ever notified, with the
 *   notification's id and time. Created first, it makes creation idempotent for good (also after the
 *   notification has left the feed) and gives a retried creation the same id and time, so the feed's
 *   order does not depend on when an event is handled again.
 */
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { NOTIFICATION_LIST_MAX, type Notification, type NotificationText } from '@safarsaathi/contracts';
import type { Revised } from '@safarsaathi/platform';

/** Only this many can ever be listed (the list endpoint's largest `limit`), so no more are kept. */
export const NOTIFICATION_FEED_SIZE = NOTIFICATION_LIST_MAX;

export interface FeedItem {
  /** The API's notification_id (an ObjectId's hex, as before). */
  id: string;
  sourceKey: string;
  notification_type: Notification['notification_type'];
  service_type: Notification['service_type'];
  title: string;
  message: string;
  /** What it says as a key and values, for the reader's language (none on notifications from before). */
  text?: NotificationText;
  is_read: boolean;
  created_at: Date;
  /** An updatable notice (one per trip's meeting point): the newest revision replaces it, unread again. */
  revision?: string;
  /** The other people its words name (issue 40): erased, their names leave it (see `Mention`). */
  mentions?: Mention[];
}

/**
 * A value of a notice's words that names someone else (a partner's first name): when that person is erased
 * the value leaves the notice, which then says their request's case id instead (as notices of before names).
 */
export interface Mention {
  param: string;
  userId: string;
  /** The named person's case id, said instead of their name once they are erased. */
  caseid?: string;
}

/**
 * `notification_mentions`, `_id` = a user id: the users whose feeds name that user, so erasing them finds
 * those notices by `_id` (FerretDB reads whole collections for anything else).
 */
export interface MentionIndex {
  _id: string;
  feeds: string[];
}

export interface NotificationFeed extends Revised {
  /** Newest first, at most NOTIFICATION_FEED_SIZE. */
  items: FeedItem[];
  /** Unread notifications pushed out of `items` (still counted as unread until mark all read). */
  unreadEvicted: number;
  /** The user was deleted: nothing is added any more. */
  deleted?: boolean;
}

export interface NotificationSource {
  /** `${userId}|${sourceKey}` */
  _id: string;
  notificationId: string;
  created_at: Date;
}

/** What an event handler says about a new notification. */
export interface NewNotification {
  userId: string;
  sourceKey: string;
  notification_type: Notification['notification_type'];
  service_type: Notification['service_type'];
  /** The key and values; `title` and `message` are its English text (contracts `notificationText`). */
  text: NotificationText;
  /** The values that name other people, by whom (erased with them). */
  mentions?: Mention[];
  /**
   * Set for a notice that says the latest of something that changes (a meeting point): the one notice of
   * its source is replaced by a newer revision (an ISO time, compared as text), never by an older one.
   */
  revision?: string;
}

const feedSchema = new Schema<NotificationFeed>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    items: { type: Schema.Types.Mixed, default: () => [] },
    unreadEvicted: { type: Number, default: 0 },
    deleted: { type: Boolean },
  },
  { collection: 'notification_feeds', versionKey: false, minimize: false },
);

const sourceSchema = new Schema<NotificationSource>(
  {
    _id: { type: String, required: true },
    notificationId: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'notification_sources', versionKey: false },
);

const mentionIndexSchema = new Schema<MentionIndex>(
  {
    _id: { type: String, required: true },
    feeds: { type: [String], default: () => [] },
  },
  { collection: 'notification_mentions', versionKey: false },
);

export type NotificationFeedModel = Model<NotificationFeed>;
export type NotificationSourceModel = Model<NotificationSource>;
export type MentionIndexModel = Model<MentionIndex>;

export interface NotificationStore {
  feeds: NotificationFeedModel;
  sources: NotificationSourceModel;
  mentions: MentionIndexModel;
}

export function notificationStore(connection: Connection): NotificationStore {
  return {
    feeds:
      (connection.models.NotificationFeed as NotificationFeedModel) ??
      connection.model<NotificationFeed>('NotificationFeed', feedSchema),
    sources:
      (connection.models.NotificationSource as NotificationSourceModel) ??
      connection.model<NotificationSource>('NotificationSource', sourceSchema),
    mentions:
      (connection.models.NotificationMention as MentionIndexModel) ??
      connection.model<MentionIndex>('NotificationMention', mentionIndexSchema),
  };
}

export const feedLockKey = (userId: string) => `notification-feed:${userId}`;
export const sourceId = (userId: string, sourceKey: string) => `${userId}|${sourceKey}`;
export const newNotificationId = () => new Types.ObjectId().toHexString();

const newestFirst = (a: FeedItem, b: FeedItem) =>
  new Date(b.created_at).getTime() - new Date(a.created_at).getTime() ||
  (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The feed with `added` merged in (by id: one already there is left as it is), newest first and cut to
 * the feed size; unread ones cut off are counted in `unreadEvicted`. Null when nothing changes.
 *
 * A new notification (`firstSeen: false`, the default) that would fall straight off the end is older
 * than a full feed's oldest: it was listed and pushed out (and counted) before, so it changes nothing.
 * The migration (`firstSeen: true`) adds the old layout's notifications for the first time, so its unread
 * ones that do not fit are counted.
 */
export function mergeIntoFeed(
  current: Pick<NotificationFeed, 'items' | 'unreadEvicted'> | null,
  added: FeedItem[],
  { firstSeen = false }: { firstSeen?: boolean } = {},
): { items: FeedItem[]; unreadEvicted: number } | null {
  const items = current?.items ?? [];
  const known = new Set(items.map((item) => item.id));
  const fresh = added.filter((item) => !known.has(item.id));
  if (fresh.length === 0) return null;
  const freshIds = new Set(fresh.map((item) => item.id));
  const merged = [...items, ...fresh].sort(newestFirst);
  const kept = merged.slice(0, NOTIFICATION_FEED_SIZE);
  if (!firstSeen && kept.every((item) => !freshIds.has(item.id))) return null;
  const unreadCut = merged
    .slice(NOTIFICATION_FEED_SIZE)
    .filter((item) => !item.is_read && (firstSeen || !freshIds.has(item.id))).length;
  return { items: kept, unreadEvicted: (current?.unreadEvicted ?? 0) + unreadCut };
}
