/**
 * Noto Sans Devanagari for Hindi (issue 14), fetched only once Hindi is on screen: an English reader
 * downloads none of it. Only the weights the theme uses: 400 (text) and 600 (buttons, headings; 500 and
 * 700 fall back to the nearest of these). The @fontsource faces use `font-display: swap`, so text shows
 * at once in a fallback font and switches when the face arrives.
 */
import { i18n } from '@safarsaathi/web-kit';

let requested = false;

function loadWhenHindi(language: string): void {
  if (language !== 'hi' || requested) return;
  requested = true;
  void import('@fontsource/noto-sans-devanagari/devanagari-400.css');
  void import('@fontsource/noto-sans-devanagari/devanagari-600.css');
}

export function loadDevanagariFontWhenNeeded(): void {
  loadWhenHindi(i18n.language);
  i18n.on('languageChanged', loadWhenHindi);
}
