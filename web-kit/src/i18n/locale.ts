/**
 * Which language the page starts in (issue 14): the signed-in user's stored language, else the visitor's
 * remembered choice (localStorage), else the first of the browser's languages that the product has, else
 * English.
 */
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, localeFromTag, type Locale } from '@safarsaathi/contracts';
import { writePageCookie } from '../browser/pageCookie';

export const LOCALE_STORAGE_KEY = 'safarsaathi.locale';
/** Set while a choice made signed out has not reached the account yet: it is saved at the next sign-in. */
export const UNSAVED_CHOICE_STORAGE_KEY = 'safarsaathi.locale.unsaved';

export interface LocaleSources {
  userLocale?: string | null;
  remembered?: string | null;
  navigatorLanguages?: readonly string[];
}

export function resolveLocale({ userLocale, remembered, navigatorLanguages = [] }: LocaleSources): Locale {
  if (isLocale(userLocale)) return userLocale;
  if (isLocale(remembered)) return remembered;
  // The first of the visitor's languages that the product has (addendum §4): 'fr, ta-IN, hi' reads
  // Tamil, and 'en-US, hi' is an English reader.
  for (const tag of navigatorLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // blocked storage (privacy settings)
  }
}

export function rememberedLocale(): Locale | undefined {
  const value = storage()?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : undefined;
}

export function rememberLocale(locale: Locale, unsaved: boolean): void {
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, locale);
    if (unsaved) storage()?.setItem(UNSAVED_CHOICE_STORAGE_KEY, '1');
    else storage()?.removeItem(UNSAVED_CHOICE_STORAGE_KEY);
  } catch {
    // quota or privacy mode: the choice holds for this page only
  }
}

/** A year: the cookie outlives a visit, like the localStorage choice it mirrors. */
const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the language the page is in into LOCALE_COOKIE, which the gateway reads to answer `/` with the
 * landing page's first paint in that language (localStorage never reaches the server).
 */
export function rememberPageLocale(locale: Locale): void {
  writePageCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_SECONDS);
}

export function hasUnsavedChoice(): boolean {
  return storage()?.getItem(UNSAVED_CHOICE_STORAGE_KEY) === '1';
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
