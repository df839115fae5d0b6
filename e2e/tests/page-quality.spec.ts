/// <reference lib="dom" />
/**
 * What Lighthouse's SEO and best-practice audits look at, checked in the browser (issue 20, point 7): the
 * landing page describes itself to search engines and link previews, has icons served as images and a
 * robots.txt, and runs without a Content-Security-Policy violation or a console error; a returning
 * traveller's dashboard makes no failing call and logs no error.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUpAndSkipTour } from '../support/auth';

/** Console errors (failed loads included), script errors, answers of 400 and above, CSP violations. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  // A violation the page catches (a library probing for eval) logs nothing, but the browser reports it.
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (text: string) => Promise<void> }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return problems;
}

test('the landing page describes itself, has its icons and robots.txt, and runs without a CSP violation or console error', async ({
  page,
}) => {
  const problems = await watchProblems(page);
  await page.goto('/');
  await expect(page.getByText(/^(Found \d+ traveller\(s\)|No results found)/)).toBeVisible({
    timeout: 20_000,
  });

  await expect(page).toHaveTitle(/SafarSaathi/);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
  expect((await meta('name="description"'))?.length).toBeGreaterThan(50);
  expect(await meta('property="og:title"')).toMatch(/SafarSaathi/);
  expect((await meta('property="og:description"'))?.length).toBeGreaterThan(50);
  expect(await meta('property="og:type"')).toBe('website');

  // Every icon the page links answers with an image.
  const icons = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThanOrEqual(2);
  for (const href of [...icons, new URL('/favicon.ico', page.url()).href]) {
    const answer = await page.request.get(href);
    expect([href, answer.status(), answer.headers()['content-type']]).toEqual([
      href,
      200,
      expect.stringMatching(/^image\//),
    ]);
  }
  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^Disallow: \/dashboard$/m);

  // The Learn More link says where it leads (Lighthouse's link-text audit and WCAG 2.4.4).
  await expect(page.getByTestId('hero-learn-more')).toHaveAccessibleName('Learn More about SafarSaathi');
  await page.waitForTimeout(1000);
  expect(problems, 'console errors, failed calls and CSP violations on the landing page').toEqual([]);
});

test('a returning traveller’s dashboard makes no failing call and logs no error', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // Signed up and through the tour in one tab; the dashboard is then opened as on a later visit.
  await signUpAndSkipTour(page, 'Kavya Returning');
  const later = await context.newPage();
  const problems = await watchProblems(later);
  await page.close();
  await later.goto('/dashboard');
  await expect(later.getByTestId('dashboard-welcome')).toHaveText('Welcome, Kavya Returning');
  await expect(later.getByTestId('guided-tour')).toBeHidden();
  await later.reload();
  await expect(later.getByTestId('dashboard-welcome')).toBeVisible();

  // What a traveller does there: the notifications, the profile, help, a search, the language and back.
  const bell = later.getByTestId('notification-bell');
  await bell.click();
  await expect(later.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await later.keyboard.press('Escape');
  await later.getByRole('button', { name: 'Account menu' }).click();
  await later.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(later.getByRole('dialog', { name: /Profile/ })).toBeVisible();
  await later.keyboard.press('Escape');
  await later.getByTestId('help-button').click();
  await expect(later.getByRole('dialog', { name: /Create a Case/i })).toBeVisible();
  await later.keyboard.press('Escape');
  await later.getByTestId('dashboard-search-slot').getByRole('button', { name: 'Search' }).click();
  await later.getByTestId('language-switch').click();
  await later.getByTestId('language-option-hi').click();
  await expect(later.getByTestId('language-switch')).toHaveText('हिन्दी');
  await later.getByTestId('language-switch').click();
  await later.getByTestId('language-option-en').click();
  await expect(later.getByTestId('language-switch')).toHaveText('English');
  await later.waitForTimeout(2000);
  expect(problems, 'console errors, failed calls and CSP violations on the dashboard').toEqual([]);
});

test("the landing page's first screen is styled by the MUI styles made at build time, not inserted again", async ({
  page,
}) => {
  // The page carries its first screen's styles (web-shell/scripts/landing-styles.tsx), so it comes compressed.
  const answer = await page.request.get('/', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  expect(answer.headers()['content-encoding']).toBe('br');
  expect(await answer.text()).toMatch(/<style data-emotion="css [\w -]+">\.css-/);

  await page.goto('/');
  const widget = page.getByTestId('search-widget');
  await expect(widget.getByRole('heading', { name: 'Search Travelers & Requests' })).toBeVisible();
  const styles = await page.evaluate(() => {
    const tag = document.querySelector<HTMLStyleElement>('style[data-emotion^="css "]');
    const registered = new Set((tag?.getAttribute('data-emotion') ?? '').split(' ').slice(1));
    // The header and the search form as the shell rendered them (the result cards are not on the first screen).
    const elements = document.querySelectorAll('header [class], [data-testid="search-widget"] [class]');
    const used = new Set<string>();
    for (const element of Array.from(elements)) {
      if (element.closest('[data-testid="search-result-card"]')) continue;
      for (const name of Array.from(element.classList)) if (name.startsWith('css-')) used.add(name.slice(4));
    }
    const usedAndRegistered = [...used].filter((name) => registered.has(name));
    // Rules for those names anywhere else than the build's tag: Emotion would have compiled them again.
    const elsewhere = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.ownerNode === tag) continue;
      for (const rule of Array.from(sheet.cssRules))
        for (const name of usedAndRegistered) if (rule.cssText.includes(`.css-${name}`)) elsewhere.add(name);
    }
    return { used: used.size, usedAndRegistered: usedAndRegistered.length, insertedAgain: [...elsewhere] };
  });
  expect(styles.used).toBeGreaterThan(20);
  // The build's render and the browser's agree on (nearly) every name; a few depend on the screen's width.
  expect(styles.usedAndRegistered / styles.used).toBeGreaterThan(0.8);
  expect(styles.insertedAgain).toEqual([]);
});
