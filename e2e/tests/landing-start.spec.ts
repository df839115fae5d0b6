/// <reference lib="dom" />
/**
 * The landing page starts the app when the visitor acts (web-shell/src/landing/startOnIntent.ts): on a phone
 * the build-time first paint stands, with no app code running, until a touch, scroll, key or focus; on a
 * computer the app starts as soon as the search widget's frame is in view. A control focused on the first
 * paint keeps the focus in the real page. "Get Started" opens the build-time login island at once, and the
 * app's own dialog takes over what was typed there (web-kit/src/login/loginIsland.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { completeRegistration, freshEmail, mailIdsTo, readCode } from '../support/auth';

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** Whether the shell's code has run: the list of remotes is its first call. */
function watchShellStart(page: Page): () => boolean {
  let started = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/remotes.json') started = true;
  });
  return () => started;
}

/** The shell's entry script (the app cannot start without it) and the landing page's start script. */
const SHELL_ENTRY = /\/static\/js\/index\.[0-9a-f]+\.js$/;
const START_SCRIPT = /\/static\/js\/landing-start\.[0-9a-f]+\.js$/;

/** Holds the scripts matching `pattern` back until `release()`. */
async function holdScript(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
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
  const release = await holdScript(page, SHELL_ENTRY);
  await page.goto('/');
  await page.waitForLoadState('load');
  // The logo, the language switch and the easy-reading button (issue 38), then About.
  for (let press = 0; press < 4; press += 1) await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('About');
  await expect(page.getByTestId('header-about')).toHaveCount(0);
  release();
  await expect(page.getByTestId('header-about')).toBeFocused({ timeout: 20_000 });
});

test('phone: Get Started opens the login dialog before the app is there; what was typed and Send OTP carry over', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const release = await holdScript(page, SHELL_ENTRY);
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.getByRole('link', { name: 'Get Started' }).tap();

  // The island: the dialog of the first step, its field focused, while the app has not started.
  const dialog = page.getByRole('dialog', { name: 'SafarSaathi' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByRole('textbox', { name: 'Email Address' });
  await expect(email).toBeFocused();
  const address = freshEmail('island');
  await page.keyboard.type(address);
  const send = dialog.getByRole('button', { name: 'Send OTP' });
  // As in the app: Send OTP waits for an address and the consent.
  await expect(send).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: 'I agree to receive emails for login verification and account alerts' })
    .check();
  await expect(send).toBeEnabled();
  const seen = await mailIdsTo(address);
  const pressedAt = Date.now();
  await send.tap();
  await expect(send).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('search-widget')).toHaveCount(0);

  // The app comes, its dialog takes over with the address, and sends the code the visitor asked for.
  release();
  await expect(page.locator('#login-island')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    page.getByText('OTP sent successfully! Check your email for the verification code.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'SafarSaathi' })).toHaveCount(1);
  await expect(page.getByText(address)).toBeVisible();
  const code = await readCode(address, pressedAt, seen);
  // The rest of the sign-in is the app's: the code, the registration, the dashboard, and no dialog left over.
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).tap();
  await completeRegistration(page, 'Island Traveller');
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
  await expect(page.getByTestId('login-dialog')).toHaveCount(0, { timeout: 10_000 });
  await context.close();
});

test('phone: typing goes on while the app takes over, into the same field; an island closed first stays closed', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.getByRole('link', { name: 'Get Started' }).tap();
  // The app starts behind the dialog: keys typed across the hand-over all land, in order, in the focused field.
  const text = 'grandmother.travels.alone@example.org';
  await page.keyboard.type(text, { delay: 40 });
  const email = page
    .getByRole('dialog', { name: 'SafarSaathi' })
    .getByRole('textbox', { name: 'Email Address' });
  await expect(page.locator('#login-island')).toHaveCount(0, { timeout: 30_000 });
  await expect(email).toHaveValue(text);
  await expect(email).toBeFocused();

  await context.close();

  // Another visitor closes the island before the app is there: the app does not open its dialog again.
  const otherContext = await browser.newContext(PHONE);
  const other = await otherContext.newPage();
  const release = await holdScript(other, SHELL_ENTRY);
  await other.goto('/');
  await other.waitForLoadState('load');
  await other.getByRole('link', { name: 'Get Started' }).tap();
  await expect(other.getByRole('dialog', { name: 'SafarSaathi' })).toBeVisible();
  await other.keyboard.press('Escape');
  await expect(other.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(other.getByTestId('search-widget')).toBeVisible({ timeout: 30_000 });
  await other.waitForTimeout(1_000);
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await otherContext.close();
});

test('phone: a tap on Get Started before the start script has arrived is held, and the login dialog opens when it runs', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const release = await holdScript(page, START_SCRIPT);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Get Started' }).tap();
  // The page's inline script (allowed by the CSP's hash) kept the link from leaving for /login.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('data-login-tapped', '');
  release();
  const dialog = page.getByRole('dialog', { name: 'SafarSaathi' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Email Address' })).toBeFocused();
  expect(violations).toEqual([]);
  await context.close();
});
