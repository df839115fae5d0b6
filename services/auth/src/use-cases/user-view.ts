import { DEFAULT_LOCALE, isLocale, type User } from '@safarsaathi/contracts';
import type { AuthConfig } from '../config';

interface StoredUser {
  email: string;
  fullname?: string | null;
  phone_number?: string | null;
  is_registered?: boolean | null;
  accepted_terms?: boolean | null;
  locale?: string | null;
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
  };
}
