/** Issue 14, point 3: what the forms on react-hook-form brought that is new to the traveller. */
import { expect, test } from '@playwright/test';
import { freshEmail, signUpAndSkipTour } from '../support/auth';

test('the code page: a pasted 6-digit code fills every box, and Resend waits out its countdown', async ({
  page,
}) => {
  // The page's clock stands still, moved only by the test: the countdown starts when the page mounts, and
  // the real time the steps before it take must not count (on a slow machine it used up the last second).
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(`/otp-verification?email=${encodeURIComponent(freshEmail('e2e-forms'))}`);
  const group = page.getByRole('group', { name: /Enter the 6-digit code sent to/ });
  await expect(group).toBeVisible();

  // Pasted into the third box, a whole code still goes into all six (spec §5), non-digits dropped.
  await page.getByRole('textbox', { name: 'Digit 3 of 6' }).evaluate((box) => {
    const data = new DataTransfer();
    data.setData('text/plain', '12 34-56');
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  for (const [index, digit] of [...'123456'].entries()) {
    await expect(page.getByRole('textbox', { name: `Digit ${index + 1} of 6` })).toHaveValue(digit);
  }
  // Backspace empties a box and goes back; the short code is refused with this screen's words.
  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).press('Backspace');
  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).press('Backspace');
  await expect(page.getByRole('textbox', { name: 'Digit 5 of 6' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Digit 5 of 6' })).toHaveValue('');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter all 6 digits' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');

  // Resend only after 30 seconds, and resending starts the countdown again (spec §4).
  await expect(page.getByTestId('resend-countdown')).toHaveText('You can resend the code in 30s');
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  await page.clock.runFor(29_000);
  await expect(page.getByTestId('resend-countdown')).toHaveText('You can resend the code in 1s');
  await page.clock.runFor(1_000);
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(
    page.getByText('OTP sent successfully! Check your email for the verification code.'),
  ).toBeVisible();
  await expect(page.getByTestId('resend-countdown')).toHaveText('You can resend the code in 30s');
});

test('the companion form: a layover is added and removed, and an impossible date is refused', async ({
  page,
}) => {
  await signUpAndSkipTour(page);
  await page.goto('/companion-service');
  await page.getByRole('button', { name: 'New Request' }).click();
  await page.getByText('Find Companion').click();
  const form = page.getByTestId('companion-form');
  await expect(form.getByRole('heading', { name: 'Find a Companion' })).toBeVisible();

  await form.getByRole('button', { name: 'Add Layover' }).click();
  await form.getByRole('button', { name: 'Add Layover' }).click();
  await expect(form.getByTestId('layover-row')).toHaveCount(2);
  await form.getByRole('textbox', { name: 'Layover Flight Number' }).first().fill('EK 510');
  await form.getByRole('button', { name: 'Remove layover 1' }).click();
  await expect(form.getByTestId('layover-row')).toHaveCount(1);
  await expect(form.getByText('Layover 2')).toHaveCount(0);
  // The row that stays is the second one, empty: useFieldArray keeps each row's own values.
  await expect(form.getByRole('textbox', { name: 'Layover Flight Number' })).toHaveValue('');
  await form.getByRole('button', { name: 'Remove layover 1' }).click();
  await expect(form.getByTestId('layover-row')).toHaveCount(0);

  // 30 February 2030 typed into the date field: the browser keeps no value, the form says why.
  const travelDate = form.getByLabel(/^Travel Date/);
  await travelDate.click();
  await page.keyboard.type('02302030');
  await travelDate.blur();
  await expect(form.getByText('Travel Date must be a valid date')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
});

test('the airport fields try again when the airport list failed to load, instead of finding nothing', async ({
  page,
}) => {
  await signUpAndSkipTour(page, 'Farah Retry');
  // The first answer fails, as a service still starting or a dropped connection would; the next ones pass.
  let answers = 0;
  await page.route('**/data/airports.csv', async (route) => {
    answers += 1;
    if (answers === 1) await route.fulfill({ status: 503, body: 'starting' });
    else await route.continue();
  });
  await page.goto('/companion-service');
  await page.getByRole('tab', { name: 'New Request' }).click();
  await page.getByText('Find Companion').click();
  await page.getByTestId('from-airport').fill('delhi');
  // The field waits for the list (2 s after the failure) rather than saying there is no such airport.
  await expect(page.getByRole('option', { name: /\(DEL\)/ }).first()).toBeVisible();
  expect(answers).toBeGreaterThanOrEqual(2);
});
