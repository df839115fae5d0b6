/**
 * The server texts of every language (issue 24): one plain-data file per language, `<locale>.ts`,
 * shaped like English (`ServerTexts`). Servers read them through serverTexts(locale); the web reads
 * a language's file on its own (a chunk per language), never this map, which holds every language.
 */
import type { Locale } from '../locale';
import en, { type ServerTexts } from './en';
import hi from './hi';
import gu from './gu';
import pa from './pa';
import ta from './ta';
import te from './te';
import bn from './bn';
import mr from './mr';
import ml from './ml';

export type { ServerTexts, ServerTranslation } from './en';
export { fillText, placeholdersOf } from './fill';

/** Every language's server texts: a language cannot be added to LOCALES without its file. */
export const SERVER_TEXTS: Record<Locale, ServerTexts> = {
  en,
  hi,
  gu,
  pa,
  ta,
  te,
  bn,
  mr,
  ml,
};

/** The language whose texts a reader of `locale` gets: theirs, or English while theirs has no file. */
export function textLocale(locale: Locale | undefined): Locale {
  return locale && SERVER_TEXTS[locale] ? locale : 'en';
}

/** The texts the reader's language has; English for a language without them (or none given). */
export function serverTexts(locale: Locale | undefined): ServerTexts {
  return (locale && SERVER_TEXTS[locale]) || en;
}
