/**
 * Noto Sans Devanagari for Hindi (issue 14), fetched only once Hindi is on screen: an English reader
 * downloads none of it. Only the weights the theme uses: 400 (text) and 600 (buttons, headings; 500 and
 * 700 fall back to the nearest of these). The @fontsource faces use `font-display: swap`, so text shows
 * at once in a fallback font and switches when the face arrives.
 */
import { DEVANAGARI_LABEL_FONT, i18n } from '@safarsaathi/web-kit';
import labelFontUrl from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';

/** The Devanagari block and its companions, as @fontsource declares them for this subset. */
const DEVANAGARI_RANGE =
  'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

let requested = false;

function loadWhenHindi(language: string): void {
  if (language !== 'hi' || requested) return;
  requested = true;
  void import('@fontsource/noto-sans-devanagari/devanagari-400.css');
  void import('@fontsource/noto-sans-devanagari/devanagari-600.css');
}

/**
 * The language switch writes 'हिन्दी' on English pages too. Its face prefers a Devanagari font of the
 * system (Windows, macOS, Android and most Linux desktops have one); only without one is the 400 subset
 * (≈ 50 KB) fetched, and only when the label is drawn (a FontFace in document.fonts loads on use).
 */
function registerSwitchLabelFont(): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  const sources = [
    'local("Noto Sans Devanagari")',
    'local("NotoSansDevanagari-Regular")',
    'local("Nirmala UI")',
    'local("Kohinoor Devanagari")',
    'local("Devanagari Sangam MN")',
    'local("Mangal")',
    `url(${labelFontUrl}) format("woff2")`,
  ].join(', ');
  document.fonts.add(
    new FontFace(DEVANAGARI_LABEL_FONT, sources, { display: 'swap', unicodeRange: DEVANAGARI_RANGE }),
  );
}

export function loadDevanagariFontWhenNeeded(): void {
  registerSwitchLabelFont();
  loadWhenHindi(i18n.language);
  i18n.on('languageChanged', loadWhenHindi);
}
