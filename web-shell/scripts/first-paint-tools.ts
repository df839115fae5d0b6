/**
 * The language switch and the easy-reading button of the build-time first paints (the landing page's header and
 * the dashboard frame's top bar; issue 38: both in the first screen of every page, before any app code). Plain
 * buttons with the real controls' icons, names and measures (web-kit's LanguageSwitch: the translate icon alone
 * below 600 px, then the language's name and the menu's arrow; EasyReadingMenu: a 40 px icon button), so the
 * app's first render puts the real ones where these were. src/landing/firstPaintTools.ts makes the first tap on
 * one open the real one's menu once the app is there.
 */
import { LOCALE_NAMES, type Locale } from '@safarsaathi/contracts';
import { TOOL_ATTRIBUTE } from '../src/landing/firstPaintTools';
import { escapeHtml } from './html';

/** The texts the two buttons need, in one language (the common catalogue's). */
export interface ToolTexts {
  language: { label: string };
  easyReading: { open: string };
}

/** Material icons' paths (@mui/icons-material: Translate, ArrowDropDown, Close, TextIncrease, FlightTakeoff). */
export const ICON_PATHS = {
  translate:
    'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z',
  arrowDropDown: 'm7 10 5 5 5-5z',
  close:
    'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  textIncrease:
    'M.99 19h2.42l1.27-3.58h5.65L11.59 19h2.42L8.75 5h-2.5zm4.42-5.61L7.44 7.6h.12l2.03 5.79zM20 11h3v2h-3v3h-2v-3h-3v-2h3V8h2z',
  flightTakeoff:
    'M2.5 19h19v2h-19zm19.57-9.36c-.21-.8-1.04-1.28-1.84-1.06L14.92 10l-6.9-6.43-1.93.51 4.14 7.17-4.97 1.33-1.97-1.54-1.45.39 2.59 4.49s7.12-1.9 16.57-4.43c.81-.23 1.28-1.05 1.07-1.85',
} as const;

export const icon = (path: string, className = '') =>
  `<svg${className ? ` class="${className}"` : ''} viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;

/** The two buttons' style: MUI's text Button and IconButton as the theme draws them. */
export const TOOLS_STYLE = `
.ft-tools{display:flex;align-items:center;gap:4px;flex-shrink:0}
.ft-tool{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-width:48px;height:40px;padding:0 8px;margin:0;border:0;border-radius:10px;background:none;color:inherit;font:inherit;font-weight:600;font-size:.875rem;line-height:1.75;white-space:nowrap;cursor:pointer;-webkit-tap-highlight-color:transparent}
.ft-tool svg{width:20px;height:20px;fill:currentColor;flex-shrink:0}
.ft-read{min-width:40px;width:40px;padding:8px;border-radius:50%}
.ft-read svg{width:24px;height:24px}
.ft-tool:focus-visible{outline:2px solid #1f4e8c;outline-offset:2px}
.ft-tool[aria-busy=true]{background:rgba(0,0,0,.1);cursor:progress}
.ft-name,.ft-arrow{display:none}
@media (min-width:600px){.ft-tools{gap:8px}.ft-tool{padding:0 12px}.ft-read{padding:8px}.ft-name{display:inline;margin-left:8px}.ft-tool svg.ft-arrow{display:inline-block;margin-left:2px}}
`;

/** The two buttons, in the page's language: the switch names the language, as the real one does. */
export function toolsHtml(texts: ToolTexts, locale: Locale): string {
  const name = LOCALE_NAMES[locale];
  return [
    '<span class="ft-tools">',
    `<button type="button" class="ft-tool" ${TOOL_ATTRIBUTE}="language" aria-haspopup="menu" aria-label="${escapeHtml(`${name} (${texts.language.label})`)}">`,
    icon(ICON_PATHS.translate),
    `<span class="ft-name">${escapeHtml(name)}</span>`,
    icon(ICON_PATHS.arrowDropDown, 'ft-arrow'),
    '</button>',
    `<button type="button" class="ft-tool ft-read" ${TOOL_ATTRIBUTE}="reading" aria-haspopup="dialog" aria-label="${escapeHtml(texts.easyReading.open)}">`,
    icon(ICON_PATHS.textIncrease),
    '</button>',
    '</span>',
  ].join('');
}
