/** Notification payloads (spec §3 Notification, §7). */
import { z } from 'zod';

export const notificationTypeSchema = z.enum(['request_created', 'request_cancelled', 'match_found', 'profile_updated', 'other']);
export const notificationServiceTypeSchema = z.enum(['document', 'ride', 'companion', 'profile']);

export const notificationSchema = z.object({
  notification_id: z.string(),
  notification_type: notificationTypeSchema,
  service_type: notificationServiceTypeSchema,
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
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
  title: 'Your match has changed',
  message: (caseid: string) =>
    `The traveller matched with your companion request ${caseid} is now paired with someone on their exact flight. Your request is open again, and we will tell you when a new match is found.`,
} as const;
