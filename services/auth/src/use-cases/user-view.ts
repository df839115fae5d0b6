import { DEFAULT_LOCALE, isLocale, type ReadingPreferences, type User } from '@safarsaathi/contracts';
import type { AuthConfig } from '../config';

interface StoredUser {
  email: string;
  fullname?: string | null;
  phone_number?: string | null;
  is_registered?: boolean | null;
  accepted_terms?: boolean | null;
  locale?: string | null;
  large_text?: boolean | null;
  high_contrast?: boolean | null;
}

/** The user as the spec's payloads name it (`email_address`, also `emailAddress`). */
export function toUserView(user: StoredUser, config: Pick<AuthConfig, 'adminEmails'>): User {
  return {
    email_address: user.email,
    emailAddress: user.email,
    fullname: user.fullname ?? '',
    phone_number: user.phone_number ?? '',
    is_registered: Boolean(user.is_registered),
    accepted_terms: Boolean(user.accepted_terms),
    is_admin: config.adminEmails.has(user.email),
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    preferences: readingPreferencesOf(user),
  };
}

/** Users stored before easy reading have neither field: both are off for them. */
export function readingPreferencesOf(
  user: Pick<StoredUser, 'large_text' | 'high_contrast'>,
): ReadingPreferences {
  return { large_text: Boolean(user.large_text), high_contrast: Boolean(user.high_contrast) };
}
