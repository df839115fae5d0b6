/**
 * The dashboard's first paint as HTML, made at build time beside the landing page's (prerender-landing.ts):
 * web-shell/dist/dashboard.html (dashboard.hi.html, ...) is the shell's index.html with the dashboard's frame
 * in `#root`: the welcome band, the Quick Actions card with its two links, the search widget's frame with its
 * heading, and the navigation bar (at the bottom on a phone, at the side from 900 px). The gateway (and the
 * service worker) answers `/dashboard` with it for a signed-in visitor. Unlike the landing page, the shell's
 * scripts run at once: the frame only stands in while they load (on a throttled phone, seconds), and the
 * shell's first render replaces it in one commit (new nodes: nothing shifts).
 *
 * What the frame cannot know it leaves out rather than guessing: the traveller's name (the greeting's line is
 * kept empty, at its height), the unread counts, the bell and account menus (their places kept). The top bar's
 * language switch and easy-reading button are real buttons (issue 38): a first tap opens the real one once the
 * shell has rendered (src/landing/frameTools.ts, the frame's one script of its own).
 */
import { PRODUCT_NAME, type Locale } from '@safarsaathi/contracts';
import { SIGNED_IN_FRAME } from '../../web-kit/src/layout/signedInFrame';
import { accountCatalogue } from '../../web-remotes/account/src/i18n/catalogue';
import { commonCatalogue, type CommonTexts } from '../../web-kit/src/i18n/common';
import { searchCatalogue } from '../../web-remotes/search/src/i18n/catalogue';
import { ICON_PATHS, TOOLS_STYLE, icon, toolsHtml } from './first-paint-tools';
import { escapeHtml } from './html';

/** The texts the dashboard's frame shows, in one language. */
export interface DashboardTexts {
  account: {
    welcome: { subtitle: string };
    quickActions: string;
    quickActionChips: { gateToGate: string; language: string };
    companionTitle: string;
    companionSubtitle: string;
    travelPlansTitle: string;
    travelPlansSubtitle: string;
    searchSection: string;
  };
  common: {
    nav: Pick<CommonTexts['nav'], 'main' | 'productHome' | 'home' | 'companion' | 'travelPlans' | 'messages'>;
    language: Pick<CommonTexts['language'], 'label'>;
    easyReading: Pick<CommonTexts['easyReading'], 'open'>;
  };
  search: { title: string };
}

const ENGLISH: DashboardTexts = {
  account: accountCatalogue.en,
  common: commonCatalogue.en,
  search: searchCatalogue.en,
};

/** A language's texts from its catalogue modules (the ones the dashboard loads). */
export async function dashboardTexts(locale: Locale): Promise<DashboardTexts> {
  if (locale === 'en') return ENGLISH;
  const [account, common, search] = await Promise.all([
    accountCatalogue.loaders[locale](),
    commonCatalogue.loaders[locale](),
    searchCatalogue.loaders[locale](),
  ]);
  return { account: account.default, common: common.default, search: search.default };
}

/**
 * The measures of the real page (web-kit theme; MUI Paper, Card, Container, Typography h4/h5/h6/subtitle1/
 * body2; SignedInLayout's bars; DashboardPage, WelcomeHeader, QuickActionsCard, SearchWidget), so the app's
 * first render lands where the frame was.
 */
export const DASHBOARD_STYLE = `
body{margin:0;background:#f7f9fc;color:rgba(0,0,0,.87);font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;-webkit-font-smoothing:antialiased}
.dp-top{display:flex;align-items:center;gap:8px;box-sizing:border-box;min-height:${SIGNED_IN_FRAME.topBarHeight}px;padding:0 8px;background:#fff;border-bottom:1px solid rgba(0,0,0,.12)}
.dp-top-brand{display:inline-flex;align-items:center;gap:8px;flex-shrink:0;color:#1f4e8c;text-decoration:none;font-weight:800;font-size:1.25rem;line-height:1.6;letter-spacing:.3px}
.dp-top-brand svg{width:24px;height:24px;fill:#f28c28}
.dp-top .ft-tools{margin-left:auto}
.dp-main{padding-bottom:56px}
.dp-band{background:linear-gradient(135deg,#1f4e8c 0%,#2f6db5 100%);color:#fff;padding:16px 0 24px}
.dp-container{max-width:1200px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.dp-band-row{display:flex;flex-wrap:wrap-reverse;align-items:flex-end;column-gap:16px;row-gap:8px}
.dp-band-text{flex:1 1 12rem;min-width:0;padding-top:4px}
.dp-greeting{margin:0;font-weight:700;font-size:1.6rem;line-height:1.235;min-height:2.47em}
.dp-sub{margin:4px 0 0;opacity:.85}
.dp-controls{display:flex;gap:8px;margin-left:auto;flex-shrink:0}
.dp-controls span{width:40px;height:40px;border-radius:50%;background:rgba(255,255,255,.16)}
.dp-controls span+span{width:44px;height:44px}
.dp-stack{display:flex;flex-direction:column;gap:24px;margin-top:-12px;padding-bottom:96px}
.dp-paper{background:#fff;border-radius:10px;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12);padding:16px}
.dp-h2{margin:0 0 16px;font-weight:700;font-size:1.25rem;line-height:1.6}
.dp-grid{display:grid;gap:16px;grid-template-columns:1fr}
.dp-card{display:flex;gap:16px;align-items:flex-start;padding:16px;border:1px solid rgba(0,0,0,.12);border-radius:30px;color:inherit;text-decoration:none;background:#fff}
.dp-avatar{flex:0 0 48px;height:48px;border-radius:50%;background:#1f4e8c}
.dp-card h3{margin:0;font-weight:700;font-size:1rem;line-height:1.75}
.dp-card p{margin:0;font-size:.875rem;line-height:1.43;color:rgba(0,0,0,.6)}
.dp-chips{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.dp-chips span{height:24px;line-height:24px;padding:0 8px;border-radius:16px;font-size:.8125rem;background:rgba(0,0,0,.08)}
.dp-search{border:1px solid rgba(0,0,0,.12);border-radius:30px;background:#fff;padding:16px;min-height:520px;box-sizing:border-box}
.dp-search h2{margin:0 0 16px 8px;font-weight:700;font-size:min(1.5rem,6.4vw);line-height:1.334}
.dp-nav{position:fixed;left:0;right:0;bottom:0;display:flex;height:56px;background:#fff;box-shadow:0 5px 5px -3px rgba(0,0,0,.2),0 8px 10px 1px rgba(0,0,0,.14),0 3px 14px 2px rgba(0,0,0,.12);z-index:1100}
.dp-nav a{flex:1;display:flex;align-items:flex-end;justify-content:center;padding:0 4px 8px;font-size:.75rem;color:rgba(0,0,0,.6);text-decoration:none;white-space:nowrap}
.dp-nav a[aria-current]{color:#1f4e8c;font-size:.875rem}
.dp-brand{display:none}
@media (min-width:600px){.dp-top{padding:0 24px}.dp-container{padding:0 24px}.dp-grid{grid-template-columns:repeat(2,1fr)}.dp-search h2{margin-left:32px}.dp-greeting{min-height:1.235em}}
@media (min-width:900px){.dp-top{margin-left:80px}.dp-top-brand{display:none}.dp-main{padding-bottom:0;margin-left:80px}.dp-band{padding:24px 0 32px}.dp-greeting{font-size:2.1rem}.dp-stack{margin-top:-16px}.dp-paper,.dp-search{padding:24px}.dp-search{min-height:225px}.dp-grid{grid-template-columns:repeat(3,1fr)}
.dp-nav{top:0;right:auto;width:80px;height:auto;flex-direction:column;align-items:center;gap:8px;padding:16px 0;box-shadow:none;border-right:1px solid rgba(0,0,0,.12)}
.dp-nav a{flex:none;width:64px;padding:8px 0;align-items:center;font-size:.75rem}
.dp-nav a[aria-current]{font-size:.75rem;font-weight:700;background:rgba(0,0,0,.08);border-radius:20px}
.dp-brand{display:block;width:35px;height:35px;margin:8px 0 16px;border-radius:50%;background:#f28c28}}
${TOOLS_STYLE}`;

/** The frame's markup: what `#root` holds until the shell renders the dashboard. */
export function dashboardFirstPaint(
  { account, common, search }: DashboardTexts = ENGLISH,
  locale: Locale = 'en',
): string {
  const nav = (
    [
      ['/dashboard', common.nav.home],
      ['/companion-service', common.nav.companion],
      ['/travel-list', common.nav.travelPlans],
      ['/messages', common.nav.messages],
    ] as const
  )
    .map(
      ([to, label]) =>
        `<a href="${to}"${to === '/dashboard' ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`,
    )
    .join('');
  const card = (to: string, title: string, text: string, chips: readonly string[] = []) =>
    `<a class="dp-card" href="${to}"><span class="dp-avatar"></span><div><h3>${escapeHtml(title)}</h3><p>${escapeHtml(text)}</p>${
      chips.length > 0
        ? `<div class="dp-chips">${chips.map((chip) => `<span>${escapeHtml(chip)}</span>`).join('')}</div>`
        : ''
    }</div></a>`;
  return [
    '<div class="dp">',
    // The top bar of every signed-in page: the product's mark on a phone, the language and easy-reading buttons.
    '<header class="dp-top">',
    `<a class="dp-top-brand" href="/dashboard" aria-label="${escapeHtml(common.nav.productHome)}">${icon(ICON_PATHS.flightTakeoff)}${escapeHtml(PRODUCT_NAME)}</a>`,
    toolsHtml(common, locale),
    '</header>',
    `<main class="dp-main">`,
    // The greeting names the traveller, whom the page does not know yet: its lines stay empty (two on a phone,
    // where most names wrap beside the notification and account buttons, whose places are kept).
    '<header class="dp-band"><div class="dp-container"><div class="dp-band-row">',
    '<div class="dp-band-text"><p class="dp-greeting" aria-hidden="true"></p>',
    `<p class="dp-sub">${escapeHtml(account.welcome.subtitle)}</p></div>`,
    '<div class="dp-controls" aria-hidden="true"><span></span><span></span></div>',
    '</div></div></header>',
    '<div class="dp-container"><div class="dp-stack">',
    `<section class="dp-paper" aria-labelledby="dp-quick"><h2 id="dp-quick" class="dp-h2">${escapeHtml(account.quickActions)}</h2>`,
    '<div class="dp-grid">',
    card('/companion-service', account.companionTitle, account.companionSubtitle, [
      account.quickActionChips.gateToGate,
      account.quickActionChips.language,
    ]),
    card('/travel-list', account.travelPlansTitle, account.travelPlansSubtitle),
    '</div></section>',
    `<section aria-label="${escapeHtml(account.searchSection)}"><div class="dp-search"><h2>${escapeHtml(search.title)}</h2></div></section>`,
    '</div></div>',
    '</main>',
    `<nav class="dp-nav" aria-label="${escapeHtml(common.nav.main)}"><span class="dp-brand" title="${escapeHtml(PRODUCT_NAME)}"></span>${nav}</nav>`,
    '</div>',
  ].join('');
}

/**
 * The shell's index.html with the dashboard's frame in `#root`, its style sheet in the head and `<html lang>`
 * set to the page's language. The shell's scripts stay as they are. `fontStyle`: the language's script faces
 * (the landing page's, prerender-landing.ts).
 */
export function dashboardHtml(
  indexHtml: string,
  texts: DashboardTexts = ENGLISH,
  locale: Locale = 'en',
  fontStyle = '',
  /** The dashboard's first-screen MUI styles (landing-styles.tsx), which the shell's first commit then skips. */
  emotionStyles = '',
  /**
   * The URL of the frame's own script (src/landing/frameTools.ts: the top bar's buttons work on the first tap),
   * placed before the shell's scripts so that it runs first.
   */
  toolsScript?: string,
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>') || !indexHtml.includes('<html lang="en"'))
    throw new Error('index.html has no <html lang="en">, no empty <div id="root"></div> or no </head>');
  const page = indexHtml
    .replace('<html lang="en"', `<html lang="${locale}"`)
    .replace('</head>', `<style>${DASHBOARD_STYLE.trim()}${fontStyle}</style>${emotionStyles}</head>`)
    .replace(root, `<div id="root">${dashboardFirstPaint(texts, locale)}</div>`);
  if (!toolsScript) return page;
  const tag = `<script defer src="${escapeHtml(toolsScript)}"></script>`;
  const firstScript = page.indexOf('<script');
  return firstScript < 0
    ? page.replace('</head>', `${tag}</head>`)
    : `${page.slice(0, firstScript)}${tag}${page.slice(firstScript)}`;
}
