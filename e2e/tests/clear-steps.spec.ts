/**
 * Clear at every step (issue 38, items 1, 2 and 6) on a phone, in English and in Hindi: posting a request
 * lands on its card, which says what happens next; the match's notice names people and the flight and, tapped
 * in the bell, opens that card; both sides of the match start the chat from their card ("Message Kamala").
 * Screenshots go to STEPS_SHOTS_DIR when set.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createSignedInUser } from '../../platform/src/testing/users';
import { signUpAndSkipTour } from '../support/auth';
import { fillBookedRequestForm } from '../support/companion';
import { postRequest, signedInPage } from '../support/pairs';
import { futureDate, shot } from '../support/ui';

const SHOTS = process.env.STEPS_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };

async function openBellItem(page: Page, text: RegExp | string) {
  await page.getByTestId('notification-bell').first().click();
  const item = page.getByTestId('notification-item').filter({ hasText: text }).first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  return item;
}

test('English: posting lands on the card with what happens next; the named notice opens that card; the companion messages Kamala', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUpAndSkipTour(page, 'Meera Iyer');
  const flightNumber = `AI ${randomInt(1000, 10000)}`;
  const date = futureDate(9);
  await page.goto('/companion-service');
  await page.getByRole('tab', { name: 'New Request' }).click();
  await fillBookedRequestForm(page, {
    role: 'need',
    from: ['Delhi', 'DEL'],
    to: ['Mumbai', 'BOM'],
    airline: 'Air India',
    flightNumber,
    date,
    name: 'Kamala Devi',
    age: 72,
    gender: 'Female',
    language: 'Hindi',
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  // Landed on the new card: in view, marked, saying what happens next.
  await expect(page).toHaveURL(/\/companion-service\?request=SC-/);
  const caseid = new URL(page.url()).searchParams.get('request')!;
  const card = page.locator(`[data-caseid="${caseid}"]`);
  await expect(card).toHaveAttribute('data-focused', 'true');
  await expect(card.getByTestId('next-steps')).toContainText('What happens next');
  await expect(card).toBeInViewport();
  await shot(page, SHOTS, 'en-posted-card-phone');

  // Arjun offers help on the same flight: both are told, by name and flight.
  const arjun = await createSignedInUser(baseURL!, { fullname: 'Arjun Mehta' });
  expect((await arjun.client.post('/api/tour/complete', {})).status).toBe(200);
  const offer = await postRequest(arjun.client, {
    serviceType: 'provide',
    fromAirport: 'DEL',
    toAirport: 'BOM',
    airline: 'Air India',
    flightNumber,
    travelDate: date,
    confirmedTicket: true,
    passengerName: 'Arjun Mehta',
    passengerAge: 24,
    passengerGender: 'male',
    languagesKnown: 'Hindi',
    freeService: true,
  });
  await page.goto('/dashboard');
  const notice = await openBellItem(page, /Arjun \(AI ?\d+, \d+ \w+\) can be Kamala's companion/);
  await shot(page, SHOTS, 'en-bell-phone');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/companion-service\\?request=${caseid}$`));
  await expect(card.getByTestId('match-panel')).toContainText('Arjun Mehta');
  await expect(card.getByRole('button', { name: 'Message Arjun' })).toBeVisible();

  // The companion's own card starts the chat too.
  const companion = await signedInPage(browser, baseURL!, arjun.client, PHONE);
  await companion.page.goto(`/companion-service?request=${offer}`);
  const theirs = companion.page.locator(`[data-caseid="${offer}"]`);
  await theirs.getByRole('button', { name: 'Message Kamala' }).click();
  await expect(companion.page.getByTestId('chat-dialog')).toBeVisible();
  await shot(companion.page, SHOTS, 'en-companion-chat-phone');
  await companion.context.close();
  await context.close();
});

test('Hindi: the notice speaks Hindi with the names and the flight, opens the card, and the card says what happens next', async ({
  browser,
  baseURL,
}) => {
  const flightNumber = `AI ${randomInt(1000, 10000)}`;
  const date = futureDate(11);
  const flight = {
    fromAirport: 'DEL',
    toAirport: 'BOM',
    airline: 'Air India',
    flightNumber,
    travelDate: date,
    confirmedTicket: true,
    languagesKnown: 'Hindi',
  };
  const meera = await createSignedInUser(baseURL!, { fullname: 'Meera Iyer' });
  expect((await meera.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);
  expect((await meera.client.post('/api/tour/complete', {})).status).toBe(200);
  const need = await postRequest(meera.client, {
    ...flight,
    serviceType: 'need',
    passengerName: 'Kamala Devi',
    passengerAge: 72,
    passengerGender: 'female',
  });
  const { page, context } = await signedInPage(browser, baseURL!, meera.client, PHONE);
  await page.goto(`/companion-service?request=${need}`);
  const card = page.locator(`[data-caseid="${need}"]`);
  await expect(card.getByTestId('next-steps')).toContainText('आगे क्या होगा');
  const arjun = await createSignedInUser(baseURL!, { fullname: 'Arjun Mehta' });
  await postRequest(arjun.client, {
    ...flight,
    serviceType: 'provide',
    passengerName: 'Arjun Mehta',
    passengerAge: 24,
    passengerGender: 'male',
    freeService: true,
  });
  await page.goto('/dashboard');
  const notice = await openBellItem(page, /Arjun \(AI ?\d+, [^)]+\).* Kamala के सहयात्री बन सकते हैं/);
  await shot(page, SHOTS, 'hi-bell-phone');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`request=${need}$`));
  await expect(card.getByRole('button', { name: 'Arjun को संदेश भेजें' })).toBeVisible();
  await shot(page, SHOTS, 'hi-card-phone');
  await context.close();
});
