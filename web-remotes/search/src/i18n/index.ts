/** The search remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { searchCatalogue } from './catalogue';

registerCatalogue(searchCatalogue);

export const useSearchTranslation = () => useTranslation(searchCatalogue.namespace);
