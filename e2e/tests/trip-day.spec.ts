/**
 * The trip day (issue 21) in three browsers: a traveller who asked for a companion (desktop), her
 * companion (a 360 px phone, in another time zone) and a family member on the shared link (not signed
 * in). Matched on tomorrow's flight, so the milestone window is open: the meeting point set by one is seen
 * by the other without a reload, the steps met, boarded and landed, a wrong then the right hand-over code,
 * and the family page following the milestones without a reload. axe on each new screen and dialog.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkScreen } from '../support/a11y';
import { signUpAndSkipTour } from '../support/auth';
import { fillBookedRequestForm, postBookedRequest, type BookedRequest } from '../support/companion';
import { futureDate } from '../support/ui';

const SHOTS = process.env.TRIP_SHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

async function traveller(browser: Browser, viewport: typeof DESKTOP, timezoneId?: string) {
  const context = await browser.newContext({ viewport, timezoneId });
  return { context, page: await context.newPage() };
}

const card = (page: Page): Locator => page.getByTestId('companion-request-card');
const step = (page: Page, milestone: string): Locator => card(page).getByTestId(`step-${milestone}`);

test('a whole trip day: meeting point, milestones, the hand-over code and the family page, without reloads', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Delhi is the origin (Asia/Kolkata); the companion's phone is set to Los Angeles, so a time shown in
  // the airport's zone cannot be the browser's own by chance.
  const need = await traveller(browser, DESKTOP, 'Europe/London');
  const companion = await traveller(browser, PHONE, 'America/Los_Angeles');
  await signUpAndSkipTour(need.page, 'Sunita Rao');
  await signUpAndSkipTour(companion.page, 'Arjun Mehta');

  const flight: Pick<BookedRequest, 'from' | 'to' | 'airline' | 'flightNumber' | 'date'> = {
    from: ['delhi', 'DEL'],
    to: ['mumbai', 'BOM'],
    airline: 'Air India',
    flightNumber: `AI ${randomInt(1000, 10000)}`,
    date: futureDate(1),
  };

  // The seeker: departure time and an emergency contact, with the consent text on the form.
  await need.page.goto('/companion-service');
  await need.page.getByRole('tab', { name: 'New Request' }).click();
  await fillBookedRequestForm(need.page, {
    ...flight,
    role: 'need',
    name: 'Kamala Rao',
    age: 79,
    gender: 'Female',
    language: 'Hindi',
  });
  await need.page.getByLabel('Departure time (optional)').fill('10:30');
  await expect(need.page.getByTestId('emergency-notice')).toHaveText(
    'Shown only to your matched companion, from the day before the flight until two days after it.',
  );
  await need.page.getByRole('textbox', { name: 'Emergency contact name' }).fill('Ravi Rao');
  await need.page.getByRole('textbox', { name: 'Emergency contact phone' }).fill('+91 98450 12345');
  await need.page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(need.page.getByText('Your Companion Activities')).toBeVisible({ timeout: 10_000 });

  await postBookedRequest(companion.page, {
    ...flight,
    role: 'provide',
    name: 'Arjun Mehta',
    age: 34,
    gender: 'Male',
    language: 'Hindi',
  });
  await expect(card(need.page).getByTestId('trip-day')).toBeVisible({ timeout: 15_000 });
  await expect(card(companion.page).getByTestId('trip-day')).toBeVisible({ timeout: 15_000 });
  await expect(card(need.page)).toContainText('10:30, New Delhi time');

  // The family link, made by the seeker, opened by a visitor who is not signed in.
  await card(need.page).getByRole('button', { name: 'Share' }).click();
  const shareDialog = need.page.getByRole('dialog', { name: 'Share this trip' });
  const link = await shareDialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/shared\//);
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  const family = await traveller(browser, DESKTOP);
  await family.page.goto(link);

  // The seeker sets the meeting point; the companion sees it without a reload, in Delhi's time.
  await card(need.page).getByRole('button', { name: 'Set meeting point' }).click();
  const meetingDialog = need.page.getByRole('dialog', { name: 'Where and when to meet' });
  await meetingDialog.getByRole('textbox', { name: 'Place' }).fill('Gate 32, Terminal 3');
  await meetingDialog.getByLabel('Date and time').fill(`${flight.date}T08:45`);
  await expect(meetingDialog).toContainText('Local time at DEL (New Delhi)');
  await checkScreen(need.page, 'trip-meeting-dialog', { modal: true, shotsDir: SHOTS });
  await meetingDialog.getByRole('button', { name: 'Save' }).click();
  await expect(meetingDialog).toBeHidden();
  await expect(card(need.page).getByTestId('meeting-point')).toContainText('Set by you');
  const companionMeeting = card(companion.page).getByTestId('meeting-point');
  await expect(companionMeeting).toContainText('Gate 32, Terminal 3', { timeout: 5_000 });
  await expect(companionMeeting).toContainText('8:45');
  await expect(companionMeeting).toContainText('Set by your companion');
  await expect(card(companion.page)).toContainText('Times are local time at DEL (New Delhi).');

  // The chat dialog's header shows it too.
  await card(need.page)
    .getByRole('button', { name: /^Message / })
    .click();
  const chat = need.page.getByTestId('chat-dialog');
  await expect(chat.getByTestId('chat-meeting')).toContainText(
    'Gate 32, Terminal 3, ' + (await companionMeeting.locator('p').nth(1).textContent()),
  );
  await expect(chat.getByTestId('chat-meeting')).toContainText('(local time at DEL, New Delhi)');
  if (SHOTS) await need.page.screenshot({ path: `${SHOTS}/trip-chat-header-desktop.png` });
  await chat.getByRole('button', { name: 'Close' }).click();
  await expect(chat).toBeHidden();

  // The companion sees the emergency contact (inside the window) and never the hand-over code.
  await expect(card(companion.page).getByTestId('emergency-contact')).toContainText(
    'Ravi Rao, +919845012345',
  );
  await expect(card(companion.page).getByTestId('handover-code')).toHaveCount(0);
  const code = (await card(need.page).getByTestId('handover-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await checkScreen(companion.page, 'trip-day-card', { shotsDir: SHOTS });

  // Met (companion), boarded (seeker), landed (companion): each side sees the other's step without a reload.
  await step(companion.page, 'met').getByRole('button', { name: 'We have met' }).click();
  await expect(step(need.page, 'met')).toContainText('Recorded by your companion', { timeout: 5_000 });
  await step(need.page, 'boarded').getByRole('button', { name: 'We have boarded' }).click();
  await expect(step(companion.page, 'boarded')).toContainText('Recorded by your companion', {
    timeout: 5_000,
  });
  // With the keyboard alone: the step's button takes focus and Enter records it.
  await step(companion.page, 'landed').getByRole('button', { name: 'We have landed' }).focus();
  await companion.page.keyboard.press('Enter');
  await expect(step(need.page, 'landed')).toContainText('Recorded by your companion', { timeout: 5_000 });
  await expect(step(need.page, 'handed_over')).toContainText(
    'Your companion records this with your hand-over code.',
  );
  await checkScreen(need.page, 'trip-day-card', { shotsDir: SHOTS });

  // The hand-over: a wrong code shows the server's text, then the right one completes the trip.
  await step(companion.page, 'handed_over').getByRole('button', { name: 'Record the hand-over' }).click();
  const handover = companion.page.getByRole('dialog', { name: 'Record the hand-over' });
  const wrong = code === '000000' ? '111111' : '000000';
  await handover.getByRole('textbox', { name: 'Hand-over code' }).fill(wrong);
  await handover.getByRole('button', { name: 'Record hand-over' }).click();
  await expect(handover.getByTestId('handover-error')).toHaveText('The hand-over code is not correct.');
  await checkScreen(companion.page, 'trip-handover-dialog', { modal: true, shotsDir: SHOTS });
  // The right code, typed and sent with Enter from the field (the dialog is a form).
  await handover.getByRole('textbox', { name: 'Hand-over code' }).fill('');
  await handover.getByRole('textbox', { name: 'Hand-over code' }).pressSequentially(code);
  await companion.page.keyboard.press('Enter');
  await expect(handover).toBeHidden();
  await expect(step(companion.page, 'handed_over')).toHaveAttribute('data-state', 'done');
  await expect(step(need.page, 'handed_over')).toContainText('Recorded by your companion', {
    timeout: 5_000,
  });

  // The family page follows without a reload (polled for up to 5 s, never reloaded).
  await expect(family.page.getByText('Gate 32, Terminal 3')).toBeVisible({ timeout: 5_000 });
  await expect(family.page.getByText(/landed/i).first()).toBeVisible({ timeout: 5_000 });
  await expect(family.page.getByText(/handed over/i).first()).toBeVisible({ timeout: 5_000 });
  await expect(family.page.getByText(code)).toHaveCount(0);

  // Edit opens the form filled in; a new departure time on the same flight saves with PUT and keeps the match.
  await card(need.page).getByRole('button', { name: 'Edit' }).click();
  await expect(need.page.getByLabel('Departure time (optional)')).toHaveValue('10:30');
  await expect(need.page.getByRole('textbox', { name: 'Emergency contact name' })).toHaveValue('Ravi Rao');
  await need.page.getByLabel('Departure time (optional)').fill('11:15');
  await need.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(need.page.getByTestId('edit-message')).toHaveText('Companion request updated successfully!');
  await expect(card(need.page)).toContainText('11:15, New Delhi time');
  await expect(card(need.page).getByTestId('handover-code')).toBeVisible();
  await expect(card(companion.page).getByTestId('trip-day')).toBeVisible();

  // Add to calendar: the link gives the owner a calendar file of the flight in Delhi's zone.
  const calendarHref = await card(need.page)
    .getByRole('link', { name: 'Add to calendar' })
    .getAttribute('href');
  const ics = await need.page.request.get(calendarHref ?? '');
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const icsText = await ics.text();
  expect(icsText).toContain('DTSTART;TZID=Asia/Kolkata:');
  expect(icsText).toContain('T111500');
  // Text values escape commas (RFC 5545 §3.3.11).
  expect(icsText).toContain('Gate 32\\, Terminal 3');

  await Promise.all([need.context.close(), companion.context.close(), family.context.close()]);
});
