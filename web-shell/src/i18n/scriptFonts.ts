/**
 * Noto Sans for each Indian script (issues 14 and 24), fetched only once a language written in it is on
 * screen: an English reader downloads none of them, a Tamil reader only Tamil. Only the weights the theme
 * uses: 400 (text) and 600 (buttons, headings; 500 and 700 fall back to the nearest of these). The
 * @fontsource faces use `font-display: swap`, so text shows at once in a fallback font and switches when
 * the face arrives. The theme's font stack names every Noto family after the Latin ones.
 */
import { LABEL_SCRIPTS, i18n, labelFontName, type LabelScript } from '@safarsaathi/web-kit';
import { LOCALE_SCRIPTS, type Locale } from '@safarsaathi/contracts';
import devanagariLabel from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';
import gujaratiLabel from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff2';
import gurmukhiLabel from '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-400-normal.woff2';
import tamilLabel from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2';
import teluguLabel from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2';
import bengaliLabel from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2';
import malayalamLabel from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2';

/** The script each language is written in. */
const SCRIPT_OF: Partial<Record<Locale, LabelScript>> = LOCALE_SCRIPTS;

/** A script's two faces (static paths, so each is a chunk of its own). */
const FACES: Record<LabelScript, () => Promise<unknown>> = {
  Devanagari: () =>
    Promise.all([
      import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
      import('@fontsource/noto-sans-devanagari/devanagari-600.css'),
    ]),
  Gujarati: () =>
    Promise.all([
      import('@fontsource/noto-sans-gujarati/gujarati-400.css'),
      import('@fontsource/noto-sans-gujarati/gujarati-600.css'),
    ]),
  Gurmukhi: () =>
    Promise.all([
      import('@fontsource/noto-sans-gurmukhi/gurmukhi-400.css'),
      import('@fontsource/noto-sans-gurmukhi/gurmukhi-600.css'),
    ]),
  Tamil: () =>
    Promise.all([
      import('@fontsource/noto-sans-tamil/tamil-400.css'),
      import('@fontsource/noto-sans-tamil/tamil-600.css'),
    ]),
  Telugu: () =>
    Promise.all([
      import('@fontsource/noto-sans-telugu/telugu-400.css'),
      import('@fontsource/noto-sans-telugu/telugu-600.css'),
    ]),
  Bengali: () =>
    Promise.all([
      import('@fontsource/noto-sans-bengali/bengali-400.css'),
      import('@fontsource/noto-sans-bengali/bengali-600.css'),
    ]),
  Malayalam: () =>
    Promise.all([
      import('@fontsource/noto-sans-malayalam/malayalam-400.css'),
      import('@fontsource/noto-sans-malayalam/malayalam-600.css'),
    ]),
};

/**
 * For the language names in the switch: the 400 subset, the script's block (all a language's name
 * needs) and the system fonts tried first (Windows: Nirmala UI has every one of these scripts;
 * macOS and iOS: their own faces; Android and most Linux desktops: Noto).
 */
const LABELS: Record<LabelScript, { url: string; range: string; local: string[] }> = {
  Devanagari: {
    url: devanagariLabel,
    range: 'U+0900-097F',
    local: ['Kohinoor Devanagari', 'Devanagari Sangam MN', 'Mangal'],
  },
  Gujarati: {
    url: gujaratiLabel,
    range: 'U+0A80-0AFF',
    local: ['Kohinoor Gujarati', 'Gujarati Sangam MN', 'Shruti'],
  },
  Gurmukhi: {
    url: gurmukhiLabel,
    range: 'U+0A00-0A7F',
    local: ['Gurmukhi Sangam MN', 'Gurmukhi MN', 'Raavi'],
  },
  Tamil: {
    url: tamilLabel,
    range: 'U+0B80-0BFF',
    local: ['Tamil Sangam MN', 'Latha'],
  },
  Telugu: {
    url: teluguLabel,
    range: 'U+0C00-0C7F',
    local: ['Kohinoor Telugu', 'Telugu Sangam MN', 'Gautami'],
  },
  Bengali: {
    url: bengaliLabel,
    range: 'U+0980-09FF',
    local: ['Kohinoor Bangla', 'Bangla Sangam MN', 'Vrinda'],
  },
  Malayalam: {
    url: malayalamLabel,
    range: 'U+0D00-0D7F',
    local: ['Malayalam Sangam MN', 'Kartika'],
  },
};

const requested = new Set<LabelScript>();

function loadForLanguage(language: string): void {
  const script = SCRIPT_OF[language as Locale];
  if (!script || requested.has(script)) return;
  requested.add(script);
  void FACES[script]().catch(() => requested.delete(script));
}

/**
 * The language switch writes every language's name in its own script, on every page. Each name's face
 * prefers a font of the system; only without one is the script's 400 subset (11–50 KB) fetched, and only
 * when the name is drawn (a FontFace in document.fonts loads on use, within its unicode range).
 */
function registerSwitchLabelFonts(): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  for (const script of LABEL_SCRIPTS) {
    const { url, range, local } = LABELS[script];
    const sources = [
      `local("Noto Sans ${script}")`,
      `local("NotoSans${script}-Regular")`,
      'local("Nirmala UI")',
      ...local.map((name) => `local("${name}")`),
      `url(${url}) format("woff2")`,
    ].join(', ');
    document.fonts.add(
      new FontFace(labelFontName(script), sources, { display: 'swap', unicodeRange: range }),
    );
  }
}

export function loadScriptFontsWhenNeeded(): void {
  registerSwitchLabelFonts();
  loadForLanguage(i18n.language);
  i18n.on('languageChanged', loadForLanguage);
}
