import { describe, expect, it } from '@jest/globals';
import { LOCALES } from '@safarsaathi/contracts';
import { dashboardHtml, dashboardTexts } from '../scripts/dashboard-first-paint';

describe("the dashboard's frame, rendered at build time", () => {
  const shellIndex =
    '<!doctype html><html lang="en"><head><title>SafarSaathi</title></head><body><div id="root"></div><script defer src="/static/js/index.0123456789.js"></script></body></html>';

  it('holds the Quick Actions links, the search heading and the navigation; the shell still boots', () => {
    const html = dashboardHtml(shellIndex);
    const rootContent = /<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '';
    expect(rootContent).toContain('>Quick Actions</h2>');
    expect(rootContent).toContain('<a class="dp-card" href="/companion-service">');
    expect(rootContent).toContain('>Companion Service</h3>');
    expect(rootContent).toContain('<a class="dp-card" href="/travel-list">');
    expect(rootContent).toContain('>Search Travelers &#38; Requests</h2>');
    expect(rootContent).toContain('<a href="/dashboard" aria-current="page">Home</a>');
    expect(rootContent).toContain('<a href="/messages">Messages</a>');
    // Nothing the build cannot know: no name in the greeting, no count.
    expect(rootContent).toContain('<p class="dp-greeting" aria-hidden="true"></p>');
    expect(rootContent).not.toMatch(/Welcome/);
    expect(html).toMatch(/<style>[^<]+<\/style><\/head>/);
    // Unlike the landing page, the shell's scripts run at once.
    expect(html).toContain('<script defer src="/static/js/index.0123456789.js"></script>');
  });

  it('has the top bar of every signed-in page: the language switch and easy reading, which work on the first tap (issue 38)', async () => {
    const html = dashboardHtml(shellIndex, undefined, 'en', '', '', '/static/js/frame-tools.0123456789.js');
    const top = /<header class="dp-top">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
    expect(top).toContain('<a class="dp-top-brand" href="/dashboard" aria-label="SafarSaathi home">');
    expect(top).toContain(
      'data-first-paint-tool="language" aria-haspopup="menu" aria-label="English (Language)"',
    );
    expect(top).toContain('data-first-paint-tool="reading" aria-haspopup="dialog" aria-label="Easy reading"');
    // Its script comes before the shell's, so it listens before the shell has loaded.
    expect(html).toContain(
      '<script defer src="/static/js/frame-tools.0123456789.js"></script><script defer src="/static/js/index.0123456789.js"></script>',
    );
    const tamil = dashboardHtml(shellIndex, await dashboardTexts('ta'), 'ta');
    expect(tamil).toContain('<span class="ft-name">தமிழ்</span>');
    expect(tamil).not.toContain('frame-tools');
  });

  it("is made in every language, from that language's catalogues, with <html lang> set to it", async () => {
    const headings = new Set<string>();
    for (const locale of LOCALES) {
      const texts = await dashboardTexts(locale);
      const html = dashboardHtml(shellIndex, texts, locale);
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain(`${texts.common.nav.home}</a>`);
      headings.add(texts.account.quickActions);
    }
    expect(headings.size).toBe(LOCALES.length);
  });
});
