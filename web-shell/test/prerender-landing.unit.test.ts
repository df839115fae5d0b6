import { describe, expect, it } from '@jest/globals';
import { siteCatalogue } from '../../web-remotes/site/src/i18n/catalogue';
import { landingHtml } from '../scripts/prerender-landing';

describe("the landing page's first paint, rendered at build time", () => {
  const shellIndex =
    '<!doctype html><html lang="en"><head><title>SafarSaathi</title></head><body><div id="root"></div><script defer src="/static/js/index.0123456789.js"></script></body></html>';

  it('holds the headline, the hero text and links that work before any script runs', () => {
    const html = landingHtml(shellIndex);
    const rootContent = /<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '';
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

  it('refuses a template without an empty #root', () => {
    expect(() => landingHtml('<!doctype html><title>no root</title>')).toThrow(/root/);
  });
});
