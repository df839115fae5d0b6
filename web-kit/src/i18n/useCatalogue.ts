import { useTranslation } from 'react-i18next';
import type { Catalogue, Translation } from './catalogue';
import { activeLocale } from './i18n';

/**
 * A namespace's texts in the page's language, as one object shaped like its English source: a component
 * that read `SOME_TEXT.title` reads `texts.title` after `const texts = useCatalogue(catalogue)`, and renders
 * again when the language changes. Placeholders are filled with fillPlaceholders (or use `t`).
 */
export function useCatalogue<T>(catalogue: Catalogue<T>): Translation<T> {
  useTranslation(catalogue.namespace);
  // A language is loaded before the page switches to it (changeLocale, catalogueLoads); English meanwhile,
  // and for a namespace that has no texts in it yet.
  const locale = activeLocale();
  return (locale !== 'en' && catalogue.loaded[locale]) || (catalogue.en as Translation<T>);
}
