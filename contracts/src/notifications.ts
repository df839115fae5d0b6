/** Notification payloads (spec §3 Notification, §7). */
import { z } from 'zod';
import type { Locale } from './locale';
import { serverTexts, type ServerTexts } from './texts';
import { fillText } from './texts/fill';

export const notificationTypeSchema = z.enum([
  'request_created',
  'request_cancelled',
  'match_found',
  'profile_updated',
  'meeting_set',
  'trip_milestone',
  'match_released',
  'trip_reminder',
  /** Support replied to a case the reader filed (issue 38). */
  'support_reply',
  'other',
]);
export const notificationServiceTypeSchema = z.enum(['document', 'ride', 'companion', 'profile', 'support']);

/**
 * What a notification says, as a key and its values, so each reader sees it in their language whenever they
 * read it (the stored `title` and `message` stay the English text, spec §3). Notifications stored before
 * this existed have none and show their English text.
 */
export const NOTIFICATION_TEXT_KEYS = [
  'welcome',
  'profile_updated',
  'help_preference_saved',
  'request_created',
  'request_cancelled',
  'match_found',
  'complete_match_found',
  'match_released',
  'match_released_language',
  'flight_changed',
  'flight_changed_self',
  'companion_left',
  'companion_left_unnamed',
  'traveller_left',
  'traveller_left_unnamed',
  'match_released_restored',
  'meeting_set',
  'meeting_updated',
  'milestone_met',
  'milestone_boarded',
  'milestone_landed',
  'milestone_handed_over',
  'trip_reminder',
  'trip_reminder_no_time',
  'support_reply',
] as const;
export type NotificationTextKey = (typeof NOTIFICATION_TEXT_KEYS)[number];
export const notificationTextSchema = z.object({
  key: z.enum(NOTIFICATION_TEXT_KEYS),
  /** Values of the text's {{placeholders}}: case ids, airport codes, flights, dates, times and zone names. */
  params: z.record(z.string(), z.string()),
});
export type NotificationText = z.infer<typeof notificationTextSchema>;

/**
 * A notification's title and message from one language's templates (server texts, `texts/<locale>.ts`);
 * a placeholder without a value stays as written. The web passes the templates of the language it loaded.
 */
export function fillNotificationText(
  text: NotificationText,
  templates: ServerTexts['notifications'],
): { title: string; message: string } {
  const { title, message } = templates[text.key];
  return { title: fillText(title, text.params), message: fillText(message, text.params) };
}

/** A notification's title and message in `locale` (English where that language has no texts yet). */
export function notificationText(
  text: NotificationText,
  locale: Locale = 'en',
): { title: string; message: string } {
  return fillNotificationText(text, serverTexts(locale).notifications);
}

export const notificationSchema = z.object({
  notification_id: z.string(),
  notification_type: notificationTypeSchema,
  service_type: notificationServiceTypeSchema,
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
  text: notificationTextSchema.optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The most notifications one list call answers (the notifications service keeps this many per user). */
export const NOTIFICATION_LIST_MAX = 50;

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be between 1 and ${NOTIFICATION_LIST_MAX}`)
    .max(NOTIFICATION_LIST_MAX, `limit must be between 1 and ${NOTIFICATION_LIST_MAX}`)
    .default(10),
});
export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const unreadCountSchema = z.object({ unread_count: z.number().int().nonnegative() });

/** The in-app notice to a traveller whose match was released (docs/decisions.md "Re-matching"). */
export const MATCH_RELEASED_TEXTS = {
  get title() {
    return notificationText({ key: 'match_released', params: {} }).title;
  },
  message: (caseid: string) => notificationText({ key: 'match_released', params: { caseid } }).message,
} as const;
