/**
 * A namespace's texts in every language. English is the source (built from the contracts' and
 * messages.ts constants where the spec fixes a text, so it cannot drift); `Translation<typeof en>` makes
 * the compiler ask Hindi for every English key, and catalogues.unit.test.ts checks both ways at run time.
 * Hindi lives in a module of its own (`catalogue.hi.ts`), loaded when the page is or becomes Hindi, so an
 * English page does not download it (issue 13, point 6: ≈ 7 KB compressed on the landing page).
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

export interface Catalogue<T = unknown> {
  /** The i18next namespace: `common` for the shell and web-kit, the remote's name for a remote. */
  namespace: string;
  en: T;
  /** Loads the Hindi texts (a chunk of their own); see loadHindi in i18n.ts, which keeps them in `hi`. */
  loadHi: () => Promise<Translation<T>>;
  /** The Hindi texts once loaded. */
  hi?: Translation<T>;
}

/** Declares a namespace; `en` keeps its literal keys so the Hindi module must mirror them. */
export function defineCatalogue<const T extends object>(
  namespace: string,
  en: T,
  loadHi: () => Promise<Translation<T>>,
): Catalogue<T> {
  return { namespace, en, loadHi };
}
