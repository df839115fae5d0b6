/** Notification payloads (spec §3 Notification, §7). */
import { z } from 'zod';
import type { Locale } from './locale';
import { PRODUCT_NAME } from './reference-data';

export const notificationTypeSchema = z.enum([
  'request_created',
  'request_cancelled',
  'match_found',
  'profile_updated',
  'meeting_set',
  'trip_milestone',
  'match_released',
  'trip_reminder',
  'other',
]);
export const notificationServiceTypeSchema = z.enum(['document', 'ride', 'companion', 'profile']);

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
  'meeting_set',
  'milestone_met',
  'milestone_boarded',
  'milestone_landed',
  'milestone_handed_over',
  'trip_reminder',
  'trip_reminder_no_time',
] as const;
export type NotificationTextKey = (typeof NOTIFICATION_TEXT_KEYS)[number];
export const notificationTextSchema = z.object({
  key: z.enum(NOTIFICATION_TEXT_KEYS),
  /** Values of the text's {{placeholders}}: case ids, airport codes, flights, dates, times and zone names. */
  params: z.record(z.string(), z.string()),
});
export type NotificationText = z.infer<typeof notificationTextSchema>;

type Texts = Record<NotificationTextKey, { title: string; message: string }>;

/** The in-app notification texts in English and Hindi; {{name}} is a value from `params`. */
export const NOTIFICATION_TEXTS: Record<Locale, Texts> = {
  en: {
    welcome: {
      title: `Welcome to ${PRODUCT_NAME}!`,
      message: 'Your registration is complete. Create a companion request or offer help on your next flight.',
    },
    profile_updated: { title: 'Profile updated', message: 'Your profile has been updated.' },
    help_preference_saved: { title: 'Profile updated', message: 'Your help preference has been saved.' },
    request_created: {
      title: 'Companion request created',
      message: 'Your companion request from {{from}} to {{to}} has been created. Case ID: {{caseid}}',
    },
    request_cancelled: {
      title: 'Companion request cancelled',
      message: 'Your companion request {{caseid}} has been cancelled.',
    },
    match_found: {
      title: 'Match found!',
      message:
        'Your companion request {{caseid}} has a match: {{otherCaseid}}. Open Companion Service to see the details and start a chat.',
    },
    complete_match_found: {
      title: 'Complete match found!',
      message:
        'Your companion request {{caseid}} has a match: {{otherCaseid}}. Open Companion Service to see the details and start a chat.',
    },
    match_released: {
      title: 'Your match has changed',
      message:
        'The traveller matched with your companion request {{caseid}} is now paired with someone on their exact flight. Your request is open again, and we will tell you when a new match is found.',
    },
    match_released_language: {
      title: 'Your match has changed',
      message:
        'The traveller matched with your companion request {{caseid}} is now paired with someone who speaks their language. Your request is open again, and we will tell you when a new match is found.',
    },
    flight_changed: {
      title: "Your companion's flight changed",
      message:
        'The traveller matched with your companion request {{caseid}} changed their flight, so you are no longer travelling together. Your request is open again, and we will tell you when a new match is found.',
    },
    flight_changed_self: {
      title: 'Your flight change released your match',
      message:
        'You changed the flight of your companion request {{caseid}}, so it no longer matches {{otherCaseid}} and that match has ended. Your request is open again, and we will tell you when a new match is found.',
    },
    meeting_set: {
      title: 'Meeting point set',
      message:
        'Your companion set where and when to meet for your trip {{caseid}}. Open Companion Service to see it.',
    },
    milestone_met: {
      title: 'You have met',
      message: 'Your companion recorded that you have met, on your trip {{caseid}}.',
    },
    milestone_boarded: {
      title: 'Boarded',
      message: 'Your companion recorded that you have boarded, on your trip {{caseid}}.',
    },
    milestone_landed: {
      title: 'Landed',
      message: 'Your companion recorded that you have landed, on your trip {{caseid}}.',
    },
    milestone_handed_over: {
      title: 'Handed over',
      message:
        'Your companion recorded the hand-over with your code, on your trip {{caseid}}. The trip is complete.',
    },
    trip_reminder: {
      title: 'Your trip is coming up',
      message:
        'Your flight {{flight}} from {{from}} to {{to}} leaves on {{date}} at {{time}} ({{zone}} time). Check the meeting point and the hand-over steps in Companion Service (trip {{caseid}}).',
    },
    trip_reminder_no_time: {
      title: 'Your trip is coming up',
      message:
        'Your flight {{flight}} from {{from}} to {{to}} is on {{date}} ({{zone}} date). Check the meeting point and the hand-over steps in Companion Service (trip {{caseid}}).',
    },
  },
  hi: {
    welcome: {
      title: `${PRODUCT_NAME} में आपका स्वागत है!`,
      message: 'आपका पंजीकरण पूरा हो गया। अपनी अगली उड़ान के लिए सहयात्री अनुरोध बनाएँ या मदद की पेशकश करें।',
    },
    profile_updated: { title: 'प्रोफ़ाइल अपडेट हुई', message: 'आपकी प्रोफ़ाइल अपडेट कर दी गई है।' },
    help_preference_saved: { title: 'प्रोफ़ाइल अपडेट हुई', message: 'मदद के बारे में आपकी पसंद सहेज ली गई है।' },
    request_created: {
      title: 'सहयात्री अनुरोध बन गया',
      message: '{{from}} से {{to}} के लिए आपका सहयात्री अनुरोध बन गया है। केस आईडी: {{caseid}}',
    },
    request_cancelled: {
      title: 'सहयात्री अनुरोध रद्द हुआ',
      message: 'आपका सहयात्री अनुरोध {{caseid}} रद्द कर दिया गया है।',
    },
    match_found: {
      title: 'सहयात्री मिल गया!',
      message:
        'आपके सहयात्री अनुरोध {{caseid}} का मेल {{otherCaseid}} से हुआ है। पूरी जानकारी देखने और बातचीत शुरू करने के लिए "सहयात्री सेवा" खोलें।',
    },
    complete_match_found: {
      title: 'पूरी तरह मेल खाता सहयात्री मिल गया!',
      message:
        'आपके सहयात्री अनुरोध {{caseid}} का मेल {{otherCaseid}} से हुआ है। पूरी जानकारी देखने और बातचीत शुरू करने के लिए "सहयात्री सेवा" खोलें।',
    },
    match_released: {
      title: 'आपका मेल बदल गया है',
      message:
        'आपके सहयात्री अनुरोध {{caseid}} से मेल खाने वाले यात्री को अब उनकी ठीक उसी उड़ान का साथी मिल गया है। आपका अनुरोध फिर से खुला है, नया मेल मिलते ही हम आपको बताएँगे।',
    },
    match_released_language: {
      title: 'आपका मेल बदल गया है',
      message:
        'आपके सहयात्री अनुरोध {{caseid}} से मेल खाने वाले यात्री को अब उनकी भाषा बोलने वाला साथी मिल गया है। आपका अनुरोध फिर से खुला है, नया मेल मिलते ही हम आपको बताएँगे।',
    },
    flight_changed: {
      title: 'आपके सहयात्री की उड़ान बदल गई है',
      message:
        'आपके सहयात्री अनुरोध {{caseid}} से मेल खाने वाले यात्री ने अपनी उड़ान बदल दी है, इसलिए अब आप साथ यात्रा नहीं कर रहे हैं। आपका अनुरोध फिर से खुला है, नया मेल मिलते ही हम आपको बताएँगे।',
    },
    flight_changed_self: {
      title: 'उड़ान बदलने से आपका मेल समाप्त हुआ',
      message:
        'आपने अपने सहयात्री अनुरोध {{caseid}} की उड़ान बदली है, इसलिए अब यह {{otherCaseid}} से मेल नहीं खाता और वह मेल समाप्त हो गया है। आपका अनुरोध फिर से खुला है, नया मेल मिलते ही हम आपको बताएँगे।',
    },
    meeting_set: {
      title: 'मिलने की जगह तय हुई',
      message:
        'आपके सहयात्री ने आपकी यात्रा {{caseid}} के लिए मिलने की जगह और समय तय किया है। देखने के लिए "सहयात्री सेवा" खोलें।',
    },
    milestone_met: {
      title: 'आप मिल गए',
      message: 'आपके सहयात्री ने दर्ज किया है कि आप मिल गए हैं (यात्रा {{caseid}})।',
    },
    milestone_boarded: {
      title: 'विमान में सवार',
      message: 'आपके सहयात्री ने दर्ज किया है कि आप विमान में सवार हो गए हैं (यात्रा {{caseid}})।',
    },
    milestone_landed: {
      title: 'विमान उतर गया',
      message: 'आपके सहयात्री ने दर्ज किया है कि विमान उतर गया है (यात्रा {{caseid}})।',
    },
    milestone_handed_over: {
      title: 'सौंप दिया गया',
      message: 'आपके सहयात्री ने आपके कोड से सौंपे जाने को दर्ज किया है (यात्रा {{caseid}})। यात्रा पूरी हुई।',
    },
    trip_reminder: {
      title: 'आपकी यात्रा नज़दीक है',
      message:
        'आपकी उड़ान {{flight}} {{from}} से {{to}} के लिए {{date}} को {{time}} बजे ({{zone}} समय) रवाना होगी। मिलने की जगह और सौंपने के चरण "सहयात्री सेवा" में देखें (यात्रा {{caseid}})।',
    },
    trip_reminder_no_time: {
      title: 'आपकी यात्रा नज़दीक है',
      message:
        'आपकी उड़ान {{flight}} {{from}} से {{to}} के लिए {{date}} ({{zone}} की तारीख़) को है। मिलने की जगह और सौंपने के चरण "सहयात्री सेवा" में देखें (यात्रा {{caseid}})।',
    },
  },
};

/** A notification's title and message in `locale`; a placeholder without a value stays as written. */
export function notificationText(
  text: NotificationText,
  locale: Locale = 'en',
): { title: string; message: string } {
  const fill = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => text.params[name] ?? whole);
  const { title, message } = NOTIFICATION_TEXTS[locale][text.key];
  return { title: fill(title), message: fill(message) };
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
  title: NOTIFICATION_TEXTS.en.match_released.title,
  message: (caseid: string) => notificationText({ key: 'match_released', params: { caseid } }).message,
} as const;
