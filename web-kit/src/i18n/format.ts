/**
 * Dates, times, relative times, numbers and prices through Intl in the reader's language (issue 14):
 * English keeps the spec's formats (MM/DD/YYYY, '$150', '2 hours ago'), Hindi India's (lakh grouping,
 * Devanagari month names, 'दो घंटे पहले' style relative times from Intl.RelativeTimeFormat).
 */
import { INTL_LOCALE, type Locale } from '@safarsaathi/contracts';

/**
 * Building an Intl formatter costs far more than using one (≈ 0.45 ms against ≈ 0.01 ms in Node), and every result
 * card formats its dates, its price and the owner's month of joining: ≈ 90 formatters per dashboard. So one per
 * language and options, built on first use and kept; format with these instead of `toLocale…String(locale,
 * options)`, which builds a new one at every call.
 */
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DisplayNames;
const formatters = new Map<string, Formatter>();

function kept<T extends Formatter>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(intlLocale, options)`, built once per locale and options. */
export function dateTimeFormat(intlLocale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(
    `date ${intlLocale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(intlLocale, options),
  );
}

/** `new Intl.NumberFormat(intlLocale, options)`, built once per locale and options. */
function numberFormat(intlLocale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(
    `number ${intlLocale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(intlLocale, options),
  );
}

/** `new Intl.RelativeTimeFormat(intlLocale, options)`, built once per locale and options. */
function relativeTimeFormat(
  intlLocale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return kept(
    `relative ${intlLocale} ${JSON.stringify(options)}`,
    () => new Intl.RelativeTimeFormat(intlLocale, options),
  );
}

/** YYYY-MM-DD as a local calendar day (not UTC midnight, which is the day before west of Greenwich). */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

/** A day as numbers: en 03/05/2026, hi 5/3/2026. The text itself when it is not a date. */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const day = toDate(value);
  if (Number.isNaN(day.getTime())) return value;
  return dateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    day,
  );
}

/** A day with its month's name: en 'March 5, 2026', hi '5 मार्च 2026'. */
export function formatLongDate(value: string | Date, locale: Locale): string {
  const day = toDate(value);
  if (Number.isNaN(day.getTime())) return '';
  return dateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric' }).format(day);
}

/** A time of day: en '2:05 PM', hi '2:05 pm'. */
export function formatTime(value: string | Date, locale: Locale): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(INTL_LOCALE[locale], { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A count: en 100,000, hi 1,00,000. */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(INTL_LOCALE[locale]).format(value);
}

/** A companion's charge (the product's prices are US dollars): en '$1,500', hi '$1,500' ('$1,00,000' for a lakh). */
export function formatPrice(amount: number, locale: Locale): string {
  return numberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
}

/**
 * Spec §9 relative time: under a minute 'Just now', then whole minutes, hours and days; times in the
 * future count as now. English keeps the spec's words exactly; other languages get Intl's.
 */
export function relativeTime(iso: string, now = Date.now(), locale: Locale = 'en'): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (locale === 'en') {
    if (minutes < 1) return 'Just now';
    if (minutes < 60) return `${minutes} min ago`;
    if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
    return `${days} day${days === 1 ? '' : 's'} ago`;
  }
  const format = relativeTimeFormat(INTL_LOCALE[locale], { numeric: 'always' });
  // Intl says 'अब' ('now'); a Hindi reader says 'अभी-अभी' of something that just happened. The other
  // languages take Intl's word for "now".
  if (minutes < 1)
    return locale === 'hi'
      ? 'अभी-अभी'
      : relativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' }).format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-days, 'day');
}

/** ISO codes of the product's language list (LANGUAGES in contracts), for their names in the reader's language. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  Assamese: 'as',
  Bengali: 'bn',
  English: 'en',
  Gujarati: 'gu',
  Hindi: 'hi',
  Kannada: 'kn',
  Kashmiri: 'ks',
  Malayalam: 'ml',
  Marathi: 'mr',
  Odia: 'or',
  Punjabi: 'pa',
  Sanskrit: 'sa',
  Tamil: 'ta',
  Telugu: 'te',
  Urdu: 'ur',
};

/**
 * A language as the reader says it: Intl's names ('Tamil' is 'तमिल' in Hindi). Requests store the English
 * name; a name outside the list (typed before the list existed) is shown as written.
 */
export function formatLanguage(language: string, locale: Locale): string {
  const code = LANGUAGE_CODES[language.trim()];
  if (locale === 'en' || !code) return language;
  const names = kept(
    `language names ${locale}`,
    () => new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'language' }),
  );
  return names.of(code) ?? language;
}
