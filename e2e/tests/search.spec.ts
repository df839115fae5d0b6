/// <reference lib="dom" />
/**
 * The traveller search widget (landing page, public; dashboard, signed in) and live matching seen from
 * two browsers. Requests that must exist before the page loads are posted through the gateway's API by
 * users signed in with codes from the mail catcher.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { longDate, PRIVATE_RESULT_FIELDS, type SearchResult } from '@safarsaathi/contracts';
import type { ApiClient } from '../../platform/src/testing/api-client';
import { createSignedInUser } from '../../platform/src/testing/users';
import { signUpAndSkipTour } from '../support/auth';
import { postBookedRequest } from '../support/companion';
import { futureDate, openLanding, pickAirport, reloadUntil, shot as saveShot } from '../support/ui';

const SHOTS = process.env.SEARCH_SHOTS_DIR;
const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);

async function postRequest(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const answer = await client.post<{ caseid: string }>('/api/companions/requests', body);
  expect(answer.status).toBe(200);
  return answer.body.caseid;
}

/** The search index is fed from Kafka: wait until a request is searchable before opening the page. */
async function waitUntilSearchable(client: ApiClient, path: string, caseid: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await client.get<{ results: SearchResult[] }>(path);
        return answer.status === 200 && answer.body.results.some((r) => r.caseid === caseid);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

const resultCard = (page: Page, caseid: string): Locator =>
  page.locator(`[data-testid="search-result-card"][data-caseid="${caseid}"]`);

/** A finger held on the middle of `target` while `whileHeld` runs, then lifted (DevTools' touch input). */
async function holdFinger(page: Page, target: Locator, whileHeld: () => Promise<void>): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to press is not on the screen');
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  try {
    await whileHeld();
  } finally {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the landing page shows public results for a seeded request, without private fields; the long date on hover and on a long press', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await createSignedInUser(baseURL!, { fullname: 'Sunita Kapoor' });
  const travelDate = futureDate(1);
  const caseid = await postRequest(owner.client, {
    serviceType: 'need',
    fromAirport: 'ORD',
    toAirport: 'DEL',
    airline: 'Air India',
    flightNumber: 'AI 126',
    travelDate,
    confirmedTicket: true,
    passengerName: 'Kamala Kapoor',
    passengerAge: 76,
    passengerGender: 'female',
    languagesKnown: 'Hindi, Punjabi, English, Urdu',
    freeService: true,
    connectingFlights: [
      { layoverAirport: 'LHR', airline: 'British Airways', flightNumber: 'BA 142', date: futureDate(2) },
    ],
  });
  await waitUntilSearchable(owner.client, '/api/search/public?service=companion&from=ORD', caseid);

  await page.setViewportSize({ width: 1280, height: 900 });
  const publicAnswer = page.waitForResponse((response) => response.url().includes('/api/search/public?'));
  await page.goto('/');
  // The public search ran by itself, for the default from-airport ORD, and the answer holds no private field.
  const answer = await publicAnswer;
  expect(new URL(answer.url()).searchParams.get('from')).toBe('ORD');
  const seeded = ((await answer.json()) as { results: Array<Record<string, unknown>> }).results.find(
    (r) => r.caseid === caseid,
  );
  expect(seeded).toBeDefined();
  for (const field of PRIVATE_RESULT_FIELDS) expect(seeded).not.toHaveProperty(field);

  const widget = page.getByTestId('public-search-slot');
  await expect(widget.getByRole('heading', { name: 'Search Travelers & Requests' })).toBeVisible();
  await expect(widget.getByTestId('search-heading')).toHaveText(
    /^Found \d+ traveller\(s\) from Chicago O'Hare International Airport \(ORD\)$/,
  );
  const card = resultCard(page, caseid);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('result-badge')).toHaveText('SEEKING COMPANION');
  await expect(card.getByTestId('result-route')).toHaveText('ORD → DEL');
  await expect(card.getByTestId('result-owner')).toHaveText('Sunita');
  await expect(card.getByTestId('result-ticket')).toHaveText('Tickets Booked');
  await expect(card.getByText('Free Service')).toBeVisible();
  await expect(
    card
      .getByTestId('result-languages')
      .getByRole('button')
      .or(card.getByTestId('result-languages').locator('.MuiChip-root')),
  ).toHaveText(['Hindi', 'Punjabi', 'English']);
  await expect(card.getByTestId('result-submitted')).toContainText('Submitted by Sunita');
  for (const hidden of ['result-flight', 'result-layovers', 'result-passenger'])
    await expect(card.getByTestId(hidden)).toHaveCount(0);
  await expect(card).not.toContainText('Kamala');
  await expect(card).not.toContainText('AI 126');
  await expect(card).not.toContainText('LHR');
  // The long date shows over the short one, mounted on the first hover (TooltipOnHover), and describes it.
  await card.getByTestId('result-date').hover();
  await expect(page.getByRole('tooltip')).toHaveText(longDate(travelDate));
  await expect(card.getByTestId('result-date').locator('..')).toHaveAccessibleDescription(
    longDate(travelDate),
  );
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'landing-desktop');

  // Signed out, Contact asks the visitor to sign in.
  await card.getByRole('button', { name: 'Contact' }).click();
  const login = page.getByRole('dialog', { name: 'SafarSaathi' });
  await expect(login.getByRole('textbox', { name: 'Email Address' })).toBeVisible();
  await login.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'landing-phone');

  // A phone has no hover: a long press on the date shows the long date, the first one too (it mounts the
  // tooltip, TooltipOnHover), and it closes after the finger lifts. The second press is MUI's own.
  const phone = await browser.newContext({
    baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  try {
    const touchPage = await phone.newPage();
    await openLanding(touchPage);
    const date = resultCard(touchPage, caseid).getByTestId('result-date');
    await date.scrollIntoViewIfNeeded();
    for (const press of ['first', 'second']) {
      await holdFinger(touchPage, date, async () => {
        await expect(touchPage.getByRole('tooltip'), `${press} press`).toHaveText(longDate(travelDate));
      });
      await expect(touchPage.getByRole('tooltip'), `${press} press, lifted`).toHaveCount(0);
    }
    // A tap is not a long press: no tooltip, though the tap mounts it (the browser's emulated mouse events).
    await touchPage.reload();
    await resultCard(touchPage, caseid).getByTestId('result-date').tap();
    await touchPage.waitForTimeout(1_200); // what MUI would wait before opening on a press
    await expect(touchPage.getByRole('tooltip')).toHaveCount(0);
  } finally {
    await phone.close();
  }
});

test('a signed-in search from the dashboard finds another traveller’s request with its details', async ({
  page,
  baseURL,
}) => {
  const owner = await createSignedInUser(baseURL!, { fullname: 'Harish Menon' });
  const caseid = await postRequest(owner.client, {
    serviceType: 'provide',
    fromAirport: 'DEL',
    toAirport: 'YYZ',
    airline: 'Air India',
    flightNumber: 'AI 187',
    travelDate: futureDate(12),
    confirmedTicket: true,
    passengerName: 'Harish Menon',
    passengerAge: 45,
    passengerGender: 'male',
    languagesKnown: 'Malayalam, English',
    freeService: true,
    connectingFlights: [
      { layoverAirport: 'LHR', airline: 'Air India', flightNumber: 'AI 115', date: futureDate(12) },
    ],
  });
  await waitUntilSearchable(owner.client, '/api/search/public?service=companion&from=DEL&to=YYZ', caseid);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndSkipTour(page, 'Deepa Searcher');
  const slot = page.getByTestId('dashboard-search-slot');
  await expect(slot.getByRole('heading', { name: 'Search Travelers & Requests' })).toBeVisible();
  await expect(slot.getByTestId('search-widget')).toHaveAttribute('data-mode', 'signed-in');

  // No from-airport: the error shows and nothing is searched.
  await slot.getByTestId('search-from-airport').click();
  await slot.getByRole('button', { name: 'Clear' }).first().click();
  await slot.getByRole('button', { name: 'Search' }).click();
  await expect(slot.getByText('From airport is required')).toBeVisible();
  await expect(slot.getByTestId('search-heading')).toHaveCount(0);

  await pickAirport(page, 'search-from-airport', 'delhi', 'DEL');
  await expect(slot.getByText('From airport is required')).toHaveCount(0);
  await pickAirport(page, 'search-to-airport', 'toronto', 'YYZ');
  const unified = page.waitForResponse((response) => response.url().includes('/api/search/unified?'));
  await slot.getByRole('button', { name: 'Search' }).click();
  const query = new URL((await unified).url()).searchParams;
  expect([query.get('from'), query.get('to')]).toEqual(['DEL', 'YYZ']);

  await expect(slot.getByTestId('search-heading')).toHaveText(
    /^Found \d+ traveller\(s\) from Indira Gandhi International Airport \(DEL\)$/,
  );
  const card = resultCard(page, caseid);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('result-badge')).toHaveText('FREE COMPANION');
  await expect(card.getByTestId('result-route')).toHaveText('DEL → YYZ');
  await expect(card.getByTestId('result-owner')).toContainText('Harish Menon');
  await expect(card.getByTestId('result-passenger')).toHaveText(' · Male, 45 yrs');
  await expect(card.getByTestId('result-flight')).toHaveText('Air India AI187');
  await expect(card.getByTestId('result-layovers')).toHaveText('Via LHR (Air India AI115)');
  await expect(card.getByTestId('result-ticket')).toHaveText('Tickets Booked');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-desktop');

  // Contact without a request of one's own: the chat service asks for one first (the disclaimer;
  // the whole contact flow is in chat.spec.ts).
  await card.getByRole('button', { name: 'Contact' }).click();
  const disclaimer = page.getByRole('dialog', { name: 'Create a request first' });
  await expect(disclaimer.getByRole('button', { name: 'Continue to Create Request' })).toBeVisible();
  await disclaimer.getByRole('button', { name: 'Cancel' }).click();
  await expect(disclaimer).toBeHidden();
  await expect(card.getByRole('button', { name: 'Contact' })).toBeEnabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'dashboard-phone');
});

test('two travellers in two browsers post matching requests and each sees Match Found with Same Flight', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A flight and day no earlier run used, so each request's best counterpart is the other one.
  const flightNumber = `AI ${randomInt(100, 1000)}`;
  const date = futureDate(40 + randomInt(0, 120));
  const common = {
    from: ['ahmedabad', 'AMD'],
    to: ['seattle', 'SEA'],
    airline: 'Air India',
    flightNumber,
    date,
  } as const;

  const seekerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const companionContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const seeker = await seekerContext.newPage();
    const companion = await companionContext.newPage();
    await signUpAndSkipTour(seeker, 'Kamala Seeker');
    await signUpAndSkipTour(companion, 'Arjun Helper');

    await postBookedRequest(seeker, {
      ...common,
      from: [...common.from],
      to: [...common.to],
      role: 'need',
      name: 'Kamala Devi',
      age: 74,
      gender: 'Female',
      language: 'Gujarati',
    });
    await postBookedRequest(companion, {
      ...common,
      from: [...common.from],
      to: [...common.to],
      role: 'provide',
      name: 'Arjun Mehta',
      age: 31,
      gender: 'Male',
      language: 'Gujarati',
    });

    for (const [page, name] of [
      [seeker, 'match-seeker-desktop'],
      [companion, 'match-companion-phone'],
    ] as const) {
      const card = page.getByTestId('companion-request-card');
      // The match reaches the open page live (request.matched); a reload is the fallback a user would try.
      await reloadUntil(
        page,
        (timeout) => expect(card.getByText('Match Found', { exact: true })).toBeVisible({ timeout }),
        { reloadFirst: false, lookTimeout: 20_000 },
      );
      await expect(card.getByTestId('flight-badge').first()).toHaveText('Same Flight');
      await shot(page, name);
    }
  } finally {
    await seekerContext.close();
    await companionContext.close();
  }
});
