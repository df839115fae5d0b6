import { translateMessage } from '@safarsaathi/web-kit';
import { useSiteTranslation } from '../i18n';
import { SITE_MESSAGES } from '../messages';

const SITE_KEYS = new Map<string, string>(Object.entries(SITE_MESSAGES).map(([key, text]) => [text, key]));

/**
 * A message of the sign-in screens in the page's language. The screens keep messages as their English
 * text (a schema's error, a notice, a server's answer), so a language switch retranslates what is shown:
 * the screen's own texts by their `login.*` key, the contracts' messages by their stable code.
 */
export function useSiteMessage(): (text: string | undefined) => string | undefined {
  const { t } = useSiteTranslation();
  return (text) => {
    if (!text) return text;
    const key = SITE_KEYS.get(text);
    return key ? t(`login.${key}`) : translateMessage(text);
  };
}
