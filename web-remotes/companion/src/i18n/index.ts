/** The companion remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { companionCatalogue } from './catalogue';

registerCatalogue(companionCatalogue);

export const useCompanionTranslation = () => useTranslation(companionCatalogue.namespace);

/** The namespace's texts in the page's language, shaped like messages.ts (`texts.companion.title`). */
export const useCompanionTexts = () => useCatalogue(companionCatalogue);
