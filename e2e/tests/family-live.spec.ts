/**
 * The family link follows live (addendum §1.6), the family's page alone: a visitor with no session opens
 * the shared link of a matched pair (made through the API), sees the timeline, and the page shows a new
 * meeting point and new milestones within 5 s without reloading; never a surname, e-mail, phone, age or
 * the hand-over code; axe on a desktop and a 360 px phone. Screenshots go to FAMILY_SHOTS_DIR when set.
 * (The whole trip day in three browsers is trip-day.spec.ts; the page's words, family-page.spec.ts.)
 */
import { expect, test } from '@playwright/test';
import { todayIso, type CompanionRequestView } from '@safarsaathi/contracts';
import { sharedTripDay } from '../../platform/src/testing/trip-day';
import { checkScreen } from '../support/a11y';

const SHOTS = process.env.FAMILY_SHOTS_DIR;

test('the family page shows the trip day and follows it without a reload', async ({ browser, baseURL }) => {
  const day = await sharedTripDay(baseURL!, { fromAirport: 'BLR', toAirport: 'SFO' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto(`/shared/${day.token}`);

  // Whose trip it is (issue 38), by the passenger's first name and the destination's city.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Kamala's trip to San Francisco");
  const timeline = page.getByTestId('shared-timeline');
  await expect(timeline.getByRole('heading', { name: 'Trip day' })).toBeVisible();
  await expect(page.getByTestId('shared-meeting')).toContainText('No meeting point agreed yet');
  await expect(page.getByTestId('shared-milestone-met')).toHaveAttribute('data-done', 'false');
  // The stream is open: from here on the page is told, not polling (every 20 s).
  await expect(page.getByTestId('shared-live-status')).toHaveText('This page updates by itself.');

  const meeting = {
    place: 'Gate 14, Terminal 2, by the Air India desk',
    time: `${todayIso()}T06:30:00+05:30`,
  };
  let sent = Date.now();
  expect(
    (await day.companion.put(`/api/companions/requests/${day.provideCaseid}/meeting`, meeting)).status,
  ).toBe(200);
  // In the origin airport's zone, named by its city (issue 38).
  await expect(page.getByTestId('shared-meeting')).toContainText(meeting.place, { timeout: 5_000 });
  await expect(page.getByTestId('shared-meeting')).toContainText('06:30, Bangalore time');
  expect(Date.now() - sent).toBeLessThan(5_000);

  for (const milestone of ['met', 'boarded'] as const) {
    sent = Date.now();
    const recorded = await day.companion.post(`/api/companions/requests/${day.provideCaseid}/milestones`, {
      milestone,
    });
    expect(recorded.status).toBe(200);
    await expect(page.getByTestId(`shared-milestone-${milestone}`)).toHaveAttribute('data-done', 'true', {
      timeout: 5_000,
    });
    expect(Date.now() - sent).toBeLessThan(5_000);
  }
  await expect(page.getByTestId('shared-milestone-met')).toContainText(', Bangalore time');
  await expect(page.getByTestId('shared-status')).toHaveText(
    /^Kamala boarded AI \d+ at \d{2}:\d{2}, Bangalore time$/,
  );
  await expect(page.getByTestId('shared-milestone-landed')).toContainText('Not yet');
  expect(loads).toBe(1);

  // The traveller and the companion by first name only; nothing else about the people, and never the
  // hand-over code.
  await expect(page.getByTestId('shared-match')).toContainText('Ravi');
  const views = await day.seeker.get<CompanionRequestView[]>('/api/companions/requests');
  const code = views.body.find((view) => view.caseid === day.needCaseid)!.trip.handover_code!;
  expect(code).toMatch(/^\d{6}$/);
  const text = await page.locator('body').innerText();
  for (const secret of ['Nair', 'Asha', 'Rao', '@', code]) expect(text).not.toContain(secret);
  // Nor the ages (72, 34) as numbers of their own: a random flight number such as AI 7211 may hold the digits.
  expect(text).not.toMatch(/(?<![\d:])(72|34)(?![\d:])/);

  await checkScreen(page, 'family-live', { shotsDir: SHOTS });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/family-live-desktop-full.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkScreen(page, 'family-live', { shotsDir: SHOTS });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/family-live-phone-full.png`, fullPage: true });
  await context.close();
});
