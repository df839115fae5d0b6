/**
 * Posting for family (issue 38, §7), on a 360 × 740 phone in English and in Hindi: a daughter's need form
 * asks who is travelling; she posts for her mother; her own card says "Posted by Meera for Kamala"; a
 * student offering help on the same flight is matched, and his card says the same and labels the trust
 * figures as Meera's account's. Screenshots (phone and desktop) go to FAMILY_POST_SHOTS_DIR when it is set.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { INTL_LOCALE } from '@safarsaathi/contracts';
import type { ApiClient } from '../../platform/src/testing/api-client';
import { createSignedInUser } from '../../platform/src/testing/users';
import { checkScreen } from '../support/a11y';
import { fillBookedRequestForm } from '../support/companion';
import { postRequest, requestView, signedInPage } from '../support/pairs';
import { futureDate, pickAirport, shot as saveShot } from '../support/ui';

const SHOTS = process.env.FAMILY_POST_SHOTS_DIR;
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * The Hindi words the test reads (web-remotes/companion/src/i18n/catalogue.hi.ts, family.hi.ts and web-kit's
 * postedFor.ts; not imported: the server type check, which covers e2e, does not compile the web code).
 */
const H = {
  tabNew: 'नया अनुरोध',
  needAction: 'सहयात्री खोजें',
  whoTravels: 'यात्रा कौन कर रहा है?',
  self: 'मैं ख़ुद',
  family: 'मेरे परिवार का कोई सदस्य',
  familyHelp:
    'नीचे यात्री के रूप में उनका नाम लिखें। अनुरोध और बातचीत आप उनकी ओर से करेंगे, और आपके सहयात्री को दिखेगा कि आपने यह उनके लिए भेजा है।',
  airline: 'एयरलाइन का नाम',
  flightNumber: 'फ़्लाइट नंबर',
  travelDate: 'यात्रा की तारीख़',
  passengerName: 'यात्री का नाम',
  age: 'उम्र',
  gender: 'लिंग',
  female: 'महिला',
  languages: 'आने वाली भाषाएँ',
  freeService: 'निःशुल्क सेवा',
  submit: 'अनुरोध भेजें',
  postedBy: 'Meera ने Kamala के लिए भेजा',
  trustOfMeera: 'Meera के खाते का भरोसा',
};

/** A registered user, signed in through the API, the tour done, the account in `locale`. */
async function traveller(baseURL: string, fullname: string, locale: 'en' | 'hi') {
  const user = await createSignedInUser(baseURL, { fullname });
  expect((await user.client.put('/api/auth/locale', { locale })).status).toBe(200);
  expect((await user.client.post('/api/tour/complete', {})).status).toBe(200);
  return user;
}

/** Arjun offers help on the same flight (through the API) and is matched with `needCase`. */
async function companionOnTheFlight(
  baseURL: string,
  flight: { flightNumber: string; travelDate: string },
  needOwner: ApiClient,
  needCase: string,
  locale: 'en' | 'hi',
) {
  const arjun = await traveller(baseURL, 'Arjun Mehta', locale);
  const caseid = await postRequest(arjun.client, {
    serviceType: 'provide',
    fromAirport: 'DEL',
    toAirport: 'EWR',
    airline: 'Air India',
    flightNumber: flight.flightNumber,
    travelDate: flight.travelDate,
    confirmedTicket: true,
    passengerName: 'Arjun Mehta',
    passengerAge: 24,
    passengerGender: 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
  });
  await expect
    .poll(async () => (await requestView(needOwner, needCase)).companion_match_caseid ?? null, {
      timeout: 30_000,
    })
    .toBe(caseid);
  return { ...arjun, caseid };
}

test('English: the need form asks who travels; both cards say who posted for whom, and whose trust it is', async ({
  browser,
  baseURL,
}) => {
  const meera = await traveller(baseURL!, 'Meera Iyer', 'en');
  const seeker = await signedInPage(browser, baseURL!, meera.client, PHONE);
  const page = seeker.page;
  const flight = { flightNumber: `AI ${randomInt(1000, 10000)}`, travelDate: futureDate(15) };

  await page.goto('/companion-service');
  await page.getByRole('tab', { name: 'New Request' }).click();
  await fillBookedRequestForm(page, {
    role: 'need',
    from: ['delhi', 'DEL'],
    to: ['newark', 'EWR'],
    airline: 'Air India',
    flightNumber: flight.flightNumber,
    date: flight.travelDate,
    name: 'Kamala Devi',
    age: 72,
    gender: 'Female',
    language: 'Hindi',
  });
  const form = page.getByTestId('companion-form');
  const who = form.getByRole('radiogroup', { name: 'Who is travelling?' });
  // Self by default: nothing more to say.
  await expect(who.getByRole('radio', { name: 'Me', exact: true })).toBeChecked();
  await expect(form.getByTestId('posted-for-help')).toHaveCount(0);
  await who.getByRole('radio', { name: 'Someone in my family' }).check();
  await expect(form.getByTestId('posted-for-help')).toHaveText(
    'Write their name below as the passenger. You post and chat for them, and your companion sees that you posted it for them.',
  );
  await who.scrollIntoViewIfNeeded();
  await shot(page, 'form-family-phone');
  await checkScreen(page, 'posting-for-family-form');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByTestId('companion-form-message')).toBeVisible();

  await page.goto('/companion-service');
  const card = page.getByTestId('companion-request-card');
  await expect(card.getByTestId('posted-for')).toHaveText('Posted by Meera for Kamala');
  const caseid = (await card.getAttribute('data-caseid'))!;

  // The student's side: who travels, who posted it, and whose trust figures these are.
  const arjun = await companionOnTheFlight(baseURL!, flight, meera.client, caseid, 'en');
  const { context, page: helper } = await signedInPage(browser, baseURL!, arjun.client, PHONE);
  await helper.goto('/companion-service');
  const panel = helper.locator(`[data-caseid="${arjun.caseid}"]`).getByTestId('match-panel');
  await expect(panel).toContainText('Kamala Devi');
  await expect(panel.getByTestId('posted-for')).toHaveText('Posted by Meera for Kamala');
  await expect(panel.getByTestId('trust-whose')).toHaveText("Trust of Meera's account");
  await expect(panel.getByRole('region', { name: "Trust of Meera's account" })).toContainText(
    'Trips completed: 0',
  );
  await panel.scrollIntoViewIfNeeded();
  await shot(helper, 'companion-card-phone');
  await checkScreen(helper, 'posting-for-family-companion-card');
  await helper.setViewportSize(DESKTOP);
  await shot(helper, 'companion-card-desktop');
  // Meera's own card names Arjun, who travels himself: no "Posted by" line, his own account's trust.
  await page.reload();
  const ownPanel = page.getByTestId('match-panel');
  await expect(ownPanel).toContainText('Arjun Mehta');
  await expect(ownPanel.getByTestId('posted-for')).toHaveCount(0);
  await expect(ownPanel.getByTestId('trust-whose')).toHaveText("Trust of Arjun's account");
  await shot(page, 'seeker-card-phone');
  await context.close();
  await seeker.context.close();
});

test('Hindi: the same, in Hindi', async ({ browser, baseURL }) => {
  const meera = await traveller(baseURL!, 'Meera Iyer', 'hi');
  const { context, page } = await signedInPage(browser, baseURL!, meera.client, PHONE);
  const flight = { flightNumber: `AI ${randomInt(1000, 10000)}`, travelDate: futureDate(15) };

  await page.goto('/companion-service');
  await page.getByRole('tab', { name: H.tabNew }).click();
  await page.getByText(H.needAction, { exact: true }).first().click();
  const form = page.getByTestId('companion-form');
  const who = form.getByRole('radiogroup', { name: H.whoTravels });
  await expect(who.getByRole('radio', { name: H.self, exact: true })).toBeChecked();
  await who.getByRole('radio', { name: H.family }).check();
  await expect(form.getByTestId('posted-for-help')).toHaveText(H.familyHelp);
  await pickAirport(page, 'from-airport', 'DEL', 'DEL');
  await pickAirport(page, 'to-airport', 'EWR', 'EWR');
  await form.getByRole('combobox', { name: new RegExp(`^${H.airline}`) }).fill('Air India');
  await form.getByRole('textbox', { name: new RegExp(`^${H.flightNumber}`) }).fill(flight.flightNumber);
  await form.getByLabel(new RegExp(`^${H.travelDate}`)).fill(flight.travelDate);
  await form.getByRole('textbox', { name: new RegExp(`^${H.passengerName}`) }).fill('Kamala Devi');
  await form.getByRole('spinbutton', { name: new RegExp(`^${H.age}`) }).fill('72');
  await form.getByRole('combobox', { name: new RegExp(`^${H.gender}`) }).click();
  await page.getByRole('option', { name: H.female, exact: true }).click();
  const hindiName = new Intl.DisplayNames([INTL_LOCALE.hi], { type: 'language' }).of('hi')!;
  await form.getByRole('combobox', { name: new RegExp(`^${H.languages}`) }).fill(hindiName.slice(0, 3));
  await page.getByRole('option', { name: hindiName }).click();
  await form.getByRole('checkbox', { name: H.freeService }).check();
  await who.scrollIntoViewIfNeeded();
  await shot(page, 'form-family-phone-hi');
  await form.getByRole('button', { name: H.submit }).click();
  await expect(page.getByTestId('companion-form-message')).toBeVisible();

  await page.goto('/companion-service');
  const card = page.getByTestId('companion-request-card');
  await expect(card.getByTestId('posted-for')).toHaveText(H.postedBy);
  const caseid = (await card.getAttribute('data-caseid'))!;

  const arjun = await companionOnTheFlight(baseURL!, flight, meera.client, caseid, 'hi');
  const helper = await signedInPage(browser, baseURL!, arjun.client, PHONE);
  await helper.page.goto('/companion-service');
  const panel = helper.page.locator(`[data-caseid="${arjun.caseid}"]`).getByTestId('match-panel');
  await expect(panel.getByTestId('posted-for')).toHaveText(H.postedBy);
  await expect(panel.getByTestId('trust-whose')).toHaveText(H.trustOfMeera);
  await panel.scrollIntoViewIfNeeded();
  await shot(helper.page, 'companion-card-phone-hi');
  await checkScreen(helper.page, 'posting-for-family-companion-card-hi');
  await helper.context.close();
  await context.close();
});
