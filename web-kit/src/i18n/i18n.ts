/**
 * The one i18next instance of the page (issue 14). web-kit is a Module Federation singleton, so the
 * shell and every remote share it: the shell starts it with the `common` namespace, and each remote adds
 * its own namespace (registerCatalogue) when its code loads. `<html lang>` follows the language.
 * A language's texts are loaded when the page is or becomes that language (catalogue.ts): change the
 * language with changeLocale, which loads them first, never with `i18n.changeLanguage` alone.
 */
import { DEFAULT_LOCALE, LOCALES, errorCodeForMessage, isLocale, type Locale } from '@safarsaathi/contracts';
import { createInstance, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue, TranslatedLocale } from './catalogue';
import { commonCatalogue } from './common';
import {
  browserLanguages,
  rememberLocale,
  rememberPageLocale,
  rememberedLocale,
  resolveLocale,
} from './locale';

export const i18n = createInstance();

const remembered = rememberedLocale();
const initialLocale = resolveLocale({ remembered, navigatorLanguages: browserLanguages() });
// A Hindi (Tamil, ...) browser's page starts in that language: that counts as this visitor's choice, so
// signing in keeps the page in it (and stores it on the account) instead of the account's default English.
if (!remembered && initialLocale !== DEFAULT_LOCALE) rememberLocale(initialLocale, true);

void i18n.use(initReactI18next).init({
  // A Hindi page starts in English until its Hindi texts are in (languageReady, awaited before the first
  // render; the same for every language): i18next settles `resolvedLanguage` on a language only once it has texts in it.
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [commonCatalogue.namespace],
  defaultNS: commonCatalogue.namespace,
  resources: { en: { [commonCatalogue.namespace]: commonCatalogue.en } },
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function followLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLocale(language) ? language : DEFAULT_LOCALE;
}
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);
// The language the page is going to be in, for the gateway's next first paint: from the start (an English
// choice on a Hindi browser must not get a Hindi first paint), then at every change.
rememberPageLocale(initialLocale);
i18n.on('languageChanged', (language) => {
  if (isLocale(language)) rememberPageLocale(language);
});

/** Every namespace on the page: what a switch of language must load. */
const registered: Catalogue[] = [commonCatalogue];
const languageLoads = new Map<string, Promise<void>>();
/** Loads started by registerCatalogue, awaited by catalogueLoads. */
const started = new Set<Promise<void>>();
/** The language the page is in or on its way to. */
let targetLocale: Locale = DEFAULT_LOCALE;

/** A namespace's texts in `locale`, a chunk of their own; nothing to load when it has none yet (English shows). */
function loadLanguage(catalogue: Catalogue, locale: TranslatedLocale): Promise<void> {
  const loader = catalogue.loaders[locale];
  if (!loader) return Promise.resolve();
  const key = `${catalogue.namespace}:${locale}`;
  let load = languageLoads.get(key);
  if (!load) {
    load = loader().then(({ default: texts }) => {
      catalogue.loaded[locale] = texts;
      i18n.addResourceBundle(locale, catalogue.namespace, texts, true, true);
    });
    // A failed load (network) is tried again at the next change or registration.
    load.catch(() => languageLoads.delete(key));
    languageLoads.set(key, load);
  }
  return load;
}

/**
 * Switches the page's language once its texts are loaded (every registered namespace's, in that language).
 * False when they could not be loaded: the page then stays in its language.
 */
export async function changeLocale(locale: Locale): Promise<boolean> {
  const previous = targetLocale;
  targetLocale = locale;
  try {
    if (locale !== 'en') await Promise.all(registered.map((c) => loadLanguage(c, locale)));
  } catch (error) {
    console.error(`Could not load the texts in ${locale}`, error);
    targetLocale = previous;
    return false;
  }
  await i18n.changeLanguage(locale);
  return true;
}

/** Resolves when the page is in its starting language (at once for English); awaited before the first render. */
export const languageReady: Promise<boolean> =
  initialLocale === DEFAULT_LOCALE ? Promise.resolve(true) : changeLocale(initialLocale);

/**
 * Adds a remote's namespace; idempotent, so a remote loaded twice changes nothing. On a page in another
 * language than English its texts in that language start loading now, and catalogueLoads() tells when
 * they are in.
 */
export function registerCatalogue(catalogue: Catalogue): void {
  if (i18n.hasResourceBundle('en', catalogue.namespace)) return;
  registered.push(catalogue);
  i18n.addResourceBundle('en', catalogue.namespace, catalogue.en, true, true);
  const locale = targetLocale;
  if (locale === 'en') return;
  const load = loadLanguage(catalogue, locale).catch((error: unknown) =>
    console.error(`Could not load the texts in ${locale}`, error),
  );
  started.add(load);
  void load.finally(() => started.delete(load));
}

/**
 * Resolves when the page language's texts of every namespace registered so far are loaded (or failed:
 * the texts then show in English). The shell awaits it after loading a remote module, so the module renders in
 * the page's language from its first paint.
 */
export async function catalogueLoads(): Promise<void> {
  await Promise.all([...started]);
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
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
