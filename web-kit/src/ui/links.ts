import { SUPPORT_EMAIL } from '@safarsaathi/contracts';

/** Static pages served next to the shell, always opened in a new tab. */
export const TERMS_URL = '/terms-conditions.html';
export const PRIVACY_URL = '/privacy-policy.html';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/safarsaathi',
  instagram: 'https://www.instagram.com/safarsaathi',
} as const;

/** Props for an anchor that opens in a new tab without giving the new page access to this one. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
