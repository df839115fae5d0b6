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
  // Hindi is loaded before the page switches to it (changeLocale, catalogueLoads); English meanwhile.
  return (activeLocale() === 'hi' && catalogue.hi) || (catalogue.en as Translation<T>);
}
