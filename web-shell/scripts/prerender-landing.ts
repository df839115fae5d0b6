/**
 * The landing page's first paint as HTML, made at build time (a step of `npm run build:web`, before
 * scripts/precompress-web.ts): web-shell/dist/landing.html is the shell's index.html with the header, the hero (headline,
 * text, the two calls to action, the claims) and the search widget's frame written into `#root`, styled by an
 * inline style sheet that copies the theme's measures. The gateway answers `/` with it for a visitor who is not
 * signed in (gateway/src/web.ts). The phone paints the headline from the HTML alone, before any JavaScript,
 * federated module or translation has loaded. The page's one script is then src/landing/startOnIntent.ts (built
 * here, ≈ 2 KB), which runs the shell's scripts at the visitor's first touch, scroll, key or focus (on a
 * computer, as soon as the search widget's frame is in view); the shell then renders the real page into
 * `#root`, which replaces this markup in one commit (new nodes: nothing shifts). Its links work without
 * JavaScript (`/login`, `/learn-more`). The texts are the catalogues' (site and common namespaces), so they never drift: one page per
 * language (landing.html in English, landing.hi.html, ...), and the gateway answers the visitor's
 * (landingFileFor), so a Hindi visitor's first paint is in Hindi, not English until the shell has loaded.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  EARLY_LOGIN_TAP_SCRIPT,
  LOCALES,
  LOCALE_SCRIPTS,
  PRODUCT_NAME,
  dashboardFileFor,
  landingFileFor,
  type Locale,
} from '@safarsaathi/contracts';
import { dashboardHtml, dashboardTexts } from './dashboard-first-paint';
import { READING_STORAGE_KEY } from '../../web-kit/src/easyReading/preferences';
import {
  LOGIN_ISLAND_CONSENT_ID,
  LOGIN_ISLAND_EMAIL_ID,
  LOGIN_ISLAND_ID,
} from '../../web-kit/src/login/loginIsland';
import { PRIVACY_URL, TERMS_URL } from '../../web-kit/src/ui/links';
import { commonCatalogue, type CommonTexts } from '../../web-kit/src/i18n/common';
import { searchCatalogue } from '../../web-remotes/search/src/i18n/catalogue';
import { siteCatalogue, type SiteTexts } from '../../web-remotes/site/src/i18n/catalogue';
import { ICON_PATHS, TOOLS_STYLE, icon, toolsHtml } from './first-paint-tools';
import { escapeHtml } from './html';

/** The texts the first paint shows, in one language. */
export interface FirstPaintTexts {
  site: Pick<SiteTexts, 'hero' | 'searchSection'> & {
    /** The login island's texts (the app's login dialog says the same). */
    login: Record<'tagline' | 'emailConsent', string>;
    forms: Pick<
      SiteTexts['forms'],
      'emailAddress' | 'sendOtp' | 'close' | 'enterEmailTitle' | 'verifyOtpStep' | 'welcomeTitle'
    >;
  };
  common: {
    header: Pick<CommonTexts['header'], 'about' | 'login'>;
    footer: Pick<CommonTexts['footer'], 'terms' | 'privacy'>;
    legal: CommonTexts['legal'];
    /** The language switch's and the easy-reading button's names (first-paint-tools.ts). */
    language: Pick<CommonTexts['language'], 'label'>;
    easyReading: Pick<CommonTexts['easyReading'], 'open'>;
  };
  /** The search widget's heading, which its frame shows until the app has started. */
  search: { title: string };
}

const ENGLISH: FirstPaintTexts = {
  site: siteCatalogue.en,
  common: commonCatalogue.en,
  search: searchCatalogue.en,
};

/** A language's texts from its catalogue modules (the same ones the page loads). */
export async function firstPaintTexts(locale: Locale): Promise<FirstPaintTexts> {
  if (locale === 'en') return ENGLISH;
  const [site, common, search] = await Promise.all([
    siteCatalogue.loaders[locale](),
    commonCatalogue.loaders[locale](),
    searchCatalogue.loaders[locale](),
  ]);
  return { site: site.default, common: common.default, search: search.default };
}

/**
 * The login island's look: the app's login dialog (MUI Dialog, maxWidth sm, full screen on a phone; h4 title,
 * alternative-label stepper, outlined field, large contained button) in plain CSS, so the hand-over to the
 * app's dialog does not jump.
 */
const ISLAND_STYLE = `
.li{border:0;padding:0;width:calc(100% - 64px);max-width:600px;max-height:calc(100% - 64px);border-radius:10px;box-shadow:0 11px 15px -7px rgba(0,0,0,.2),0 24px 38px 3px rgba(0,0,0,.14),0 9px 46px 8px rgba(0,0,0,.12);color:rgba(0,0,0,.87);background:#fff;box-sizing:border-box}
.li::backdrop{background:rgba(0,0,0,.5)}
.li-top{display:flex;justify-content:flex-end;padding:8px 8px 0}
.li-close{width:40px;height:40px;border:0;border-radius:50%;background:none;color:rgba(0,0,0,.54);display:inline-flex;align-items:center;justify-content:center;cursor:pointer}
.li-close svg{width:24px;height:24px;fill:currentColor}
.li-body{display:flex;flex-direction:column;gap:24px;padding:8px 20px 32px}
.li-head{text-align:center}
.li-title{margin:0;color:#1f4e8c;font-weight:800;font-size:2.125rem;line-height:1.235}
.li-tag{margin:4px 0 0;color:rgba(0,0,0,.6)}
.li-steps{display:flex;list-style:none;margin:0;padding:0}
.li-steps li{flex:1;display:flex;flex-direction:column;align-items:center;gap:16px;font-size:.875rem;text-align:center;color:rgba(0,0,0,.6)}
.li-steps li::before{content:attr(data-n);width:24px;height:24px;border-radius:50%;background:rgba(0,0,0,.38);color:#fff;font-size:.75rem;line-height:24px}
.li-steps li[aria-current]{color:rgba(0,0,0,.87);font-weight:500}
.li-steps li[aria-current]::before{background:#1f4e8c}
.li-form{display:flex;flex-direction:column;gap:16px}
.li-field{display:flex;flex-direction:column;gap:4px}
.li-field label{font-size:.75rem;color:#1f4e8c}
.li-field input{font:inherit;font-size:1rem;padding:16.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:10px;outline-color:#1f4e8c}
.li-check{display:flex;align-items:center;gap:9px;font-size:.875rem;line-height:1.43}
.li-check input{width:18px;height:18px;margin:12px;accent-color:#1f4e8c;flex-shrink:0}
.li-send{font:inherit;font-weight:600;font-size:.9375rem;line-height:1.75;padding:8px 22px;border:0;border-radius:10px;background:#1f4e8c;color:#fff;cursor:pointer}
.li-send:disabled{background:rgba(0,0,0,.12);color:rgba(0,0,0,.38);cursor:default}
.li-send[aria-busy]{color:transparent;background:rgba(0,0,0,.12) radial-gradient(circle,#1f4e8c 0 5px,transparent 6px) center/24px 24px no-repeat}
.li-legal{margin:0;text-align:center;font-size:.75rem;line-height:1.66;color:rgba(0,0,0,.6)}
.li-legal a{color:#1f4e8c}
@media (max-width:599.95px){.li{width:100%;max-width:100%;height:100%;max-height:100%;border-radius:0;margin:0}}
@media (min-width:600px){.li-body{padding:8px 32px 32px}}`;

/** The theme's measures (web-kit/src/ui/theme.ts, MUI's AppBar, Container, Typography h3/h6 and large Button). */
const STYLE = `
body{margin:0;background:#f7f9fc;color:rgba(0,0,0,.87);font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;-webkit-font-smoothing:antialiased}
.fp-header{position:sticky;top:0;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
.fp-bar{display:flex;flex-wrap:wrap;align-items:center;gap:4px;max-width:1200px;margin:0 auto;min-height:56px;padding:0 8px;box-sizing:border-box}
.fp-links{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:center;gap:4px;margin-left:auto;min-height:48px}
.fp-brand{display:inline-flex;align-items:center;gap:8px;color:#1f4e8c;text-decoration:none;font-weight:800;font-size:1.25rem;line-height:1.6;letter-spacing:.3px;flex-shrink:0}
.fp-brand svg{width:24px;height:24px;fill:#f28c28}
.fp-btn{display:inline-flex;align-items:center;justify-content:center;border-radius:10px;font-weight:600;font-size:.875rem;line-height:1.75;padding:6px 8px;text-decoration:none;white-space:nowrap;color:inherit}
.fp-contained{background:#1f4e8c;color:#fff;padding:6px 16px}
.fp-hero{color:#fff;background:linear-gradient(135deg,#102a4c 0%,#1f4e8c 60%,#2f6db5 100%);padding:56px 0}
.fp-container{max-width:1200px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.fp-stack{display:flex;flex-direction:column;gap:24px;max-width:760px}
.fp-stack>*{margin:0}
.fp-title{font-weight:800;font-size:2rem;line-height:1.167}
.fp-text{font-weight:400;font-size:1.25rem;line-height:1.6;opacity:.9}
.fp-actions{display:flex;flex-direction:column;gap:16px}
.fp-large{font-size:.9375rem;padding:8px 22px}
.fp-cta{background:#f28c28;color:#102a4c}
.fp-outlined{border:1px solid currentColor;padding:7px 21px}
.fp-claims{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}
.fp-claims li{font-size:.8125rem;height:32px;line-height:32px;padding:0 12px;border-radius:16px;background:rgba(255,255,255,.14)}
.fp-search{padding:24px 16px}
.fp-frame-title{margin:0;padding:16px 24px;font-weight:700;font-size:min(1.5rem,6.4vw);line-height:1.334}
.fp-frame{min-height:320px;box-sizing:border-box;border-radius:10px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
.fp-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:600px){.fp-bar{gap:8px;padding:0 24px;min-height:64px}.fp-btn{padding:6px 16px}.fp-container{padding:0 24px}.fp-actions{flex-direction:row}.fp-search{padding:24px}}
@media (min-width:900px){.fp-frame-title{padding:24px 32px}.fp-hero{padding:96px 0}.fp-title{font-size:3rem}.fp-search{padding:40px 24px}}
${TOOLS_STYLE}
${ISLAND_STYLE}`;

/**
 * The first paint's markup: what `#root` holds until the shell renders. The header has the language switch and
 * the easy-reading button (issue 38), whose first tap starts the app and opens the real one.
 */
export function landingFirstPaint(
  { site, common, search }: FirstPaintTexts = ENGLISH,
  locale: Locale = 'en',
): string {
  const claims = Object.values(site.hero.claims)
    .map((claim) => `<li>${escapeHtml(claim)}</li>`)
    .join('');
  return [
    '<div class="fp">',
    '<header class="fp-header"><div class="fp-bar">',
    `<a class="fp-brand" href="/">${icon(ICON_PATHS.flightTakeoff)}${escapeHtml(PRODUCT_NAME)}</a><span class="fp-links">`,
    toolsHtml(common, locale),
    `<a class="fp-btn" href="/learn-more">${escapeHtml(common.header.about)}</a>`,
    `<a class="fp-btn fp-contained" href="/login">${escapeHtml(common.header.login)}</a>`,
    '</span></div></header>',
    '<main>',
    '<section class="fp-hero" aria-labelledby="fp-hero-title"><div class="fp-container"><div class="fp-stack">',
    `<h1 id="fp-hero-title" class="fp-title">${escapeHtml(site.hero.title)}</h1>`,
    `<p class="fp-text">${escapeHtml(site.hero.text)}</p>`,
    '<div class="fp-actions">',
    `<a class="fp-btn fp-large fp-cta" href="/login">${escapeHtml(site.hero.getStarted)}</a>`,
    `<a class="fp-btn fp-large fp-outlined" href="/learn-more">${escapeHtml(site.hero.learnMore)}<span class="fp-hidden">${escapeHtml(site.hero.learnMoreAbout)}</span></a>`,
    '</div>',
    `<ul class="fp-claims">${claims}</ul>`,
    '</div></div></section>',
    `<section class="fp-container fp-search" aria-label="${escapeHtml(site.searchSection)}"><div class="fp-frame" data-first-paint="search"><h2 class="fp-frame-title">${escapeHtml(search.title)}</h2></div></section>`,
    '</main>',
    '</div>',
  ].join('');
}

/**
 * The login island (web-kit/src/login/loginIsland.ts): the app's login dialog's first step as a closed
 * `<dialog>` beside `#root`, opened by src/landing/loginIsland.ts at the first tap on a login link.
 */
export function loginIslandHtml({ site, common }: FirstPaintTexts = ENGLISH): string {
  const steps = [site.forms.enterEmailTitle, site.forms.verifyOtpStep, site.forms.welcomeTitle]
    .map(
      (label, index) =>
        `<li data-n="${index + 1}"${index === 0 ? ' aria-current="step"' : ''}>${escapeHtml(label)}</li>`,
    )
    .join('');
  return [
    `<dialog id="${LOGIN_ISLAND_ID}" class="li" aria-labelledby="${LOGIN_ISLAND_ID}-title" data-testid="login-dialog">`,
    `<div class="li-top"><button type="button" class="li-close" data-close aria-label="${escapeHtml(site.forms.close)}">${icon(ICON_PATHS.close)}</button></div>`,
    '<div class="li-body">',
    `<div class="li-head"><h2 id="${LOGIN_ISLAND_ID}-title" class="li-title">${escapeHtml(PRODUCT_NAME)}</h2><p class="li-tag">${escapeHtml(site.login.tagline)}</p></div>`,
    `<ol class="li-steps">${steps}</ol>`,
    '<form class="li-form" novalidate>',
    `<div class="li-field"><label for="${LOGIN_ISLAND_EMAIL_ID}">${escapeHtml(site.forms.emailAddress)}</label><input id="${LOGIN_ISLAND_EMAIL_ID}" type="email" name="emailAddress" autocomplete="email" autofocus></div>`,
    `<label class="li-check"><input id="${LOGIN_ISLAND_CONSENT_ID}" type="checkbox" name="emailConsent">${escapeHtml(site.login.emailConsent)}</label>`,
    `<button type="submit" class="li-send" disabled>${escapeHtml(site.forms.sendOtp)}</button>`,
    '</form>',
    `<p class="li-legal">${escapeHtml(common.legal.agree)} <a href="${TERMS_URL}" target="_blank" rel="noopener noreferrer">${escapeHtml(common.footer.terms)}</a> ${escapeHtml(common.legal.and)} <a href="${PRIVACY_URL}" target="_blank" rel="noopener noreferrer">${escapeHtml(common.footer.privacy)}</a>${escapeHtml(common.legal.end)}</p>`,
    '</div>',
    '</dialog>',
  ].join('');
}

/** A script's Noto Sans faces in the build (the files the page itself loads for that language). */
export interface ScriptFaces {
  family: string;
  /** weight -> URL of its woff2 file */
  files: Partial<Record<400 | 600, string>>;
}

/**
 * The faces of a language's script among the build's fonts (web-shell/dist/static/font, hashed names):
 * without them a phone or computer with no font for the script would draw boxes until the app loads its own.
 */
export function scriptFacesFor(locale: Locale, fontFiles: readonly string[]): ScriptFaces | undefined {
  if (locale === 'en') return undefined;
  const script = LOCALE_SCRIPTS[locale];
  const slug = script.toLowerCase();
  const files: ScriptFaces['files'] = {};
  for (const weight of [400, 600] as const) {
    const file = fontFiles.find((name) =>
      new RegExp(`^noto-sans-${slug}-${slug}-${weight}-normal\\.[0-9a-f]+\\.woff2$`).test(name),
    );
    if (file) files[weight] = `/static/font/${file}`;
  }
  return { family: `Noto Sans ${script}`, files };
}

/** @font-face rules for the faces, and the body's font stack ending with their family. */
export function fontStyle(faces: ScriptFaces | undefined): string {
  if (!faces) return '';
  const rules = Object.entries(faces.files).map(
    ([weight, url]) =>
      `@font-face{font-family:"${faces.family}";font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format("woff2")}`,
  );
  return `${rules.join('')}body{font-family:"Segoe UI",Roboto,"Helvetica Neue",Arial,"${faces.family}",sans-serif}`;
}

const SHELL_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

/**
 * The shell's scripts (rsbuild's `<script defer>` tags) replaced by the start-on-intent script
 * (src/landing/startOnIntent.ts), which names them in `data-app-scripts` and runs them, in the same order, at
 * the visitor's first sign of intent.
 */
export function startOnIntent(html: string, startScript: string): string {
  const appScripts = [...html.matchAll(SHELL_SCRIPT)].map((match) => match[1] ?? '');
  if (appScripts.length === 0) throw new Error('index.html has no <script defer src="…"> of the shell');
  const tag = `<script defer src="${startScript}" data-app-scripts="${appScripts.map(escapeHtml).join(' ')}" data-reading-key="${escapeHtml(READING_STORAGE_KEY)}"></script>`;
  return html.replace(SHELL_SCRIPT, '').replace('</head>', `${tag}</head>`);
}

/**
 * The shell's index.html with the first paint in `#root`, its style sheet in the head and `<html lang>` set
 * to the page's language (screen readers pick their voice from it), with its script's faces. `emotionStyles`:
 * the first screen's MUI styles for the shell's own render (landing-styles.tsx), placed after them.
 * `startScript`: the URL of the built start-on-intent script, which then stands for the shell's scripts.
 */
export function landingHtml(
  indexHtml: string,
  texts: FirstPaintTexts = ENGLISH,
  locale: Locale = 'en',
  faces?: ScriptFaces,
  emotionStyles = '',
  startScript?: string,
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>') || !indexHtml.includes('<html lang="en"'))
    throw new Error('index.html has no <html lang="en">, no empty <div id="root"></div> or no </head>');
  const page = indexHtml
    .replace('<html lang="en"', `<html lang="${locale}"`)
    .replace(
      '</head>',
      // The early-tap script first: it must run before the page can be tapped (contracts' early-login-tap.ts).
      `<script>${EARLY_LOGIN_TAP_SCRIPT}</script><style>${STYLE.trim()}${fontStyle(faces)}</style>${emotionStyles}</head>`,
    )
    .replace(root, `<div id="root">${landingFirstPaint(texts, locale)}</div>${loginIslandHtml(texts)}`);
  return startScript ? startOnIntent(page, startScript) : page;
}

/**
 * Bundles one of src/landing's small scripts on its own (no shared module, no federation: each must stay a
 * few KB) into dist/static/js under a content-hashed name, as rsbuild names the shell's files; returns its URL.
 * `startOnIntent.ts` is the landing page's start script (`landing-start`), `frameTools.ts` the dashboard
 * frame's (`frame-tools`).
 */
async function buildSmallScript(dist: string, entry: string, label: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.resolve(__dirname, '..', 'src', 'landing', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`prerender-landing: esbuild wrote no ${label} script`);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  const name = `${label}.${hash}.js`;
  fs.writeFileSync(path.join(dist, 'static', 'js', name), code);
  process.stdout.write(`[prerender] web-shell/dist/static/js/${name}: ${code.length} bytes\n`);
  return `/static/js/${name}`;
}

async function main(): Promise<void> {
  const dist = path.resolve(__dirname, '..', 'dist');
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fontFiles = fs.readdirSync(path.join(dist, 'static', 'font'));
  // Style names are hashes of the production styles (landing-styles.tsx): React, MUI and Emotion must load
  // as production code from the start (npm run build:web sets the variable).
  if (process.env.NODE_ENV !== 'production')
    throw new Error('prerender-landing: run with NODE_ENV=production (npm run build:web does)');
  const { dashboardFirstScreenStyles, emotionStyleTag, landingFirstScreenStyles } =
    await import('./landing-styles');
  const styles = await landingFirstScreenStyles();
  const emotionStyles = emotionStyleTag(styles);
  const dashboardStyles = await dashboardFirstScreenStyles();
  const dashboardEmotionStyles = emotionStyleTag(dashboardStyles);
  const startScript = await buildSmallScript(dist, 'startOnIntent.ts', 'landing-start');
  const frameToolsScript = await buildSmallScript(dist, 'frameTools.ts', 'frame-tools');
  process.stdout.write(
    `[prerender] the first screen's ${styles.size} MUI styles: ${(emotionStyles.length / 1024).toFixed(1)} KiB; the dashboard's ${dashboardStyles.size}: ${(dashboardEmotionStyles.length / 1024).toFixed(1)} KiB\n`,
  );
  // The styles are the same in every language (the texts differ, not the components or the theme).
  for (const locale of LOCALES) {
    const faces = scriptFacesFor(locale, fontFiles);
    if (faces && !faces.files[400])
      throw new Error(`no ${faces.family} 400 face in web-shell/dist/static/font`);
    const html = landingHtml(index, await firstPaintTexts(locale), locale, faces, emotionStyles, startScript);
    fs.writeFileSync(path.join(dist, landingFileFor(locale)), html);
    // The dashboard's frame (dashboard-first-paint.ts): the shell's scripts as they are.
    const dashboard = dashboardHtml(
      index,
      await dashboardTexts(locale),
      locale,
      fontStyle(faces),
      dashboardEmotionStyles,
      frameToolsScript,
    );
    fs.writeFileSync(path.join(dist, dashboardFileFor(locale)), dashboard);
    process.stdout.write(
      `[prerender] web-shell/dist/${landingFileFor(locale)}: ${(html.length / 1024).toFixed(1)} KiB, ${dashboardFileFor(locale)}: ${(dashboard.length / 1024).toFixed(1)} KiB\n`,
    );
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
