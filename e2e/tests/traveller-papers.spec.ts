/**
 * The traveller without a smartphone (issue 39, addendum "Safe with strangers" §5) on a 360 × 740 phone, in
 * English and in Hindi: a daughter posts her mother's trip with the arrival, the destination address, who
 * collects her and the wheelchair; the card shows them (the arrival on Toronto's clock, named by the city);
 * its Download links answer PDFs in the page's language, Print opens the PDF in a new tab, and "How the
 * hand-over works" is there. The matched companion's card has only their own traveller's card (no pickup
 * pass) and, inside the trip window, the wheelchair and the first name of who collects her. The family link
 * opened from a printed pass (`?pass=`) says whether that pass is current or out of date.
 * Screenshots go to TRAVELLER_PAPERS_SHOTS_DIR when it is set.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSignedInUser } from '../../platform/src/testing/users';
import { brokenWords, cutOffText } from '../support/easy-reading';
import { fillBookedRequestForm } from '../support/companion';
import { postRequest, requestView, signedInPage } from '../support/pairs';
import { futureDate } from '../support/ui';

const SHOTS = process.env.TRAVELLER_PAPERS_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };
const ADDRESS = '42 Maple Avenue, Apt 3B, Brampton, ON L6P 1A1, Canada';

async function shot(page: Page, part: Locator, name: string) {
  if (SHOTS) await part.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A registered user, signed in through the API, the tour done, the account in `locale`. */
async function traveller(baseURL: string, fullname: string, locale: 'en' | 'hi') {
  const user = await createSignedInUser(baseURL, { fullname });
  expect((await user.client.put('/api/auth/locale', { locale })).status).toBe(200);
  expect((await user.client.post('/api/tour/complete', {})).status).toBe(200);
  return user;
}

/** The link's PDF, fetched with the page's own cookies, as the browser would. */
async function expectPdf(page: Page, link: Locator, kind: string, lang: string) {
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`/${kind}\\.pdf\\?lang=${lang}$`));
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('English: the form takes the arrival and the papers; the card shows them, downloads and prints the PDFs; the companion has only their own card', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const meera = await traveller(baseURL!, 'Meera Rao', 'en');
  const { context, page } = await signedInPage(browser, baseURL!, meera.client, PHONE);
  const flight = { flightNumber: `AI ${randomInt(1000, 10000)}`, travelDate: futureDate(1) };

  await page.goto('/companion-service');
  await page.getByRole('tab', { name: 'New Request' }).click();
  await fillBookedRequestForm(page, {
    role: 'need',
    from: ['delhi', 'DEL'],
    to: ['YYZ', 'YYZ'],
    airline: 'Air India',
    flightNumber: flight.flightNumber,
    date: flight.travelDate,
    name: 'Kamala Devi',
    age: 72,
    gender: 'Female',
    language: 'Hindi',
  });
  const form = page.getByTestId('companion-form');
  await form.getByLabel(/^Arrival date/).fill(futureDate(2));
  await form.getByLabel(/^Arrival time/).fill('06:15');
  const papers = form.getByTestId('papers-fields');
  await papers.getByRole('textbox', { name: /^Destination address/ }).fill(ADDRESS);
  await expect(papers).toContainText('Printed in English for airport desks and taxis');
  await papers.getByRole('textbox', { name: /^Who collects the traveller/ }).fill('Meera Rao');
  await papers.getByRole('combobox', { name: /^Wheelchair/ }).click();
  await page.getByRole('option', { name: 'Booked with the airline' }).click();
  await papers
    .getByRole('textbox', { name: /^Other help needed/ })
    .fill('Walks slowly; cannot climb stairs.');
  await shot(page, papers, 'en-form-papers-360');
  await form.getByRole('button', { name: 'Submit Request' }).click();

  await expect(page).toHaveURL(/\/companion-service\?request=SC-/);
  const caseid = new URL(page.url()).searchParams.get('request')!;
  const card = page.locator(`[data-caseid="${caseid}"]`);
  // The arrival on the destination's clock, named by its city (never "America/Toronto").
  await expect(card.getByTestId('request-arrival')).toHaveText(/06:15, Toronto time$/);
  const details = card.getByTestId('traveller-papers-details');
  await expect(details).toContainText(ADDRESS);
  await expect(details).toContainText('Meera Rao');
  await expect(details).toContainText('Booked with the airline');
  await expect(details).toContainText('Walks slowly; cannot climb stairs.');

  // Both papers on the need side: Download saves the PDF, Print opens it in a new tab.
  const section = card.getByTestId('papers');
  await expect(section.getByRole('heading', { name: 'Papers to print' })).toBeVisible();
  await expectPdf(page, section.getByTestId('download-traveller-card'), 'traveller-card', 'en');
  await expectPdf(page, section.getByTestId('download-pickup-pass'), 'pickup-pass', 'en');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download the Pickup pass' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const [printed] = await Promise.all([
    context.waitForEvent('page'),
    section.getByRole('link', { name: 'Print the Pickup pass' }).click(),
  ]);
  await expect
    .poll(() => printed.url())
    .toContain(`/api/companions/requests/${caseid}/pickup-pass.pdf?lang=en`);
  await printed.close();
  const how = section.getByTestId('how-handover-works');
  await expect(how.getByRole('heading', { name: 'How the hand-over works' })).toBeVisible();
  await expect(how.getByRole('img')).toHaveAccessibleName(/the person collecting the traveller/);
  await expect(how.getByTestId('handover-steps').getByRole('listitem')).toHaveText([
    'Print the pickup pass for whoever collects Kamala at arrival.',
    'The companion gives Kamala over only to the person who shows the code on the pass.',
    'Pass lost? Make a new code and print a new pass: the old pass then says it is out of date.',
  ]);
  await details.scrollIntoViewIfNeeded();
  expect(await cutOffText(page)).toEqual([]);
  expect(await brokenWords(page)).toEqual([]);
  await shot(page, details, 'en-details-360');
  await shot(page, card, 'en-card-360');
  await shot(page, section, 'en-papers-360');

  // Arjun offers help on the same flight and is matched: his card has his own traveller's card only.
  const arjun = await traveller(baseURL!, 'Arjun Mehta', 'en');
  const offer = await postRequest(arjun.client, {
    serviceType: 'provide',
    fromAirport: 'DEL',
    toAirport: 'YYZ',
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
    .poll(async () => (await requestView(meera.client, caseid)).companion_match_caseid ?? null, {
      timeout: 30_000,
    })
    .toBe(offer);
  const helper = await signedInPage(browser, baseURL!, arjun.client, PHONE);
  await helper.page.goto(`/companion-service?request=${offer}`);
  const theirs = helper.page.locator(`[data-caseid="${offer}"]`);
  const own = theirs.getByTestId('papers');
  await expect(own.getByTestId('paper-traveller-card')).toBeVisible();
  await expect(own.getByTestId('paper-pickup-pass')).toHaveCount(0);
  await expect(own.getByTestId('how-handover-works')).toHaveCount(0);
  await expectPdf(helper.page, own.getByTestId('download-traveller-card'), 'traveller-card', 'en');
  // Inside the trip window (the flight is tomorrow): the wheelchair and the first name of who collects her.
  const needs = theirs.getByTestId('traveller-needs');
  await expect(needs).toContainText('Wheelchair: Booked with the airline');
  await expect(needs).toContainText('At arrival, Meera collects the traveller.');
  await expect(theirs).not.toContainText(ADDRESS);
  await needs.scrollIntoViewIfNeeded();
  await shot(helper.page, theirs.getByTestId('trip-day'), 'en-companion-trip-360');
  await shot(helper.page, own, 'en-companion-papers-360');
  await helper.context.close();
  await context.close();
});

test('Hindi: the card says it in Hindi, names the city’s time, and its papers come in Hindi', async ({
  browser,
  baseURL,
}) => {
  const meera = await traveller(baseURL!, 'Meera Rao', 'hi');
  const caseid = await postRequest(meera.client, {
    serviceType: 'need',
    postedFor: 'family',
    fromAirport: 'DEL',
    toAirport: 'YYZ',
    airline: 'Air India',
    flightNumber: `AI ${randomInt(1000, 10000)}`,
    travelDate: futureDate(20),
    departureTime: '21:40',
    arrivalDate: futureDate(21),
    arrivalTime: '06:15',
    confirmedTicket: true,
    passengerName: 'Kamala Devi',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Hindi',
    destinationAddress: ADDRESS,
    receiverName: 'Meera Rao',
    assistance: { wheelchair: 'requested', notes: 'Walks slowly' },
  });
  const { context, page } = await signedInPage(browser, baseURL!, meera.client, PHONE);
  await page.goto(`/companion-service?request=${caseid}`);
  const card = page.locator(`[data-caseid="${caseid}"]`);
  await expect(card.getByTestId('request-arrival')).toHaveText(/06:15, Toronto का समय$/);
  const details = card.getByTestId('traveller-papers-details');
  await expect(details.getByRole('heading', { name: 'यात्री के लिए' })).toBeVisible();
  await expect(details).toContainText('एयरलाइन से माँगी है');
  const section = card.getByTestId('papers');
  await expect(section.getByRole('link', { name: 'लेने आने वाले का पास प्रिंट करें' })).toBeVisible();
  await expectPdf(page, section.getByTestId('download-pickup-pass'), 'pickup-pass', 'hi');
  await expect(section.getByTestId('how-handover-works').getByRole('heading')).toHaveText('सौंपना कैसे होता है');
  await details.scrollIntoViewIfNeeded();
  expect(await cutOffText(page)).toEqual([]);
  expect(await brokenWords(page)).toEqual([]);
  await shot(page, details, 'hi-details-360');
  await shot(page, card, 'hi-card-360');
  if (SHOTS) {
    // The form's new fields in Hindi, for a look.
    await page.getByRole('tab', { name: 'नया अनुरोध' }).click();
    await page.getByText('सहयात्री खोजें', { exact: true }).first().click();
    const form = page.getByTestId('companion-form');
    await form.getByLabel(/^पहुँचने का समय/).scrollIntoViewIfNeeded();
    await shot(page, form, 'hi-form-360');
    await shot(page, form.getByTestId('papers-fields'), 'hi-form-papers-360');
    await page.goto(`/companion-service?request=${caseid}`);
  }
  await shot(page, section, 'hi-papers-360');

  // A printed pass's QR code opens the family link with its version: the page says whether it still holds.
  const link = await meera.client.post<{ path: string }>('/api/share-links', { kind: 'request', id: caseid });
  expect(link.status).toBe(200);
  const family = await browser.newContext({ viewport: PHONE });
  await family.addInitScript(() => localStorage.setItem('safarsaathi.locale', 'hi'));
  const reader = await family.newPage();
  await reader.goto(`${link.body.path}?pass=0`);
  await expect(reader.getByTestId('pickup-pass-status')).toHaveAttribute('data-status', 'current');
  await reader.goto(`${link.body.path}?pass=printedEarlier1`);
  const outdated = reader.getByTestId('pickup-pass-status');
  await expect(outdated).toHaveAttribute('data-status', 'outdated');
  await expect(outdated).toContainText('यह पास पुराना हो चुका है');
  await shot(reader, outdated, 'hi-family-pass-outdated-360');
  await family.close();
  await context.close();
});
