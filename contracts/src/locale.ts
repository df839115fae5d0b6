/**
 * The languages of the product: English and Hindi (issue 14), Gujarati, Punjabi (Gurmukhi), Tamil, Telugu,
 * Bengali, Marathi and Malayalam (issue 24, addendum §4); English by default.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from './locales';

export * from './locales';

export const LOCALE_MESSAGES = { invalid: `Language must be one of ${LOCALES.join(', ')}` } as const;

export const localeSchema = z.enum(LOCALES, { error: LOCALE_MESSAGES.invalid });

/**
 * The tag Intl formats with in each language: English keeps the spec's US month/day/year and dollar
 * amounts, the Indian languages use India's conventions (lakh grouping: 1,00,000). Bengali and Marathi
 * would write numbers in their own digits by default; they keep the Western digits every other language
 * (and the hand-over code, flight numbers and times the travellers type) uses (docs/decisions.md
 * "Nine languages").
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-US',
  hi: 'hi-IN',
  gu: 'gu-IN',
  pa: 'pa-IN',
  ta: 'ta-IN',
  te: 'te-IN',
  bn: 'bn-IN-u-nu-latn',
  mr: 'mr-IN-u-nu-latn',
  ml: 'ml-IN',
};

/** Each language's name in its own script (the language switch lists them so). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  gu: 'ગુજરાતી',
  pa: 'ਪੰਜਾਬੀ',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  bn: 'বাংলা',
  mr: 'मराठी',
  ml: 'മലയാളം',
};

/** PUT /api/auth/locale: the signed-in user's language (e-mails follow it). */
export const setLocaleRequestSchema = z.object({ locale: localeSchema });
export const setLocaleResponseSchema = z.object({ success: z.literal(true), locale: localeSchema });
