/**
 * Stable codes of the messages services answer with (issue 14): `<group>.<key>` of the text's constant,
 * e.g. `auth.invalidOtp` for AUTH_MESSAGES.invalidOtp. The web client's `common` catalogue holds the same
 * groups (its English built from these constants), so a code is also the key of its translation.
 * Texts built from a value (functions) have no code of their own; a client shows their `error` text.
 */
import { ADMIN_MESSAGES, AUTH_MESSAGES, SESSION_MESSAGES } from './auth';
import { PROFILE_MESSAGES } from './accounts';
import { CHAT_MESSAGES } from './chat';
import { COMPANION_FIELD_MESSAGES, COMPANION_MESSAGES, TRAVEL_MESSAGES } from './companion';
import { HTTP_MESSAGES } from './errors';
import { LIVE_MESSAGES } from './live';
import { LOCALE_MESSAGES } from './locale';
import { SEARCH_MESSAGES } from './search';
import { SHARE_MESSAGES } from './share-links';
import { SUPPORT_MESSAGES } from './support';
import { TRIP_MESSAGES } from './trip';
import { REFERENCE_MESSAGES } from './references';
import { OPS_MESSAGES } from './ops';
import { PUSH_MESSAGES } from './push';
import { PREFERENCES_MESSAGES } from './preferences';
import { TEXT_MESSAGES } from './validation';
import { PRIVACY_MESSAGES } from './privacy/consents';

/** Each group's constant; only its plain-text entries get codes. Order matters: a text found twice keeps its first code. */
export const MESSAGE_GROUPS = {
  http: HTTP_MESSAGES,
  auth: AUTH_MESSAGES,
  admin: ADMIN_MESSAGES,
  ops: OPS_MESSAGES,
  session: SESSION_MESSAGES,
  profile: PROFILE_MESSAGES,
  companion: COMPANION_MESSAGES,
  travel: TRAVEL_MESSAGES,
  companionField: COMPANION_FIELD_MESSAGES,
  share: SHARE_MESSAGES,
  trip: TRIP_MESSAGES,
  reference: REFERENCE_MESSAGES,
  search: SEARCH_MESSAGES,
  chat: CHAT_MESSAGES,
  support: SUPPORT_MESSAGES,
  live: LIVE_MESSAGES,
  push: PUSH_MESSAGES,
  locale: LOCALE_MESSAGES,
  preferences: PREFERENCES_MESSAGES,
  privacy: PRIVACY_MESSAGES,
  text: TEXT_MESSAGES,
} as const;

type Group = typeof MESSAGE_GROUPS;
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** Only the plain texts of each group: the English source of the client's `messages` catalogue. */
export type MessageTexts = { [G in keyof Group]: { [K in TextKeys<Group[G]>]: string } };

export function messageTexts(): MessageTexts {
  const texts: Record<string, Record<string, string>> = {};
  for (const [group, entries] of Object.entries(MESSAGE_GROUPS)) {
    texts[group] = Object.fromEntries(
      Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return texts as MessageTexts;
}

/** Codes of texts that carry a value; the value travels in `details` (e.g. `retryAfterSeconds`). */
export const PARAMETERISED_ERROR_CODES = {
  resendCooldown: 'auth.resendCooldown',
  wrongCodeBackoff: 'auth.wrongCodeBackoff',
} as const;

let codesByText: Map<string, string> | undefined;

/** The stable code of a service's message, when the message is one of the catalogued texts. */
export function errorCodeForMessage(message: string): string | undefined {
  if (!codesByText) {
    codesByText = new Map();
    for (const [group, entries] of Object.entries(messageTexts())) {
      for (const [key, text] of Object.entries(entries))
        if (!codesByText.has(text)) codesByText.set(text, `${group}.${key}`);
    }
  }
  return codesByText.get(message);
}
