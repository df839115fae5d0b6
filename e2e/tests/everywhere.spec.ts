/// <reference lib="dom" />
/**
 * Language and large text everywhere (issue 38 item 5, spec safe-with-strangers §7): on a 360 × 740 phone, in
 * English and in Hindi, every screen shows the language switch and the easy-reading (large text) control in its
 * first screen, without scrolling (their boxes inside the viewport), and both work there: the switch changes
 * the page's language, the panel's first switch makes the text large. Signed out (the landing page's build-time
 * first paint included, whose first tap must start the app and open the real control), and signed in (every
 * page of the signed-in frame, the bell's list, the help dialog, the ops console). Screenshots of each screen
 * go to EVERYWHERE_SHOTS_DIR (default /work/shots/everywhere), phone and desktop.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ShareLink } from '@safarsaathi/contracts';
import { createSignedInUser } from '../../platform/src/testing/users';
import { adminContext, enterEmailAndCode, freshEmail } from '../support/auth';
import { postRequest, signedInPage } from '../support/pairs';
import { futureDate, openLanding } from '../support/ui';

const SHOTS = process.env.EVERYWHERE_SHOTS_DIR ?? '/work/shots/everywhere';
fs.mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES = ['en', 'hi'] as const;
type Language = (typeof LANGUAGES)[number];
const other = (language: Language): Language => (language === 'en' ? 'hi' : 'en');

/** Where the two controls are looked for: the page, or an open dialog that covers it. */
type Scope = Page | Locator;

/** Both controls visible and whole inside the viewport, as the page first shows it (no scrolling). */
async function expectInFirstScreen(page: Page, scope: Scope, screen: string): Promise<void> {
  // A full-screen dialog covers the viewport whatever the page under it scrolled to (opening it may have
  // scrolled its button into view): only where its own controls are counts.
  const dialog = screen.endsWith('-dialog');
  if (!dialog)
    expect(await page.evaluate(() => window.scrollY), `${screen}: the page has not scrolled`).toBe(0);
  const viewport = page.viewportSize()!;
  for (const id of ['language-switch', 'easy-reading-button']) {
    const control = scope.getByTestId(id);
    await expect(control, `${screen}: ${id}`).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(
      {
        screen,
        id,
        inside:
          box.x >= 0 &&
          box.y >= 0 &&
          box.x + box.width <= viewport.width &&
          box.y + box.height <= viewport.height,
      },
      `${screen}: ${id} at ${JSON.stringify(box)}`,
    ).toEqual({ screen, id, inside: true });
  }
}

/** The switch of `scope` changes the page to `to`. */
async function switchLanguage(page: Page, scope: Scope, to: Language): Promise<void> {
  await scope.getByTestId('language-switch').click();
  await page.getByTestId(`language-option-${to}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** The easy-reading control of `scope` opens its panel, whose first switch makes the text large, and back. */
async function toggleLargeText(page: Page, scope: Scope): Promise<void> {
  const fontSize = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
  await scope.getByTestId('easy-reading-button').click();
  const panel = page.getByTestId('easy-reading-panel');
  await expect(panel).toBeVisible();
  const largeText = panel.getByRole('switch').first();
  await largeText.check();
  await expect.poll(fontSize).toBe('20px');
  await largeText.uncheck();
  await expect.poll(fontSize).toBe('16px');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

/** The whole check on one screen in `language`: in the first screen, then each control used there. */
async function checkScreen(page: Page, scope: Scope, screen: string, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expectInFirstScreen(page, scope, screen);
  await page.screenshot({ path: path.join(SHOTS, `phone-${screen}-${language}.png`) });
  await switchLanguage(page, scope, other(language));
  await switchLanguage(page, scope, language);
  await toggleLargeText(page, scope);
}

/** A visitor's phone whose browser prefers `language`. */
async function visitorPhone(browser: Browser, language: Language, touch = false): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    locale: language === 'hi' ? 'hi-IN' : 'en-US',
    ...(touch ? { isMobile: true, hasTouch: true } : {}),
  });
}

for (const language of LANGUAGES)
  test(`${language}, phone: the landing page's first paint has both controls in its first screen, and the first tap opens them`, async ({
    browser,
  }) => {
    const context = await visitorPhone(browser, language, true);
    const page = await context.newPage();
    let shellStarted = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/remotes.json') shellStarted = true;
    });
    await page.goto('/');
    await page.waitForLoadState('load');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const firstPaint = page.locator('#root .fp');
    for (const tool of ['language', 'reading']) {
      const button = firstPaint.locator(`[data-first-paint-tool="${tool}"]`);
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Nothing of the app has run: the controls are the first paint's own.
    expect(shellStarted).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, `phone-landing-first-paint-${language}.png`) });

    // One tap on the first paint's switch starts the app and opens the real menu.
    await firstPaint.locator('[data-first-paint-tool="language"]').tap();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible({ timeout: 20_000 });
    expect(shellStarted).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `phone-landing-first-tap-menu-${language}.png`) });
    await page.getByTestId(`language-option-${other(language)}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other(language));

    // A later visit opens in that language, and one tap on the first paint's large text opens the panel.
    const again = await context.newPage();
    await again.goto('/');
    await again.waitForLoadState('load');
    await expect(again.locator('html')).toHaveAttribute('lang', other(language));
    await again.locator('#root .fp [data-first-paint-tool="reading"]').tap();
    const panel = again.getByTestId('easy-reading-panel');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await panel.getByRole('switch').first().check();
    await expect.poll(() => again.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('20px');
    await again.screenshot({ path: path.join(SHOTS, `phone-landing-large-text-${other(language)}.png`) });
    await context.close();
  });

test('phone, signed in: the dashboard frame has both controls before any script, and a tap on one opens it once the app is there', async ({
  browser,
  baseURL,
}) => {
  const traveller = await createSignedInUser(baseURL!, { fullname: 'Meera Iyer' });
  expect((await traveller.client.post('/api/tour/complete', {})).status).toBe(200);
  const { context, page } = await signedInPage(browser, baseURL!, traveller.client, PHONE);
  // The shell's entry held back: the frame stands alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const frame = page.locator('#root .dp');
  for (const tool of ['language', 'reading']) {
    const button = frame.locator(`[data-first-paint-tool="${tool}"]`);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.screenshot({ path: path.join(SHOTS, 'phone-dashboard-frame.png') });
  await frame.locator('[data-first-paint-tool="reading"]').click();
  await expect(frame.locator('[data-first-paint-tool="reading"]')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByTestId('easy-reading-panel')).toBeVisible({ timeout: 30_000 });
  await expect(frame).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'phone-dashboard-frame-tapped.png') });
  await context.close();
});

for (const language of LANGUAGES)
  test(`${language}, phone, signed out: every screen has both controls in its first screen, and they work there`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // A family page to visit: a traveller's request shared through the API.
    const owner = await createSignedInUser(baseURL!, { fullname: 'Sunita Rao' });
    const caseid = await postRequest(owner.client, {
      serviceType: 'need',
      fromAirport: 'DEL',
      toAirport: 'EWR',
      travelDate: futureDate(20),
      airline: 'Air India',
      flightNumber: 'AI 105',
      confirmedTicket: true,
      languagesKnown: 'Hindi',
      passengerName: 'Kamala Rao',
      passengerAge: 72,
      passengerGender: 'female',
    });
    const link = await owner.client.post<ShareLink>('/api/share-links', { kind: 'request', id: caseid });
    expect(link.status).toBe(200);

    const context = await visitorPhone(browser, language);
    const page = await context.newPage();
    await openLanding(page);
    await checkScreen(page, page, 'landing', language);

    for (const [screen, address] of [
      ['learn-more', '/learn-more'],
      ['login-page', '/login'],
      ['family-page', link.body.path],
      ['terms', '/terms-conditions.html'],
      ['privacy', '/privacy-policy.html'],
      ['not-found', '/no-such-page'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await checkScreen(page, page, screen, language);
    }
    // The legal pages are English; a Hindi reader is told so in Hindi.
    if (language === 'hi') {
      await page.goto('/terms-conditions.html');
      await expect(page.getByTestId('legal-english-only')).toHaveText('यह पेज अभी केवल अंग्रेज़ी में उपलब्ध है।');
    }

    // The login dialog, full-screen on a phone, carries both controls itself.
    await openLanding(page);
    await page.getByTestId('header-login').click();
    const login = page.getByTestId('login-dialog').getByRole('dialog');
    await expect(login.getByRole('textbox')).toBeVisible();
    await checkScreen(page, login, 'login-dialog', language);
    await context.close();
  });

test('phone: the registration dialog has both controls, and turns Hindi and back there', async ({
  browser,
}) => {
  const context = await visitorPhone(browser, 'en');
  const page = await context.newPage();
  await page.goto('/login');
  await enterEmailAndCode(page, freshEmail('everywhere'));
  const dialog = page.getByRole('dialog', { name: 'Complete Your Registration' });
  await expect(dialog.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Full Name' }).fill('Kamala Devi');
  await expectInFirstScreen(page, dialog, 'registration');
  await page.screenshot({ path: path.join(SHOTS, 'phone-registration-en.png') });
  await switchLanguage(page, dialog, 'hi');
  const hindi = page.getByRole('dialog', { name: 'अपना पंजीकरण पूरा करें' });
  // What was typed stays.
  await expect(hindi.getByRole('textbox', { name: 'पूरा नाम' })).toHaveValue('Kamala Devi');
  await expectInFirstScreen(page, hindi, 'registration');
  await page.screenshot({ path: path.join(SHOTS, 'phone-registration-hi.png') });
  await toggleLargeText(page, hindi);
  await switchLanguage(page, hindi, 'en');
  await context.close();
});

for (const language of LANGUAGES)
  test(`${language}, phone, signed in: every page, the bell's list and the help dialog have both controls in the first screen`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const traveller = await createSignedInUser(baseURL!, { fullname: 'Meera Iyer' });
    expect((await traveller.client.post('/api/tour/complete', {})).status).toBe(200);
    expect((await traveller.client.put('/api/auth/locale', { locale: language })).status).toBe(200);
    const { context, page } = await signedInPage(browser, baseURL!, traveller.client, PHONE);

    for (const [screen, address] of [
      ['dashboard', '/dashboard'],
      ['companion', '/companion-service'],
      ['travel-form', '/travel-form'],
      ['travel-plans', '/travel-list'],
      ['messages', '/messages'],
      ['profile', '/profile'],
      ['help-page', '/help-support'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('signed-in-top-bar')).toBeVisible();
      await checkScreen(page, page, screen, language);
    }

    // The bell's list opens under the top bar: the controls stay in view, and are there once it is closed.
    await page.goto('/dashboard');
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-list')).toBeVisible();
    await expectInFirstScreen(page, page.getByTestId('signed-in-top-bar'), 'notifications');
    await page.screenshot({ path: path.join(SHOTS, `phone-notifications-${language}.png`) });
    await page.keyboard.press('Escape');
    await checkScreen(page, page, 'notifications-closed', language);

    // The help dialog, full-screen on a phone, carries both controls itself.
    await page.getByTestId('help-button').click();
    const help = page.getByTestId('create-case-dialog').getByRole('dialog');
    await expect(help).toBeVisible();
    await checkScreen(page, help, 'help-dialog', language);
    await context.close();
  });

test('phone, the ops console: both controls in the first screen of each of its pages, in English and Hindi', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The console's frame as a traveller meets it (its pages say they are for admins only): switched both ways.
  const traveller = await createSignedInUser(baseURL!, { fullname: 'Arjun Mehta' });
  expect((await traveller.client.post('/api/tour/complete', {})).status).toBe(200);
  const { context, page } = await signedInPage(browser, baseURL!, traveller.client, PHONE);
  const pages = [
    ['ops-cases', '/admin/cases'],
    ['ops-user-status', '/admin/user-status'],
    ['ops-audit', '/admin/audit'],
  ] as const;
  for (const language of LANGUAGES) {
    expect((await traveller.client.put('/api/auth/locale', { locale: language })).status).toBe(200);
    for (const [screen, address] of pages) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await checkScreen(page, page, screen, language);
    }
  }
  await context.close();

  // The admin's console itself: the same two controls in view (not used here: the admin's account is shared
  // with the other browser tests, whose words must stay English).
  const admin = await adminContext(browser);
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize(PHONE);
  for (const [screen, address] of pages) {
    await adminPage.goto(address);
    await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expectInFirstScreen(adminPage, adminPage, `admin-${screen}`);
    await adminPage.screenshot({ path: path.join(SHOTS, `phone-admin-${screen}.png`) });
  }
  await admin.close();
});

test('desktop: the same two controls in the public header, the signed-in top bar and the dialogs (screenshots)', async ({
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const page = await visitor.newPage();
  await openLanding(page);
  await expectInFirstScreen(page, page, 'desktop-landing');
  await page.screenshot({ path: path.join(SHOTS, 'desktop-landing.png') });
  await page.getByTestId('header-login').click();
  const login = page.getByTestId('login-dialog').getByRole('dialog');
  await expectInFirstScreen(page, login, 'desktop-login-dialog');
  await page.screenshot({ path: path.join(SHOTS, 'desktop-login-dialog.png') });
  await page.goto('/privacy-policy.html');
  await expectInFirstScreen(page, page, 'desktop-privacy');
  await page.screenshot({ path: path.join(SHOTS, 'desktop-privacy.png') });
  await visitor.close();

  const traveller = await createSignedInUser(baseURL!, { fullname: 'Meera Iyer' });
  expect((await traveller.client.post('/api/tour/complete', {})).status).toBe(200);
  const { context, page: signedIn } = await signedInPage(browser, baseURL!, traveller.client, DESKTOP);
  for (const [screen, address] of [
    ['desktop-dashboard', '/dashboard'],
    ['desktop-companion', '/companion-service'],
  ] as const) {
    await signedIn.goto(address);
    await expect(signedIn.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await expectInFirstScreen(signedIn, signedIn, screen);
    await signedIn.screenshot({ path: path.join(SHOTS, `${screen}.png`) });
  }
  await context.close();
});
