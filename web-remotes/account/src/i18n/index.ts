/** The account remote's texts: registered on the page's one i18next instance when this remote's code loads. */
import { registerCatalogue, useTranslation } from '@safarsaathi/web-kit';
import { accountCatalogue, noticesCatalogue } from './catalogue';

registerCatalogue(accountCatalogue);
registerCatalogue(noticesCatalogue);

export const useAccountTranslation = () => useTranslation(accountCatalogue.namespace);
