/**
 * A namespace's texts in every language. English is the source (built from the contracts' and
 * messages.ts constants where the spec fixes a text, so it cannot drift); `Translation<typeof en>` makes
 * the compiler ask Hindi for every English key, and catalogues.unit.test.ts checks both ways at run time.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

export interface Catalogue<T = unknown> {
  /** The i18next namespace: `common` for the shell and web-kit, the remote's name for a remote. */
  namespace: string;
  en: T;
  hi: Translation<T>;
}

/** Declares a namespace; `en` keeps its literal keys so `hi` must mirror them. */
export function defineCatalogue<const T extends object>(namespace: string, en: T, hi: Translation<T>): Catalogue<T> {
  return { namespace, en, hi };
}
