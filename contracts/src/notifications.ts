/** Notification payloads (spec §3 Notification, §7). */
import { z } from 'zod';
import type { Locale } from './locale';
import { serverTexts, type ServerTexts } from './texts';
import { fillText, placeholdersOf } from './texts/fill';
import { INTL_LOCALE } from './locale';

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
  'offer_created',
  'request_cancelled',
  'match_found',
  'complete_match_found',
  'match_found_provide',
  'complete_match_found_provide',
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
 * The trip a notice is about, as a reader says it in `locale`: "AI 105, 16 Dec", or the route with the date
 * ("DEL → EWR, 16 Dec") or the dates of a yet-to-book trip ("DEL → EWR, 10–14 Dec"). From the params
 * `flight`, `date`, `dateTo`, `from` and `to`; empty when there is nothing to say.
 */
export function tripLabel(params: Readonly<Record<string, string>>, locale: Locale = 'en'): string {
  const day = (iso: string | undefined) => {
    if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
    // English says the day first, as the product's dates do ('16 Dec'; en-US would say 'Dec 16').
    const tag = locale === 'en' ? 'en-GB' : INTL_LOCALE[locale];
    return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  };
  const when =
    params.dateTo && params.dateTo !== params.date
      ? `${day(params.date)}–${day(params.dateTo)}`
      : day(params.date);
  const what = params.flight || (params.from && params.to ? `${params.from} → ${params.to}` : '');
  return [what, when].filter(Boolean).join(', ');
}

/**
 * A notification's title and message from one language's templates (server texts, `texts/<locale>.ts`),
 * with the trip said in that language (`{{trip}}`, tripLabel). Null when the template needs a value the
 * notice does not have: a notice stored before its words named people shows its stored English instead.
 * The web passes the templates of the language it loaded.
 */
export function fillNotificationText(
  text: NotificationText,
  templates: ServerTexts['notifications'],
  locale: Locale = 'en',
): { title: string; message: string } | null {
  const { title, message } = templates[text.key];
  const values: Record<string, string> = { ...text.params };
  values.trip ??= tripLabel(text.params, locale);
  if (
    [...placeholdersOf(title), ...placeholdersOf(message)].some(
      (name) => name !== 'product' && !(name in values),
    )
  )
    return null;
  return { title: fillText(title, values), message: fillText(message, values) };
}

/** A notification's title and message in `locale` (English where that language has no texts yet). */
export function notificationText(
  text: NotificationText,
  locale: Locale = 'en',
): { title: string; message: string } {
  const templates = serverTexts(locale).notifications;
  const filled = fillNotificationText(text, templates, locale);
  if (filled) return filled;
  // A notice whose values lack the names (an event from before notices named people): the case ids stand
  // in for the people, and an unknown trip is left out, so no placeholder ever shows.
  const { caseid = '', otherCaseid = '' } = text.params;
  const values = {
    other: otherCaseid || caseid,
    traveller: caseid,
    companion: otherCaseid,
    former: otherCaseid,
    trip: tripLabel(text.params, locale),
    ...text.params,
  };
  const tidy = (template: string) =>
    fillText(template, values)
      .replace(/\{\{\w+\}\}/g, '')
      .replace(/\s*\(\s*\)/g, '');
  return { title: tidy(templates[text.key].title), message: tidy(templates[text.key].message) };
}

/**
 * Where tapping a notice takes its reader, in the app: the request it is about (the companion screen opens
 * that card), the profile, the dashboard, or the support case. Derived from what the notice says, so every
 * notice has one, those stored before links included.
 */
export function notificationLink(
  text: NotificationText | undefined,
  type: z.infer<typeof notificationTypeSchema>,
): string {
  const params = text?.params ?? {};
  if (text?.key === 'welcome') return '/dashboard';
  if ((text?.key as string | undefined) === 'support_reply' && params.caseId)
    return `/help-support?case=${encodeURIComponent(params.caseId)}`;
  if (params.caseid) return `/companion-service?request=${encodeURIComponent(params.caseid)}`;
  if (type === 'profile_updated' || text?.key === 'help_preference_saved') return '/profile';
  return type === 'other' && !text ? '/dashboard' : '/companion-service';
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
  /** The in-app path of what it is about: tapping it in the bell opens that place and marks it read. */
  link: z.string(),
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
  message: (params: Record<string, string>) => notificationText({ key: 'match_released', params }).message,
} as const;
