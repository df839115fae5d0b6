/// <reference lib="dom" />
/**
 * The landing page starts the app when the visitor acts (web-shell/src/landing/startOnIntent.ts): on a phone
 * the build-time first paint stands, with no app code running, until a touch, scroll, key or focus; on a
 * computer the app starts as soon as the search widget's frame is in view. A control focused on the first
 * paint keeps the focus in the real page.
 */
import { expect, test, type Page } from '@playwright/test';

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** Whether the shell's code has run: the list of remotes is its first call. */
function watchShellStart(page: Page): () => boolean {
  let started = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/remotes.json') started = true;
  });
  return () => started;
}

const autoSearchOutcome = (page: Page) => page.getByText(/^(Found \d+ traveller\(s\)|No results found)/);

test('phone: the first paint stands with no app code running until the visitor touches the page, then the real page and its search come', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const shellStarted = watchShellStart(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  // Time enough for an app that starts on its own to have asked for its remotes.
  await page.waitForTimeout(3_000);
  expect(shellStarted()).toBe(false);
  await expect(page.getByTestId('search-widget')).toHaveCount(0);
  // The first paint's links work without the app.
  await expect(page.locator('#root a[href="/login"]').first()).toBeVisible();

  await page.touchscreen.tap(200, 300);
  await expect(page.getByTestId('search-widget')).toBeVisible({ timeout: 20_000 });
  expect(shellStarted()).toBe(true);
  // The automatic public search runs once the app has started.
  await page.getByTestId('search-widget').scrollIntoViewIfNeeded();
  await expect(autoSearchOutcome(page)).toBeVisible({ timeout: 20_000 });
  await context.close();
});

test('phone: scrolling starts the app as well, and the page stays where the visitor scrolled to', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForLoadState('load');
  // The first paint shows the search widget's heading in its frame.
  await expect(page.locator('[data-first-paint="search"] h2')).toHaveText('Search Travelers & Requests');
  const scrolled = await page.evaluate(() => {
    window.scrollBy(0, 200);
    return window.scrollY;
  });
  expect(scrolled).toBeGreaterThan(100);
  await expect(page.getByTestId('search-widget')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('header-about')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await context.close();
});

test('computer: the app starts without any action once the search frame is in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('search-widget')).toBeVisible({ timeout: 20_000 });
  await expect(autoSearchOutcome(page)).toBeVisible({ timeout: 20_000 });
});

test('keyboard: a link focused on the first paint is focused again in the real page', async ({ page }) => {
  // Narrow, so the search frame is below the fold and only the keyboard starts the app.
  await page.setViewportSize({ width: 360, height: 640 });
  // The shell's entry held back until the Tabs are done, so that they land on the first paint's link.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  // The logo, the language switch and the easy-reading button (issue 38), then About.
  for (let press = 0; press < 4; press += 1) await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('About');
  await expect(page.getByTestId('header-about')).toHaveCount(0);
  release();
  await expect(page.getByTestId('header-about')).toBeFocused({ timeout: 20_000 });
});
