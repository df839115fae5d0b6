/// <reference lib="dom" />
/**
 * Easy reading in every language (issue 24 item 7). For each of the eight languages besides English (whose
 * walk is in easy-reading.spec.ts), on a 360 px phone with large text and high contrast on: the landing page
 * as a visitor whose browser prefers the language, then, signed in as a traveller matched on tomorrow's
 * flight with a chat going, the dashboard, the companion page, travel plans, the chat and the profile. Each
 * screen passes axe (the AAA 7:1 contrast rule included) and shows no cut-off text, no text under 20 px and
 * no target under 48 px; a chat message is read aloud with the language's voice. Then each mode alone, in
 * English: large text without high contrast on the phone, high contrast without large text on a desktop.
 * Screenshots go to EASY_SHOTS_DIR (default /work/shots/easy), named after screen, mode and language.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { INTL_LOCALE, LOCALES, type Locale, type ReadingPreferences } from '@safarsaathi/contracts';
import { checkScreen } from '../support/a11y';
import { brokenWords, cutOffText, fakeSpeech, largeTextProblems, spoken } from '../support/easy-reading';
import { matchedPair, postRequest, signInAs } from '../support/pairs';
import { futureDate, openLanding } from '../support/ui';
import { createSignedInUser } from '../../platform/src/testing/users';

const SHOTS = process.env.EASY_SHOTS_DIR ?? '/work/shots/easy';
fs.mkdirSync(SHOTS, { recursive: true });

const PHONE_360 = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const FROM_COMPANION = 'I will wait at gate 32 with a card that says Kamala Rao.';

/** The voice tag for a language: the page's Intl tag without its extension (bn-IN-u-nu-latn → bn-IN). */
const voiceTag = (locale: Locale) => INTL_LOCALE[locale].split('-u-')[0]!;

let landingResult: Promise<string> | undefined;

/**
 * A companion offering help from ORD, the landing page's automatic search, so that the landing page is checked
 * with result cards on it (once per worker; a card cut off at a phone's width was missed without one).
 */
function offerFromOrd(baseURL: string): Promise<string> {
  landingResult ??= createSignedInUser(baseURL, { fullname: 'Meera Nair' }).then(({ client }) =>
    postRequest(client, {
      serviceType: 'provide',
      airline: 'Air India',
      flightNumber: `AI ${randomInt(1000, 10000)}`,
      travelDate: futureDate(40),
      fromAirport: 'ORD',
      toAirport: 'COK',
      confirmedTicket: true,
      languagesKnown: 'Malayalam',
      passengerName: 'Meera Nair',
      passengerAge: 41,
      passengerGender: 'female',
      freeService: true,
    }),
  );
  return landingResult;
}

/**
 * A matched pair with a conversation: the companion wrote first and the seeker answered. The seeker's
 * language, reading preferences and finished tour are set on the account, as if chosen on another device.
 */
async function seekerWithChat(baseURL: string, locale: Locale, preferences: ReadingPreferences) {
  const [{ need, provide }] = await Promise.all([matchedPair(baseURL, 1), offerFromOrd(baseURL)]);
  let conversation = '';
  await expect
    .poll(
      async () => {
        const started = await need.client.post<{ conversation_id: string }>('/api/chat/start-chat', {
          service_type: 'companion',
          user_caseid: need.caseid,
          matched_caseid: provide.caseid,
        });
        conversation = started.body.conversation_id;
        return started.status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  for (const [client, text] of [
    [provide.client, FROM_COMPANION],
    [need.client, 'Thank you! She will wear a green shawl.'],
  ] as const) {
    const sent = await client.post(`/api/chat/conversations/${conversation}/messages`, {
      message_text: text,
    });
    expect(sent.status).toBeLessThan(300);
  }
  expect((await need.client.put('/api/auth/locale', { locale })).status).toBe(200);
  expect((await need.client.put('/api/auth/preferences', preferences)).status).toBe(200);
  expect((await need.client.post('/api/tour/complete', {})).status).toBe(200);
  return need;
}

/** A browser whose language is `locale`, with the visitor's reading choice kept on this device. */
async function newBrowser(
  browser: Browser,
  locale: Locale,
  preferences: ReadingPreferences,
  viewport: typeof PHONE_360,
) {
  const context = await browser.newContext({ viewport, locale: voiceTag(locale) });
  await fakeSpeech(context, [voiceTag(locale)]);
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('safarsaathi.easyReading'))
      localStorage.setItem('safarsaathi.easyReading', chosen);
  }, JSON.stringify(preferences));
  return { context, page: await context.newPage() };
}

/**
 * The screens of the walk, each checked by `check` once it shows: the landing page as a visitor, then,
 * signed in, the dashboard, the companion page, travel plans, the chat (a dialog) and the profile.
 */
async function walkScreens(
  page: Page,
  signIn: () => Promise<void>,
  check: (screen: string, options?: { modal?: boolean }) => Promise<void>,
): Promise<void> {
  await openLanding(page);
  await expect(page.getByTestId('search-widget')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('search-result-card').first()).toBeVisible({ timeout: 20_000 });
  await check('landing');
  await signIn();
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-search-slot')).toBeVisible({ timeout: 20_000 });
  await check('dashboard');
  await page.goto('/companion-service');
  await expect(page.getByTestId('trip-day')).toBeVisible({ timeout: 20_000 });
  await check('companion');
  await page.goto('/travel-list');
  await expect(page.locator('main h1')).toBeVisible();
  await check('travel-plans');
  await page.goto('/messages');
  await page.getByTestId('conversation-row').first().click();
  const dialog = page.getByTestId('chat-dialog');
  await expect(dialog.getByTestId('chat-message')).toHaveCount(2, { timeout: 15_000 });
  await check('chat', { modal: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-easy-reading')).toBeVisible({ timeout: 20_000 });
  await check('profile');
}

for (const locale of LOCALES.filter((code) => code !== 'en')) {
  test(`${locale}: large text and high contrast at 360 px — every main screen passes axe (AAA contrast) with nothing cut off; a chat message is read in ${locale}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const both = { large_text: true, high_contrast: true };
    const need = await seekerWithChat(baseURL!, locale, both);
    const { context, page } = await newBrowser(browser, locale, both, PHONE_360);
    const label = `360-large-contrast-${locale}`;
    await walkScreens(
      page,
      () => signInAs(context, baseURL!, need.client),
      async (screen, { modal = false } = {}) => {
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.evaluate(() => document.fonts.ready);
        await checkScreen(page, screen, {
          modal,
          extraRules: ['color-contrast-enhanced'],
          label,
          shotsDir: SHOTS,
        });
        expect.soft(await cutOffText(page), `cut-off text on ${screen} (${locale})`).toEqual([]);
        expect.soft(await brokenWords(page), `broken words on ${screen} (${locale})`).toEqual([]);
        expect.soft(await largeTextProblems(page), `large text on ${screen} (${locale})`).toEqual([]);
        if (screen === 'chat') {
          // The companion's message, read with the language's voice.
          const received = page.locator('[data-testid="chat-message"][data-mine="false"]');
          await received.getByTestId('read-aloud').click();
          expect((await spoken(page)).at(-1)).toEqual({
            text: FROM_COMPANION,
            lang: voiceTag(locale),
            voice: voiceTag(locale),
          });
        }
      },
    );
    await context.close();
  });
}

test('each easy-reading mode alone passes axe: large text on a 360 px phone, high contrast (AAA) on a desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const modes = [
    { name: 'large', preferences: { large_text: true, high_contrast: false }, viewport: PHONE_360 },
    { name: 'contrast', preferences: { large_text: false, high_contrast: true }, viewport: DESKTOP },
  ];
  for (const { name, preferences, viewport } of modes) {
    const need = await seekerWithChat(baseURL!, 'en', preferences);
    const { context, page } = await newBrowser(browser, 'en', preferences, viewport);
    await walkScreens(
      page,
      () => signInAs(context, baseURL!, need.client),
      async (screen, { modal = false } = {}) => {
        await page.evaluate(() => document.fonts.ready);
        const bodySize = await page.evaluate(() => getComputedStyle(document.body).fontSize);
        expect(bodySize === '20px', `large text is ${preferences.large_text ? 'on' : 'off'}`).toBe(
          preferences.large_text,
        );
        await checkScreen(page, screen, {
          modal,
          extraRules: preferences.high_contrast ? ['color-contrast-enhanced'] : [],
          label: `${viewport.width}-${name}-en`,
          shotsDir: SHOTS,
        });
        if (preferences.large_text) {
          expect.soft(await cutOffText(page), `cut-off text on ${screen}`).toEqual([]);
          expect.soft(await brokenWords(page), `broken words on ${screen}`).toEqual([]);
          expect.soft(await largeTextProblems(page), `large text on ${screen}`).toEqual([]);
        }
      },
    );
    await context.close();
  }
});
