/** The messages remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { messagesCatalogue } from './catalogue';

registerCatalogue(messagesCatalogue);

export const useMessagesTranslation = () => useTranslation(messagesCatalogue.namespace);
/** The namespace's texts in the page's language (`texts.chat.close`). */
export const useMessagesTexts = () => useCatalogue(messagesCatalogue);
