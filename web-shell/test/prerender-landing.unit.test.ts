import { describe, expect, it } from '@jest/globals';
import { siteCatalogue } from '../../web-remotes/site/src/i18n/catalogue';
import { EARLY_LOGIN_TAP_SCRIPT, LOCALES } from '@safarsaathi/contracts';
import { firstPaintTexts, landingHtml, scriptFacesFor, startOnIntent } from '../scripts/prerender-landing';

describe("the landing page's first paint, rendered at build time", () => {
  const shellIndex =
    '<!doctype html><html lang="en"><head><title>SafarSaathi</title></head><body><div id="root"></div><script defer src="/static/js/index.0123456789.js"></script></body></html>';

  it('holds the headline, the hero text and links that work before any script runs', () => {
    const html = landingHtml(shellIndex);
    const rootContent = /<div id="root">([\s\S]*)<\/div><dialog id="login-island"/.exec(html)?.[1] ?? '';
    expect(rootContent.match(/<h1[ >]/g)).toHaveLength(1);
    expect(rootContent).toContain(`>${siteCatalogue.en.hero.title}</h1>`);
    expect(rootContent).toContain('Free, and for companionship only.</p>');
    expect(rootContent).toContain('href="/login"');
    expect(rootContent).toContain('href="/learn-more"');
    expect(rootContent).toContain('<main>');
    expect(html).toMatch(/<style>[^<]+<\/style><\/head>/);
    // The shell's scripts stay as they were: the page still boots and replaces the markup.
    expect(html).toContain('<script defer src="/static/js/index.0123456789.js"></script>');
  });

  it("carries the login island beside #root, closed, in the page language, with the app's first step", async () => {
    for (const locale of LOCALES) {
      const texts = await firstPaintTexts(locale);
      const html = landingHtml(shellIndex, texts, locale);
      const island = /<\/div>(<dialog id="login-island"[\s\S]*?<\/dialog>)/.exec(html)?.[1] ?? '';
      expect(island).not.toContain(' open');
      expect(island).toContain('aria-labelledby="login-island-title"');
      expect(island).toContain(`<label for="login-island-email">${texts.site.forms.emailAddress}</label>`);
      expect(island).toContain(`>${texts.site.login.emailConsent}</label>`);
      // Send OTP waits for an address and the consent, as in the app.
      expect(island).toContain(`disabled>${texts.site.forms.sendOtp}</button>`);
      expect(island).toContain(`aria-label="${texts.site.forms.close}"`);
    }
  });

  it("is made in every language, from that language's catalogue, with <html lang> set to it", async () => {
    const titles = new Set<string>();
    for (const locale of LOCALES) {
      const texts = await firstPaintTexts(locale);
      const html = landingHtml(shellIndex, texts, locale);
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain(`>${texts.site.hero.title}</h1>`);
      expect(html).toContain(`>${texts.common.header.login}</a>`);
      titles.add(texts.site.hero.title);
    }
    // Nine languages, nine headlines: no language fell back to another's texts.
    expect(titles.size).toBe(LOCALES.length);
    const hindi = await firstPaintTexts('hi');
    expect(hindi.site.hero.title).toBe('अब अकेले उड़ान नहीं: अपनी उड़ान के लिए सहयात्री खोजें');
  });

  it("names the language's script font from the build, so a device without one draws no boxes", async () => {
    const fontFiles = [
      'noto-sans-tamil-tamil-400-normal.69bb6a510f.woff2',
      'noto-sans-tamil-tamil-400-normal.b588db37d9.woff',
      'noto-sans-tamil-tamil-600-normal.cd92d80806.woff2',
      'noto-sans-devanagari-devanagari-400-normal.d8e9472653.woff2',
    ];
    const tamil = scriptFacesFor('ta', fontFiles);
    expect(tamil).toEqual({
      family: 'Noto Sans Tamil',
      files: {
        400: '/static/font/noto-sans-tamil-tamil-400-normal.69bb6a510f.woff2',
        600: '/static/font/noto-sans-tamil-tamil-600-normal.cd92d80806.woff2',
      },
    });
    expect(scriptFacesFor('mr', fontFiles)?.files).toEqual({
      400: '/static/font/noto-sans-devanagari-devanagari-400-normal.d8e9472653.woff2',
    });
    expect(scriptFacesFor('en', fontFiles)).toBeUndefined();
    const html = landingHtml(shellIndex, await firstPaintTexts('ta'), 'ta', tamil);
    expect(html).toContain(
      '@font-face{font-family:"Noto Sans Tamil";font-style:normal;font-display:swap;font-weight:600;src:url(/static/font/noto-sans-tamil-tamil-600-normal.cd92d80806.woff2) format("woff2")}',
    );
    expect(html).toMatch(/body\{font-family:[^}]*"Noto Sans Tamil",sans-serif\}/);
    expect(landingHtml(shellIndex)).not.toContain('@font-face');
  });

  it("stands for the shell's scripts with the start-on-intent script, which names them in their order", () => {
    const twoScripts = shellIndex.replace(
      '</head>',
      '<script defer src="/static/js/c.aaaaaaaaaa.js"></script><script defer src="/static/js/index.bbbbbbbbbb.js"></script></head>',
    );
    const html = landingHtml(
      twoScripts,
      undefined,
      'en',
      undefined,
      '',
      '/static/js/landing-start.cccccccccc.js',
    );
    // The start script, and the inline one that holds a tap on a login link until it runs (the CSP's hash).
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(`<script>${EARLY_LOGIN_TAP_SCRIPT}</script>`);
    expect(html).toContain(
      '<script defer src="/static/js/landing-start.cccccccccc.js" data-app-scripts="/static/js/c.aaaaaaaaaa.js /static/js/index.bbbbbbbbbb.js /static/js/index.0123456789.js" data-reading-key="safarsaathi.easyReading"></script></head>',
    );
    // The search widget's frame is what a computer's start waits to see.
    expect(html).toContain(
      '<div class="fp-frame" data-first-paint="search"><h2 class="fp-frame-title">Search Travelers &#38; Requests</h2></div>',
    );
    expect(() => startOnIntent('<html><head></head><body></body></html>', '/s.js')).toThrow(/script/);
  });

  it('has the language switch and the easy-reading button in its header, named in the page language (issue 38)', async () => {
    const header = (html: string) => /<header class="fp-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
    const english = header(landingHtml(shellIndex));
    expect(english).toContain(
      '<button type="button" class="ft-tool" data-first-paint-tool="language" aria-haspopup="menu" aria-label="English (Language)">',
    );
    expect(english).toContain('<span class="ft-name">English</span>');
    expect(english).toContain(
      '<button type="button" class="ft-tool ft-read" data-first-paint-tool="reading" aria-haspopup="dialog" aria-label="Easy reading">',
    );
    // Before About and Login, as in the real header.
    expect(english.indexOf('data-first-paint-tool="reading"')).toBeLessThan(
      english.indexOf('href="/learn-more"'),
    );
    const hindi = header(landingHtml(shellIndex, await firstPaintTexts('hi'), 'hi'));
    expect(hindi).toContain('aria-label="हिन्दी (भाषा)"');
    expect(hindi).toContain('<span class="ft-name">हिन्दी</span>');
    expect(hindi).toContain('aria-label="आसानी से पढ़ें"');
  });

  it('refuses a template without an empty #root', () => {
    expect(() => landingHtml('<!doctype html><title>no root</title>')).toThrow(/root/);
  });
});
