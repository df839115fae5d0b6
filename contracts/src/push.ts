/**
 * Web Push (addendum "Beyond the match" §3): the subscription API's payloads, the per-kind preferences, which
 * notifications are pushed (and which screen they open), and the payload a service worker receives.
 */
import { z } from 'zod';
import type { Locale } from './locale';
import { serverTexts } from './texts';
import { fillText } from './texts/fill';
import { notificationTextSchema, type Notification, type NotificationTextKey } from './notifications';

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push endpoint must be an https URL.',
  endpointNotPublic: 'The push endpoint must be on a public host.',
  endpointTooLong: 'The push endpoint can be at most 1024 characters.',
  keysInvalid: 'The subscription keys are not valid.',
  tooManySubscriptions:
    'Too many devices get notifications for this account. Turn them off on a device first.',
  preferencesEmpty: 'Give at least one of match, message and trip.',
} as const;

/** Devices (browsers) one user may subscribe; a new one past this answers 409. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
export const PUSH_ENDPOINT_MAX = 1024;

/**
 * Base64url, with or without padding: what a browser's PushSubscription.toJSON() gives. `pattern` states
 * the same rule for the published schema (the byte count as a length; the refine is not representable).
 */
const base64url = (bytes: number, pattern: string, check?: (raw: Buffer) => boolean) =>
  z
    .string({ error: PUSH_MESSAGES.keysInvalid })
    .max(128, PUSH_MESSAGES.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keysInvalid)
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => {
      const raw = Buffer.from(value, 'base64url');
      return raw.length === bytes && (!check || check(raw));
    }, PUSH_MESSAGES.keysInvalid)
    .meta({ pattern });

/** The browser's PushSubscription JSON. p256dh: an uncompressed P-256 point (65 bytes); auth: 16 bytes. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .min(1, PUSH_MESSAGES.endpointInvalid)
    .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointTooLong),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // 65 bytes are 87 characters; the first byte, 0x04, makes them start with B and one of A to P.
      p256dh: base64url(65, '^B[A-P][A-Za-z0-9_-]{85}={0,2}$', (raw) => raw[0] === 0x04),
      // 16 bytes are 22 characters.
      auth: base64url(16, '^[A-Za-z0-9_-]{22}={0,2}$'),
    },
    { error: PUSH_MESSAGES.keysInvalid },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .min(1, PUSH_MESSAGES.endpointInvalid)
    .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointTooLong),
});

export const pushPublicKeySchema = z.object({ public_key: z.string() });
export const pushSubscribeResponseSchema = z.object({ success: z.literal(true) });
export const pushUnsubscribeResponseSchema = z.object({ success: z.literal(true), removed: z.boolean() });

/** What a traveller may turn off: matches (found, released), chat messages, the trip day. */
export const PUSH_KINDS = ['match', 'message', 'trip'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const pushPreferencesSchema = z.object({
  match: z.boolean(),
  message: z.boolean(),
  trip: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = { match: true, message: true, trip: true };
/** PUT: any of the three (the others stay); unknown fields are refused. */
export const pushPreferencesUpdateSchema = pushPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, PUSH_MESSAGES.preferencesEmpty)
  .meta({ minProperties: 1 });

/** A pushed notification: its kind (the preference that governs it) and the screen it opens. */
export interface PushRoute {
  kind: PushKind;
  url: string;
}

const COMPANION_SCREEN = '/companion-service';
const MESSAGES_SCREEN = '/messages';

/**
 * Which in-app notifications are also pushed, by their text key first, then by their type. A new
 * notification only needs an entry here to be pushed (its title and message are the push's text).
 */
export const PUSH_BY_TEXT_KEY: Partial<Record<NotificationTextKey, PushRoute>> = {
  match_found: { kind: 'match', url: COMPANION_SCREEN },
  complete_match_found: { kind: 'match', url: COMPANION_SCREEN },
  match_released: { kind: 'match', url: COMPANION_SCREEN },
  match_released_language: { kind: 'match', url: COMPANION_SCREEN },
  // A flight change that released a match (§1.4): the push names the change, the screen shows the new match.
  flight_changed: { kind: 'match', url: COMPANION_SCREEN },
  flight_changed_self: { kind: 'match', url: COMPANION_SCREEN },
  // A companion or traveller who left (cancel, deletion, block): the card says a new one is being looked for.
  companion_left: { kind: 'match', url: COMPANION_SCREEN },
  companion_left_unnamed: { kind: 'match', url: COMPANION_SCREEN },
  traveller_left: { kind: 'match', url: COMPANION_SCREEN },
  traveller_left_unnamed: { kind: 'match', url: COMPANION_SCREEN },
  match_released_restored: { kind: 'match', url: COMPANION_SCREEN },
  meeting_set: { kind: 'trip', url: COMPANION_SCREEN },
  meeting_updated: { kind: 'trip', url: COMPANION_SCREEN },
  milestone_met: { kind: 'trip', url: COMPANION_SCREEN },
  milestone_boarded: { kind: 'trip', url: COMPANION_SCREEN },
  milestone_landed: { kind: 'trip', url: COMPANION_SCREEN },
  milestone_handed_over: { kind: 'trip', url: COMPANION_SCREEN },
  // The 24-hour reminder (§1.5) reaches the phone too.
  trip_reminder: { kind: 'trip', url: COMPANION_SCREEN },
  trip_reminder_no_time: { kind: 'trip', url: COMPANION_SCREEN },
};
export const PUSH_BY_NOTIFICATION_TYPE: Partial<Record<Notification['notification_type'], PushRoute>> = {
  match_found: { kind: 'match', url: COMPANION_SCREEN },
  meeting_set: { kind: 'trip', url: COMPANION_SCREEN },
  trip_milestone: { kind: 'trip', url: COMPANION_SCREEN },
};

export function pushRouteOf(
  textKey: NotificationTextKey,
  notificationType: Notification['notification_type'],
): PushRoute | undefined {
  return PUSH_BY_TEXT_KEY[textKey] ?? PUSH_BY_NOTIFICATION_TYPE[notificationType];
}

/** The push for a chat message not seen live: it names no sender and never the text (it shows on a lock screen). */
export const UNREAD_MESSAGE_PUSH: { route: PushRoute } = {
  route: { kind: 'message', url: MESSAGES_SCREEN },
};

/** The unread-message push's words in the reader's language (server texts `push.unreadMessage`). */
export function unreadMessagePushText(locale: Locale = 'en'): { title: string; body: string } {
  const { title, body } = serverTexts(locale).push.unreadMessage;
  return { title: fillText(title), body: fillText(body) };
}

/** What the service worker receives (decrypted): never a message text, e-mail or phone number. */
export const pushPayloadSchema = z.object({
  title: z.string().max(120),
  body: z.string().max(400),
  /** A path of this site to open when the notification is tapped. */
  url: z.string().regex(/^\/[^/\\]/),
  kind: z.enum(PUSH_KINDS),
  /** Same tag: the newer notification replaces the older one on the device. */
  tag: z.string().max(64),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A queued push to every device of one user (notifications service, queue `push`). */
export const pushJobSchema = z.object({
  userId: z.string().min(1),
  kind: z.enum(PUSH_KINDS),
  url: z.string(),
  tag: z.string(),
  /** An in-app notification's text (rendered in the user's language when sent), or the unread-message push. */
  text: z.union([
    z.object({ notification: notificationTextSchema }),
    z.object({ unreadMessage: z.literal(true) }),
  ]),
  /** Endpoints (their ids) already delivered by an earlier attempt of this job. */
  delivered: z.array(z.string()).default([]),
  correlationId: z.string().optional(),
});
export type PushJob = z.input<typeof pushJobSchema>;
