/**
 * Consents per purpose (spec §4, issue 40): the auth service keeps each user's current choice and an
 * append-only history, and tells the services that act on a choice with `consent_changed` (auth.users.v1).
 */
import { z } from 'zod';

/**
 * - `login_emails`: sign-in codes by e-mail; needed to have an account, so it cannot be withdrawn (only the
 *   account can be deleted).
 * - `trip_emails`: match, chat, trip-day and reminder e-mails (in-app notices go on without it).
 * - `push`: notifications on the devices the user turned them on for; withdrawing removes those devices.
 * - `emergency_contact_sharing`: the need side's emergency contact shown to the matched companion.
 */
export const CONSENT_PURPOSES = ['login_emails', 'trip_emails', 'push', 'emergency_contact_sharing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES);

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === 'string' && (CONSENT_PURPOSES as readonly string[]).includes(value);
}

export const PRIVACY_MESSAGES = {
  unknownPurpose: 'Unknown purpose. Use login_emails, trip_emails, push or emergency_contact_sharing.',
  grantedRequired: 'Say granted: true or granted: false.',
  loginEmailsRequired:
    'Sign-in e-mails cannot be turned off: they are how you sign in. To stop them, delete your account (Profile, Delete my account).',
  tooManyChanges: 'Too many changes of your privacy choices. Please try again later.',
  tooManyExports: 'You can download your data 3 times an hour. Please try again later.',
  exportUnavailable: 'Your data could not be gathered just now. Please try again in a few minutes.',
} as const;

/** Choices a user may change per hour (each is a history entry; a script must not grow it without end). */
export const CONSENT_CHANGES_PER_HOUR = 60;

/**
 * What a purpose is when the user never chose (accounts of before consents, and purposes registration does
 * not ask about): sign-in e-mails are the account itself; trip e-mails follow the sign-in form's e-mail
 * consent ("login verification and account alerts"); push is off until a device is turned on; an emergency
 * contact is given on a request to be shown to the matched companion (docs/decisions.md "Your data, your
 * rights"), so sharing it is on until withdrawn.
 */
export function defaultConsent(purpose: ConsentPurpose, emailConsent: boolean): boolean {
  switch (purpose) {
    case 'login_emails':
    case 'emergency_contact_sharing':
      return true;
    case 'trip_emails':
      return emailConsent;
    case 'push':
      return false;
  }
}

// An enum, not a refined string: the OpenAPI document then lists the four purposes (the API fuzzer sent '0').
export const consentPurposeParamsSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: PRIVACY_MESSAGES.unknownPurpose }),
});
export const consentUpdateSchema = z
  .object({ granted: z.boolean({ error: PRIVACY_MESSAGES.grantedRequired }) })
  .strict();
export type ConsentUpdate = z.infer<typeof consentUpdateSchema>;

export const consentStateSchema = z.object({
  purpose: consentPurposeSchema,
  granted: z.boolean(),
  /** When the user last chose (or, never asked, when the default began: registration or sign-up). */
  updated_at: z.string(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentHistoryEntrySchema = z.object({
  purpose: consentPurposeSchema,
  granted: z.boolean(),
  at: z.string(),
  /** Where the choice was made: at registration, or on the privacy choices (the profile page or the API). */
  source: z.enum(['registration', 'settings']),
});
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntrySchema>;

export const consentsResponseSchema = z.object({
  consents: z.array(consentStateSchema),
  /** Oldest first; never edited. */
  history: z.array(consentHistoryEntrySchema),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

export const consentUpdateResponseSchema = z.object({
  success: z.literal(true),
  consent: consentStateSchema,
});
