/** REST payloads of the auth service, with the specification's exact messages (§5, §8). */
import { z } from 'zod';
import { COUNTRIES, LIMITS, PRODUCT_NAME, SUPPORT_EMAIL } from './reference-data';
import { TRIMMED_SPACE, plainText } from './validation';
import { localeSchema } from './locale';
import { readingPreferencesSchema } from './preferences';

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  incompleteOtp: 'Please enter the complete 6-digit OTP',
  invalidOtp: 'Invalid OTP. Please try again.',
  tooManyAttempts: 'Too many incorrect attempts. Please request a new OTP.',
  tooManyCodes: 'Too many codes requested. Please try again later.',
  otpSent: 'OTP sent successfully! Check your email for the verification code.',
  loginSuccess: `Login successful! Welcome to ${PRODUCT_NAME}`,
  fullNameRequired: 'Please enter your full name',
  mobileRequired: 'Please enter your 10-digit mobile number',
  mobileInvalid: 'Please enter a valid 10-digit mobile number (no sequences like 1234567890)',
  termsRequired: 'Please read and accept the Terms & Conditions to continue',
  registrationCompleted: `Registration completed successfully! Welcome to ${PRODUCT_NAME}`,
  phoneTaken: 'This mobile number is already registered with another account.',
  tooManyRegistrationAttempts: 'Too many registration attempts. Please try again later.',
  notSignedIn: 'Please sign in to continue.',
  devOnly: 'This action is only available in development mode.',
  accountBlockedFallback: 'Account access blocked. Please contact support.',
  /** Code `auth.resendCooldown`, the seconds in `details.retryAfterSeconds`. */
  resendCooldown: (seconds: number | string) =>
    `Please wait ${seconds} seconds before requesting a new code.`,
  /** Many codes were asked for from this network: the browser proves some work (ALTCHA) instead of waiting an hour. */
  challengeRequired:
    'Many sign-ins come from your network right now. Please confirm you are a person to get your code.',
  challengeInvalid: 'The check could not be confirmed. Please try again.',
  /** Code `auth.wrongCodeBackoff`, the seconds in `details.retryAfterSeconds`. */
  wrongCodeBackoff: (seconds: number | string) =>
    `Too many incorrect codes for this address. Please wait ${seconds} seconds and try again.`,
} as const;

/** 'You access is blocked with reason: [reason]. Please contact us at {email}' (wording as given by the spec). */
export function blockedMessage(reason: string, email: string = SUPPORT_EMAIL): string {
  return `You access is blocked with reason: ${reason}. Please contact us at ${email}`;
}

/**
 * An address as RFC 5322's addr-spec in its dot-atom form, ASCII only: atoms of atext joined by single dots,
 * @, and a domain of letter-digit-hyphen labels ending in a letter-only top-level label. Quoted local parts,
 * comments ("v@x(2)"), domain literals and non-ASCII are refused: nodemailer would rewrite each of them (drop
 * a comment, punycode a domain), so the address a limit counted would not be the inbox the mail reaches.
 * Still the spec's "text, @, text, dot, text" (§5), only stricter about what the text may be.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = `(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,63}`;
export const EMAIL_PATTERN = new RegExp(`^${DOT_ATOM}@${DOMAIN}$`);

/** The same, as typed: spaces around the address are dropped, so they are allowed here. */
export const EMAIL_INPUT_PATTERN = new RegExp(
  `^[${TRIMMED_SPACE}]*${DOT_ATOM}@${DOMAIN}[${TRIMMED_SPACE}]*$`,
);

/**
 * An e-mail address field: checked as typed (so the published schema is the rule), then trimmed and
 * lower-cased. `messages.required` answers an empty or blank field when the form has its own text for it.
 */
export function emailFieldSchema(messages: { invalid: string; required?: string }) {
  return z
    .string({ error: messages.required ?? messages.invalid })
    .max(254, messages.invalid)
    .refine((value) => value.trim().length > 0, messages.required ?? messages.invalid)
    .regex(EMAIL_INPUT_PATTERN, messages.invalid)
    .transform((email) => email.trim().toLowerCase());
}

export const emailAddressSchema = emailFieldSchema({ invalid: AUTH_MESSAGES.invalidEmail });

/**
 * The inbox an address reaches: lower-cased, without a `+tag` in its local part (`asha+x@mail.in` is
 * `asha@mail.in`, as most providers deliver it). Limits that protect an inbox count by it, so spelling
 * variations do not multiply their budget.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

export const sendCodeRequestSchema = z.object({
  emailAddress: emailAddressSchema,
  emailConsent: z.boolean().optional(),
  /**
   * The ALTCHA payload (base64 JSON of the challenge and its solution), sent again with the request after
   * the answer was 429 `auth.challengeRequired`. The widget's form field has this name.
   */
  altcha: z.string().min(1).max(4000).optional(),
});

/** An ALTCHA proof-of-work challenge (altcha-lib v2 format), as `GET /api/auth/challenge` answers it. */
export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
export type SendCodeRequest = z.input<typeof sendCodeRequestSchema>;

export const sendCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  real_otp_enabled: z.boolean(),
  otp: z.string().optional(),
  dev_note: z.string().optional(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

/** A six-digit code; `message` answers anything else (the standalone code screen words it its own way). */
export function otpFieldSchema(message: string) {
  return z.string({ error: message }).regex(new RegExp(`^[0-9]{${LIMITS.otpLength}}$`), message);
}

export const otpSchema = otpFieldSchema(AUTH_MESSAGES.incompleteOtp);

export const verifyOtpRequestSchema = z.object({
  emailAddress: emailAddressSchema,
  otp: otpSchema,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

// ---- the sign-in forms, derived from the bodies above so that each rule is written once ----

/** Step 1 of the login: the body of send-code, with the consent the Send OTP button waits for. */
export const loginEmailFormSchema = sendCodeRequestSchema.extend({ emailConsent: z.boolean() });
export type LoginEmailForm = z.input<typeof loginEmailFormSchema>;

/** Step 2 of the login: the code as verify-otp checks it. */
export const loginCodeFormSchema = verifyOtpRequestSchema.pick({ otp: true });
export type LoginCodeForm = z.input<typeof loginCodeFormSchema>;

/** The code screen reached by link (/otp-verification): the same rule, the spec's own words for it. */
export function standaloneCodeFormSchema(incompleteMessage: string) {
  return z.object({ otp: otpFieldSchema(incompleteMessage) });
}

export const userSchema = z.object({
  email_address: z.string(),
  emailAddress: z.string(),
  fullname: z.string(),
  phone_number: z.string(),
  is_registered: z.boolean(),
  accepted_terms: z.boolean(),
  is_admin: z.boolean(),
  /** The user's language (issue 14): the web app and the user's e-mails follow it. */
  locale: localeSchema,
  /** Easy reading (addendum §4): here too, so the page's first render after sign-in already uses them. */
  preferences: readingPreferencesSchema,
});
export type User = z.infer<typeof userSchema>;

export const verifyOtpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** Keeps letters, spaces, periods, apostrophes and hyphens; collapses spaces; at most 60 characters. */
export function sanitizeFullName(input: string): string {
  return input
    .replace(/[^\p{L} .'-]/gu, '')
    .replace(/\s+/g, ' ')
    .slice(0, LIMITS.fullNameMax);
}

const FORBIDDEN_SEQUENCES = new Set(['1234567890', '1234567891', '1234567895', '9876543210', '1212121212']);

/** Validates the 10 local digits of a mobile number; returns the spec's message, or null when valid. */
export function mobileDigitsError(digits: string): string | null {
  if (digits.length === 0) return AUTH_MESSAGES.mobileRequired;
  if (!/^\d{10}$/.test(digits)) return AUTH_MESSAGES.mobileInvalid;
  if (/^(\d)\1{9}$/.test(digits)) return AUTH_MESSAGES.mobileInvalid;
  if (FORBIDDEN_SEQUENCES.has(digits)) return AUTH_MESSAGES.mobileInvalid;
  return null;
}

/** Splits '+91' + 10 digits into the dial code and the local digits, trying known dial codes only. */
export function splitPhoneNumber(full: string): { dialCode: string; digits: string } | null {
  const compact = full.replace(/[\s-]/g, '');
  const dialCodes = [...new Set(COUNTRIES.map((c) => c.dialCode))].sort((a, b) => b.length - a.length);
  for (const dialCode of dialCodes) {
    if (compact.startsWith(dialCode) && compact.length === dialCode.length + LIMITS.phoneDigits) {
      return { dialCode, digits: compact.slice(dialCode.length) };
    }
  }
  return null;
}

export const phoneNumberSchema = z
  .string({ error: AUTH_MESSAGES.mobileRequired })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '' || /^\+\d{1,4}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.mobileRequired });
      return;
    }
    const parts = splitPhoneNumber(value);
    const error = parts ? mobileDigitsError(parts.digits) : AUTH_MESSAGES.mobileInvalid;
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((value) => value.replace(/[\s-]/g, ''));

/** The 10 local digits of a mobile number as the registration form takes them (mobileDigitsError's rule). */
export const mobileDigitsSchema = z
  .string({ error: AUTH_MESSAGES.mobileRequired })
  .superRefine((digits, ctx) => {
    const error = mobileDigitsError(digits);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const fullNameSchema = z
  .string({ error: AUTH_MESSAGES.fullNameRequired })
  .transform((value) => sanitizeFullName(value).trim())
  .pipe(z.string().min(1, AUTH_MESSAGES.fullNameRequired));

/**
 * Registration tells whether a mobile number is taken (the unique number is what the admin tool blocks by),
 * so its attempts are limited (issue 20, docs/decisions.md "Enumeration, per-user caps, reports and text
 * direction"): every attempt per account, and answers "taken" per client IP, from an account's second
 * attempt in the hour on.
 */
export const REGISTRATION_POLICY = {
  attemptsPerUserPerHour: 10,
  phoneTakenPerIpPerHour: 20,
} as const;

export const registerUserRequestSchema = z.object({
  emailAddress: emailAddressSchema.optional(),
  fullname: fullNameSchema,
  phone_number: phoneNumberSchema,
  accepted_terms: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
});
export type RegisterUserRequest = z.input<typeof registerUserRequestSchema>;

/**
 * The registration dialog's fields: the body's name and terms, with the phone number as typed (a country
 * of the list and the 10 local digits); the body's phone_number is that country's dial code and the digits.
 */
export const registrationFormSchema = registerUserRequestSchema
  .pick({ fullname: true, accepted_terms: true })
  .extend({
    countryCode: z.enum(COUNTRIES.map((country) => country.code) as [string, ...string[]]),
    mobileDigits: mobileDigitsSchema,
  });
/** The dialog's values: the terms box starts unticked, though only `true` passes. */
export type RegistrationForm = Omit<z.input<typeof registrationFormSchema>, 'accepted_terms'> & {
  accepted_terms: boolean;
};
export type RegistrationFormOutput = z.output<typeof registrationFormSchema>;

export const registerUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});

export const userInfoResponseSchema = userSchema;

export const environmentInfoResponseSchema = z.object({
  is_development: z.boolean(),
  enable_real_otp: z.boolean(),
});
export type EnvironmentInfo = z.infer<typeof environmentInfoResponseSchema>;

export const toggleRealOtpRequestSchema = z.object({ enable_real_otp: z.boolean() });
export const toggleRealOtpResponseSchema = z.object({
  success: z.literal(true),
  enable_real_otp: z.boolean(),
});

export const ADMIN_MESSAGES = {
  phoneRequired: 'Phone number is required',
  reasonRequired: 'Status reason is required',
  updated: (status: string) => `User status updated successfully to ${status}`,
  failed: 'Failed to update user status. Please try again.',
  notAuthorised: 'You are not authorised to use this tool.',
  unknownPhone: 'No user is registered with this phone number.',
  /** An admin cannot lock themselves out, nor another admin out (409: ADMIN_EMAILS decides who is one). */
  cannotBlockSelf: 'You cannot block your own account.',
  cannotBlockAdmin: 'This user is an administrator and cannot be blocked.',
} as const;

/** Why an admin sets a status: shown to the blocked user, so plain text (validation.ts plainText). */
export const statusReasonSchema = plainText(
  z.string({ error: ADMIN_MESSAGES.reasonRequired }).max(500, 'Status reason must be at most 500 characters'),
)
  .trim()
  .min(1, ADMIN_MESSAGES.reasonRequired);

export const updateUserStatusRequestSchema = z.object({
  phoneNumber: z
    .string({ error: ADMIN_MESSAGES.phoneRequired })
    .max(40, ADMIN_MESSAGES.phoneRequired)
    .trim()
    .min(1, ADMIN_MESSAGES.phoneRequired),
  status: z.enum(['Active', 'Block']),
  status_reason: statusReasonSchema,
});
export type UpdateUserStatusRequest = z.input<typeof updateUserStatusRequestSchema>;
export type UpdateUserStatusRequestOutput = z.output<typeof updateUserStatusRequestSchema>;

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });

// ---- sessions (the profile's "Active sessions") ----

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  title: 'Active sessions',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out other sessions',
  othersEnded: (count: number) =>
    count === 1 ? '1 other session was signed out.' : `${count} other sessions were signed out.`,
  loadFailed: 'Failed to load your sessions. Please try again.',
  endFailed: 'Failed to sign out the session. Please try again.',
  unknownDevice: 'Unknown device',
} as const;

/** A session as its owner sees it: an opaque id (not the token, not its hash), when, and from which browser. */
export const sessionViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionViewSchema) });
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const endOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  ended: z.number().int().nonnegative(),
});
