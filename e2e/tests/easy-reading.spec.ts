/// <reference lib="dom" />
/**
 * Easy reading (addendum §4, issue 24 items 6–7): "Read aloud" speaks a request card and the shared trip
 * in the page's language through speechSynthesis (a fake one injected here, with the voices a test
 * wants) and is absent without a voice for it; large text and high contrast are kept for a visitor,
 * saved to the account at sign-in, and every main screen passes axe (with the AAA 7:1 contrast rule)
 * and shows no cut-off text on a 360 px phone. Screenshots go to EASY_SHOTS_DIR (default /work/shots/easy).
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkScreen } from '../support/a11y';
import { signUpAndSkipTour } from '../support/auth';
import { postBookedRequest } from '../support/companion';
import { brokenWords, cutOffText, fakeSpeech, largeTextProblems, spoken } from '../support/easy-reading';
import { futureDate, openLanding } from '../support/ui';

const SHOTS = process.env.EASY_SHOTS_DIR ?? '/work/shots/easy';
fs.mkdirSync(SHOTS, { recursive: true });

const PHONE_360 = { width: 360, height: 740 };

test('Read aloud speaks a request card and the shared trip in the page language; no voice, no button', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await fakeSpeech(page.context(), ['fr-FR', 'en-US', 'hi-IN']);
  await signUpAndSkipTour(page, 'Meera Iyer');
  await postBookedRequest(page, {
    role: 'need',
    from: ['delhi', 'DEL'],
    to: ['JFK', 'JFK'],
    airline: 'Air India',
    flightNumber: 'AI 101',
    date: futureDate(30),
    name: 'Lakshmi Iyer',
    age: 78,
    gender: 'Female',
    language: 'Tamil',
  });
  const card = page.getByTestId('companion-request-card');
  await card.getByRole('button', { name: 'Read aloud' }).click();
  const said = await spoken(page);
  expect(said.length).toBeGreaterThan(0);
  for (const utterance of said) expect(utterance).toMatchObject({ lang: 'en-US', voice: 'en-US' });
  const text = said.map((utterance) => utterance.text).join('\n');
  // Read as sentences, not codes (issue 38): the route and the flight spelled, no case id.
  expect(text).toContain('D E L to J F K');
  expect(text).toContain('Lakshmi Iyer');
  expect(text).toContain('Air India A I 101');
  expect(text).not.toMatch(/SC-[A-Z0-9]{4,}/);
  // What is read is the card, not its controls.
  expect(text).not.toMatch(/Read aloud|Cancel Request|Share|Add to calendar/);
  // While it speaks, the same button stops it.
  await card.getByRole('button', { name: 'Stop reading' }).click();
  expect(await page.evaluate(() => (window as unknown as { __cancels: number }).__cancels)).toBeGreaterThan(
    0,
  );
  await expect(card.getByRole('button', { name: 'Read aloud' })).toBeVisible();
  // Read to the end, it turns back by itself.
  await card.getByRole('button', { name: 'Read aloud' }).click();
  await page.evaluate(() => (window as unknown as { __finishSpeaking: () => void }).__finishSpeaking());
  await expect(card.getByRole('button', { name: 'Read aloud' })).toBeVisible();

  // In Hindi the Hindi voice reads, with the page's tag.
  await page.evaluate(() => localStorage.setItem('safarsaathi.locale', 'hi'));
  await page.request.put('/api/auth/locale', { data: { locale: 'hi' } });
  await page.reload();
  await card.getByRole('button', { name: 'पढ़कर सुनाएँ' }).click();
  // The card is read in pieces (its 'what happens next' makes it long): every piece in the Hindi voice.
  const hindi = (await spoken(page)).filter((utterance) => utterance.lang === 'hi-IN');
  expect(hindi.length).toBeGreaterThan(0);
  for (const utterance of hindi) expect(utterance).toMatchObject({ lang: 'hi-IN', voice: 'hi-IN' });
  const hindiText = hindi.map((utterance) => utterance.text).join('\n');
  expect(hindiText).toContain('Lakshmi Iyer');
  expect(hindiText).toContain('D E L से J F K तक');
  await page.screenshot({ path: `${SHOTS}/read-aloud-card-hi.png` });
  await page.request.put('/api/auth/locale', { data: { locale: 'en' } });
  await page.evaluate(() => localStorage.setItem('safarsaathi.locale', 'en'));
  await page.reload();

  // The family page: a visitor whose browser lists its voices late (voiceschanged) gets the button…
  await card.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByRole('dialog').getByRole('textbox', { name: 'Share link' }).inputValue();
  const family = await browser.newContext({ viewport: PHONE_360 });
  await fakeSpeech(family, ['en-GB'], true);
  const familyPage = await family.newPage();
  await familyPage.goto(link);
  const trip = familyPage.getByTestId('shared-trip');
  await trip.getByRole('button', { name: 'Read aloud' }).click();
  const familySaid = await spoken(familyPage);
  expect(familySaid[0]).toMatchObject({ lang: 'en-US', voice: 'en-GB' });
  expect(familySaid.map((utterance) => utterance.text).join('\n')).toContain('D E L to J F K');
  await familyPage.screenshot({ path: `${SHOTS}/read-aloud-shared.png` });
  await family.close();

  // …one whose browser has no English voice does not.
  const noVoice = await browser.newContext({ viewport: PHONE_360 });
  await fakeSpeech(noVoice, ['fr-FR', 'de-DE']);
  const noVoicePage = await noVoice.newPage();
  await noVoicePage.goto(link);
  await expect(noVoicePage.getByTestId('shared-trip')).toBeVisible();
  await expect(noVoicePage.getByTestId('read-aloud')).toHaveCount(0);
  await noVoice.close();
});

test('large text and high contrast: kept for a visitor, saved at sign-in; 360 px walk with axe (AAA contrast) and nothing cut off', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE_360 });
  await fakeSpeech(context, ['en-US']);
  const page = await context.newPage();

  // A visitor turns both on from the header; the page changes at once and remembers it on reload.
  await openLanding(page);
  await page.getByRole('button', { name: 'Easy reading' }).click();
  const panel = page.getByRole('dialog', { name: 'Easy reading' });
  await panel.getByRole('switch', { name: /Large text/ }).check();
  await panel.getByRole('switch', { name: /High contrast/ }).check();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('20px');
  await page.screenshot({ path: `${SHOTS}/header-panel-360.png` });
  await page.keyboard.press('Escape');
  await page.reload();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('20px');
  await expect(page.getByText(/^(Found \d+ traveller\(s\)|No results found)/)).toBeVisible({
    timeout: 20_000,
  });

  const walk = async (screen: string) => {
    await page.evaluate(() => document.fonts.ready);
    await checkScreen(page, screen, {
      extraRules: ['color-contrast-enhanced'],
      label: '360-large-contrast',
      shotsDir: SHOTS,
    });
    expect.soft(await cutOffText(page), `cut-off text on ${screen}`).toEqual([]);
    expect.soft(await brokenWords(page), `broken words on ${screen}`).toEqual([]);
    expect.soft(await largeTextProblems(page), `large text on ${screen}`).toEqual([]);
  };
  await walk('landing');

  // Signing up saves the visitor's choice to the account.
  await signUpAndSkipTour(page, 'Kamala Venkataraman');
  await expect
    .poll(async () => (await page.request.get('/api/auth/preferences')).json())
    .toEqual({ large_text: true, high_contrast: true });
  await walk('dashboard');
  await postBookedRequest(page, {
    role: 'need',
    from: ['mumbai', 'BOM'],
    to: ['heathrow', 'LHR'],
    airline: 'British Airways',
    flightNumber: 'BA 138',
    date: futureDate(40),
    name: 'Kamala Venkataraman',
    age: 81,
    gender: 'Female',
    language: 'Malayalam',
  });
  await walk('companion');
  await page.goto('/travel-list');
  await walk('travel-plans');
  await page.goto('/messages');
  await walk('messages');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-easy-reading')).toBeVisible();
  await expect(
    page.getByTestId('profile-easy-reading').getByRole('switch', { name: /Large text/ }),
  ).toBeChecked();
  await walk('profile');

  // Turned off on the profile page: the account follows, and another device (a new session) too.
  await page
    .getByTestId('profile-easy-reading')
    .getByRole('switch', { name: /High contrast/ })
    .uncheck();
  await expect
    .poll(async () => (await page.request.get('/api/auth/preferences')).json())
    .toEqual({ large_text: true, high_contrast: false });
  await context.close();
});
