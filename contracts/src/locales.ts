/**
 * The languages as plain values, without zod: what the service worker bundles to answer `/` with the
 * landing page's first paint in the visitor's language, as the gateway does (locale.ts re-exports it all).
 */
export const LOCALES = ['en', 'hi', 'gu', 'pa', 'ta', 'te', 'bn', 'mr', 'ml'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The script each language but English is written in; the page draws it with Noto Sans `<script>`. */
export const LOCALE_SCRIPTS = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  gu: 'Gujarati',
  pa: 'Gurmukhi',
  ta: 'Tamil',
  te: 'Telugu',
  bn: 'Bengali',
  ml: 'Malayalam',
} as const satisfies Record<Exclude<Locale, 'en'>, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'hi', 'hi-IN', 'HI_in' -> 'hi'; anything the product does not speak -> undefined. */
export function localeFromTag(tag: string | null | undefined): Locale | undefined {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(primary) ? primary : undefined;
}

/**
 * The language a request asks for in its `Accept-Language` header (the web client sends the page's
 * language there): the supported tag with the highest weight, or undefined. Malformed parts are ignored.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header || header.length > 500) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: localeFromTag(tag), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.locale !== undefined && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.locale;
}

/** The pre-rendered landing page of a language in the web shell's build (web-shell/scripts/prerender-landing.ts). */
export const landingFileFor = (locale: Locale): string =>
  locale === DEFAULT_LOCALE ? 'landing.html' : `landing.${locale}.html`;

/** The pre-rendered frame of the dashboard in a language (web-shell/scripts/dashboard-first-paint.ts). */
export const dashboardFileFor = (locale: Locale): string =>
  locale === DEFAULT_LOCALE ? 'dashboard.html' : `dashboard.${locale}.html`;

/**
 * The pre-rendered page a navigation to `pathname` is first painted from, by language, or undefined for the
 * plain shell: `/` for a visitor (the landing page; signed in, `/` leads on to the dashboard), `/dashboard`
 * signed in (its frame; signed out, the shell leads on to the sign-in). The gateway and the service worker
 * both answer by it.
 */
export function firstPaintFileFor(
  pathname: string,
  signedIn: boolean,
): ((locale: Locale) => string) | undefined {
  if (pathname === '/' && !signedIn) return landingFileFor;
  if (pathname === '/dashboard' && signedIn) return dashboardFileFor;
  return undefined;
}

/**
 * The language of a visitor's first paint, in the order the page itself chooses (web-kit's resolveLocale):
 * the language the page was last in (LOCALE_COOKIE), else the browser's, else English.
 */
export function visitorLocale(cookie: unknown, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
