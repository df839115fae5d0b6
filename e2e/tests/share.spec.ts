/**
 * Sharing a trip with the family (issue 14): the owner shares a companion request, a visitor with no
 * session opens the link in a fresh browser context and sees the trip (whose it is by first name, issue
 * 38) and nothing private, and the link stops working once the owner stops sharing. Screenshots go to
 * SHARE_SHOTS_DIR when it is set.
 */
import { expect, test, type Page } from '@playwright/test';
import type { SharedTrip } from '@safarsaathi/contracts';
import { signUpAndSkipTour } from '../support/auth';
import { postBookedRequest } from '../support/companion';
import { futureDate, shot as saveShot } from '../support/ui';

const SHOTS = process.env.SHARE_SHOTS_DIR;
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test('a shared request opens without signing in, shows nothing private, and stops when sharing stops', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const owner = await signUpAndSkipTour(page, 'Meera Iyer');
  const travelDate = futureDate(25);
  await postBookedRequest(page, {
    role: 'need',
    from: ['delhi', 'DEL'],
    to: ['JFK', 'JFK'],
    airline: 'Air India',
    flightNumber: 'AI 101',
    date: travelDate,
    name: 'Lakshmi Iyer',
    age: 78,
    gender: 'Female',
    language: 'Tamil',
  });

  const card = page.getByTestId('companion-request-card');
  await card.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this trip' });
  const url = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(url).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const link = await url.inputValue();
  // Works through the day after the travel date.
  await expect(dialog.getByTestId('share-link-expiry')).toHaveText(`Works until ${formatUs(futureDate(26))}`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Link copied to clipboard');
  await shot(page, 'dialog-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'dialog-phone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Opening Share again gives the same link (family already holding it keeps it working).
  await card.getByRole('button', { name: 'Share' }).click();
  await expect(url).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A visitor: a fresh browser context with no cookies at all.
  const visitorContext = await browser.newContext({ viewport: DESKTOP });
  try {
    expect(await visitorContext.cookies()).toEqual([]);
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    // Whose trip it is, by first name and the destination's city, and one status line (issue 38).
    await expect(
      visitor.getByRole('heading', { name: "Lakshmi's trip to New York", level: 1 }),
    ).toBeVisible();
    await expect(visitor.getByTestId('shared-status')).toHaveText('Looking for a companion');
    const trip = visitor.getByTestId('shared-trip');
    await expect(trip.getByTestId('shared-route')).toHaveText('DEL → JFK');
    await expect(trip).toContainText('AI101');
    await expect(trip).toContainText('Air India');
    await expect(trip).toContainText(formatUs(travelDate));
    await expect(trip.getByTestId('shared-match')).toHaveCount(0);
    const text = (await visitor.locator('body').innerText()).toLowerCase();
    for (const secret of [owner.email, owner.digits, 'iyer', 'meera', '78', 'female', 'match found']) {
      expect(text).not.toContain(secret.toLowerCase());
    }
    // Still a visitor: the page asked for no sign-in.
    await expect(visitor).toHaveURL(link);
    await shot(visitor, 'public-desktop');
    await visitor.setViewportSize(PHONE);
    await shot(visitor, 'public-phone');

    // The owner stops sharing.
    await page.setViewportSize(DESKTOP);
    await card.getByRole('button', { name: 'Share' }).click();
    await expect(url).toHaveValue(link);
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Sharing stopped. The link no longer works.');
    await expect(url).toBeHidden();
    await shot(page, 'dialog-stopped');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await visitor.reload();
    await expect(visitor.getByTestId('shared-trip-error')).toHaveText(
      'This link was turned off by the person who shared it.',
    );
    await expect(visitor.getByTestId('shared-trip')).toHaveCount(0);
    await expect(visitor.getByText('DEL → JFK')).toHaveCount(0);
    await shot(visitor, 'public-revoked-phone');

    // A link that never existed says so too.
    await visitor.goto(`/shared/${'A'.repeat(43)}`);
    await expect(visitor.getByTestId('shared-trip-error')).toHaveText('This link does not exist.');
  } finally {
    await visitorContext.close();
  }
});

test('the shared page shows a matched companion by first name, with languages and the badge', async ({
  page,
}) => {
  // The server's answer for a matched request (its content is proven in share-links.int.test.ts); here
  // only how the page draws it.
  const date = futureDate(18);
  const trip: SharedTrip = {
    kind: 'request',
    lookingFor: 'need',
    travellerFirstName: 'Lakshmi',
    from: 'BOM',
    to: 'JFK',
    date,
    tentative: null,
    flights: [{ from: 'BOM', to: 'JFK', date, airline: 'Emirates', flightNumber: 'EK501' }],
    layovers: [{ airport: 'DXB', airline: 'Emirates', flightNumber: 'EK201' }],
    status: 'Match Found',
    lookingAgain: false,
    match: { firstName: 'Vikram', languages: ['Marathi', 'English'], badge: 'Complete Match' },
    meeting: null,
    milestones: [],
    origin_timezone: 'Asia/Kolkata',
    destination_timezone: 'America/New_York',
    expiresAt: `${futureDate(20)}T00:00:00.000Z`,
  };
  const token = 'M'.repeat(43);
  await page.route(`**/api/shared/${token}`, (route) =>
    route.fulfill({ json: trip, headers: { 'cache-control': 'no-store' } }),
  );
  await page.setViewportSize(DESKTOP);
  await page.goto(`/shared/${token}`);
  const card = page.getByTestId('shared-trip');
  await expect(card.getByTestId('shared-route')).toHaveText('BOM → JFK');
  await expect(page.getByTestId('shared-status')).toHaveText('Vikram will travel with Lakshmi on EK 501');
  const match = card.getByTestId('shared-match');
  await expect(match).toContainText('Vikram');
  await expect(match.getByText('Complete Match')).toBeVisible();
  await expect(match.getByText('Marathi')).toBeVisible();
  await expect(match.getByText('English')).toBeVisible();
  await expect(card.getByText('DXB')).toBeVisible();
  await expect(card).toContainText(`Works until ${formatUs(futureDate(19))}`);
  await shot(page, 'public-matched-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'public-matched-phone');
});

/** YYYY-MM-DD as the pages show it (en-US, MM/DD/YYYY). */
function formatUs(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

test('a travel plan is shared from its menu on a phone; deleting the plan ends the link', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const owner = await signUpAndSkipTour(page, 'Arjun Menon');
  await page.goto('/travel-form');
  await page.getByRole('radio', { name: 'I need assistance' }).check();
  await page.getByRole('combobox', { name: /^From Airport/ }).click();
  await page.getByRole('option', { name: 'Delhi (DEL)' }).click();
  await page.getByRole('combobox', { name: /^To Airport/ }).click();
  await page.getByRole('option', { name: 'London (LHR)' }).click();
  const travelDate = futureDate(40);
  await page.getByLabel(/^Travel Date/).fill(travelDate);
  await page.getByRole('textbox', { name: 'Flight Number' }).fill('AI 111');
  await page.getByRole('button', { name: 'Submit Travel Plan' }).click();
  await expect(
    page.getByText('Travel plan submitted successfully! You will be matched with companions soon.'),
  ).toBeVisible();

  await page.goto('/travel-list');
  const card = page.getByTestId('travel-plan-card');
  // View Details offers Share too.
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: /Travel Plan Details/ });
  await details.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this trip' });
  const url = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(url).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const link = await url.inputValue();
  await expect(dialog.getByTestId('share-link-expiry')).toHaveText(`Works until ${formatUs(futureDate(41))}`);
  await shot(page, 'plan-dialog-phone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The card's menu gives the same link.
  await card.getByRole('button', { name: 'Travel plan actions' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await expect(url).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const visitorContext = await browser.newContext({ viewport: PHONE });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    const trip = visitor.getByTestId('shared-trip');
    await expect(trip.getByTestId('shared-route')).toHaveText('DEL → LHR');
    await expect(trip).toContainText('AI 111');
    await expect(trip).toContainText(formatUs(travelDate));
    // A plan that names no traveller is its owner's trip, by first name.
    await expect(visitor.getByRole('heading', { name: "Arjun's trip to London", level: 1 })).toBeVisible();
    await expect(visitor.getByTestId('shared-status')).toHaveText('Looking for a companion');
    const text = (await visitor.locator('body').innerText()).toLowerCase();
    for (const secret of [owner.email, owner.digits, 'menon'])
      expect(text).not.toContain(secret.toLowerCase());
    await shot(visitor, 'plan-public-phone');

    await card.getByRole('button', { name: 'Travel plan actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Travel Plan' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('No travel plans yet')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByTestId('shared-trip-error')).toHaveText('This trip is no longer shared.');
  } finally {
    await visitorContext.close();
  }
});
