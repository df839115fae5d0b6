/**
 * The one i18next instance of the page (issue 14). web-kit is a Module Federation singleton, so the
 * shell and every remote share it: the shell starts it with the `common` namespace, and each remote adds
 * its own namespace (registerCatalogue) when its code loads. `<html lang>` follows the language.
 */
import { DEFAULT_LOCALE, errorCodeForMessage, isLocale, type Locale } from '@safarsaathi/contracts';
import { createInstance, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogue';
import { commonCatalogue } from './common';
import { browserLanguages, rememberLocale, rememberedLocale, resolveLocale } from './locale';

export const i18n = createInstance();

const remembered = rememberedLocale();
const initialLocale = resolveLocale({ remembered, navigatorLanguages: browserLanguages() });
// A Hindi browser's page starts in Hindi: that counts as this visitor's choice, so signing in keeps the
// page in Hindi (and stores it on the account) instead of switching to the account's default English.
if (!remembered && initialLocale !== DEFAULT_LOCALE) rememberLocale(initialLocale, true);

void i18n.use(initReactI18next).init({
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['en', 'hi'],
  ns: [commonCatalogue.namespace],
  defaultNS: commonCatalogue.namespace,
  resources: {
    en: { [commonCatalogue.namespace]: commonCatalogue.en },
    hi: { [commonCatalogue.namespace]: commonCatalogue.hi },
  },
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function followLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = isLocale(language) ? language : DEFAULT_LOCALE;
}
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

/** Adds a remote's namespace (both languages); idempotent, so a remote loaded twice changes nothing. */
export function registerCatalogue(catalogue: Catalogue): void {
  if (i18n.hasResourceBundle('en', catalogue.namespace)) return;
  i18n.addResourceBundle('en', catalogue.namespace, catalogue.en, true, true);
  i18n.addResourceBundle('hi', catalogue.namespace, catalogue.hi, true, true);
}

/** The page's language now. */
export function activeLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * A service's message in the reader's language: by its stable `code`, or by the English text when that is
 * one of the catalogued messages; otherwise the text as it came.
 */
export function translateMessage(text: string, code?: string, options?: TOptions): string {
  const key = `messages.${code ?? errorCodeForMessage(text) ?? ''}`;
  if ((code || errorCodeForMessage(text)) && i18n.exists(key, { ns: 'common' })) {
    return i18n.t(key, { ns: 'common', ...options }) as string;
  }
  return text;
}

/** `{{name}}` placeholders filled in, as i18next does (for texts read straight from a catalogue). */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
