/** The site remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { siteCatalogue } from './catalogue';

registerCatalogue(siteCatalogue);

export const useSiteTranslation = () => useTranslation(siteCatalogue.namespace);
