import { INTL_LOCALE, type Locale } from '@safarsaathi/contracts';
import { translateMessage } from '@safarsaathi/web-kit';

/**
 * A field's error in the page's language. The schemas answer with the contracts' English texts, which
 * have stable codes (contracts/src/error-codes.ts), so the same path as a service's error translates them.
 * The caller renders again on a language change (it reads a catalogue through a hook).
 */
export const fieldMessage = (message: string | undefined): string | undefined => message && translateMessage(message);

/** ISO codes of the form's language list (LANGUAGES in contracts), for their names in the reader's language. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  Assamese: 'as', Bengali: 'bn', English: 'en', Gujarati: 'gu', Hindi: 'hi', Kannada: 'kn', Kashmiri: 'ks',
  Malayalam: 'ml', Marathi: 'mr', Odia: 'or', Punjabi: 'pa', Sanskrit: 'sa', Tamil: 'ta', Telugu: 'te', Urdu: 'ur',
};

/** A language of the list as the reader says it (Intl's names: 'Tamil' is 'तमिल' in Hindi); the value stays English. */
export function languageName(language: string, locale: Locale): string {
  const code = LANGUAGE_CODES[language];
  if (locale === 'en' || !code) return language;
  return new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'language' }).of(code) ?? language;
}
