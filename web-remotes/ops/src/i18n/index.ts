/** The ops remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { opsCatalogue } from './catalogue';

registerCatalogue(opsCatalogue);

export const useOpsTranslation = () => useTranslation(opsCatalogue.namespace);
export const useOpsTexts = () => useCatalogue(opsCatalogue);
