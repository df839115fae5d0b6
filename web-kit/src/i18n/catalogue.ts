/**
 * A namespace's texts in every language. English is the source (built from the contracts' and
 * messages.ts constants where the spec fixes a text, so it cannot drift); `Translation<typeof en>` makes
 * the compiler ask every other language for every English key, and catalogues.unit.test.ts checks both
 * ways at run time. Each other language lives in a module of its own (`catalogue.hi.ts`,
 * `catalogue.gu.ts`, ...), loaded when the page is or becomes that language, so a page downloads only
 * its own language's texts (issue 13, point 6: ≈ 7 KB compressed per language on the landing page).
 */
import type { Locale } from '@safarsaathi/contracts';

export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Every language but the source. */
export type TranslatedLocale = Exclude<Locale, 'en'>;

/**
 * How a namespace loads each language: `{ hi: () => import('./catalogue.hi'), ... }`, a chunk per
 * language. Every language is required, so a namespace cannot ship without one of them.
 */
export type CatalogueLoaders<T> = Record<TranslatedLocale, () => Promise<{ default: Translation<T> }>>;

export interface Catalogue<T = unknown> {
  /** The i18next namespace: `common` for the shell and web-kit, the remote's name for a remote. */
  namespace: string;
  en: T;
  loaders: CatalogueLoaders<T>;
  /** The languages loaded so far (loadLanguage in i18n.ts keeps them here). */
  loaded: Partial<Record<TranslatedLocale, Translation<T>>>;
}

/** Declares a namespace; `en` keeps its literal keys so each language's module must mirror them. */
export function defineCatalogue<const T extends object>(
  namespace: string,
  en: T,
  loaders: CatalogueLoaders<T>,
): Catalogue<T> {
  return { namespace, en, loaders, loaded: {} };
}
