/// <reference lib="dom" />
/**
 * Accessibility, second part (issue 14): the dialogs, steps and states a11y.spec.ts does not reach — the
 * login dialog's code and welcome steps, forms showing their errors, the contact flow's banner and
 * Discard dialog, the chat's Report dialog, the three delete confirmations, the share dialog and the
 * shared-trip page, the last step of the tour, the blocked screen and the 404 page — each checked with
 * axe at desktop and phone sizes. Closing each dialog with Escape gives the focus back to its opener.
 * Screenshots go to A11Y_SHOTS_DIR when it is set.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { SearchResult } from '@safarsaathi/contracts';
import { createSignedInUser } from '../../platform/src/testing/users';
import { checkScreen as checkScreenIn, closeAndExpectFocusOn, SIZES } from '../support/a11y';
import { adminContext, enterEmailAndCode, freshEmail, readCode, signUpAndSkipTour } from '../support/auth';
import { postBookedRequest } from '../support/companion';
import { futureDate, pickAirport, reloadUntil } from '../support/ui';

const SHOTS = process.env.A11Y_SHOTS_DIR;
const checkScreen = (page: Page, screen: string, { modal = false } = {}) =>
  checkScreenIn(page, screen, { modal, shotsDir: SHOTS });

for (const [sizeName, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${sizeName} size`, () => {
    test.use({ viewport });

    test('sign-in steps, forms with errors, the last tour step and the 404 page', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      // Registered now, signed in again at the end (after the 30-second wait between two codes).
      const returning = await createSignedInUser(baseURL!, { fullname: 'Gopal Rao' });
      const returningCodeAt = Date.now();
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
      await checkScreen(page, '404');

      // The login dialog: an invalid address, the code step, a wrong code.
      await page.goto('/');
      const login = page.getByTestId('header-login');
      await login.click();
      const dialog = page.getByRole('dialog', { name: 'SafarSaathi' });
      await dialog.getByRole('textbox', { name: 'Email Address' }).fill('not-an-address');
      await dialog
        .getByRole('checkbox', {
          name: 'I agree to receive emails for login verification and account alerts',
        })
        .check();
      await dialog.getByRole('button', { name: 'Send OTP' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Email Address' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await checkScreen(page, 'login-email-error', { modal: true });
      const email = freshEmail('e2e-a11y2');
      await dialog.getByRole('textbox', { name: 'Email Address' }).fill(email);
      const requestedAt = Date.now();
      await dialog.getByRole('button', { name: 'Send OTP' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Digit 1' })).toBeVisible();
      await checkScreen(page, 'login-code-step', { modal: true });
      const code = await readCode(email, requestedAt);
      await dialog.getByRole('textbox', { name: 'Digit 1' }).fill(code === '000000' ? '111111' : '000000');
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'Invalid OTP. Please try again.' }),
      ).toBeVisible();
      await checkScreen(page, 'login-code-error', { modal: true });
      await dialog.getByRole('textbox', { name: 'Digit 1' }).fill(code);
      await dialog.getByRole('button', { name: 'Verify' }).click();

      // Registration with its errors: terms accepted, everything else left empty.
      const registration = page.getByRole('dialog', { name: 'Complete Your Registration' });
      await registration
        .getByRole('checkbox', { name: 'I have read and accept the Terms & Conditions' })
        .check();
      await registration.getByRole('button', { name: 'Complete Registration' }).click();
      await expect(registration.getByRole('textbox', { name: 'Full Name' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await checkScreen(page, 'registration-errors', { modal: true });
      await registration.getByRole('textbox', { name: 'Full Name' }).fill('Farah Khan');
      await registration
        .getByRole('textbox', { name: 'Mobile Number' })
        .fill(`9${randomInt(100_000_000, 999_999_999)}`);
      await registration.getByRole('button', { name: 'Complete Registration' }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

      // The tour's last step.
      const tour = page.getByTestId('guided-tour');
      await expect(tour).toBeVisible();
      while (await tour.getByRole('button', { name: 'Next' }).isVisible())
        await tour.getByRole('button', { name: 'Next' }).click();
      await expect(tour.getByRole('button', { name: 'Get Started' })).toBeFocused();
      await checkScreen(page, 'tour-last-step', { modal: true });
      await tour.getByRole('button', { name: 'Get Started' }).click();
      await expect(tour).toBeHidden();

      // The support case form with its errors; Escape gives the focus back to the help button.
      const help = page.getByTestId('help-button');
      await help.click();
      const support = page.getByRole('dialog', { name: /Create a Case/i });
      await support.getByRole('button', { name: 'Submit Case' }).click();
      await expect(support.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkScreen(page, 'support-case-errors', { modal: true });
      await closeAndExpectFocusOn(page, support, help);

      // A registered traveller signing in again sees the welcome step (held on screen while the
      // session call is slowed down, so axe can look at it).
      const context = await browser.newContext({ viewport });
      const again = await context.newPage();
      await again.goto('/');
      await again.route('**/api/auth/user-info', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        await route.continue().catch(() => undefined);
      });
      await again.getByTestId('header-login').click();
      // A second code for the same address is refused for 30 s after the first (however fast the steps above ran).
      await again.waitForTimeout(Math.max(0, returningCodeAt + 31_000 - Date.now()));
      await enterEmailAndCode(again, returning.email);
      await expect(again.getByTestId('login-welcome')).toBeVisible();
      await checkScreen(again, 'login-welcome-step', { modal: true });
      await context.close();
    });

    test('contact flow, report, share, delete confirmations and the shared-trip page', async ({
      page,
      browser,
      baseURL,
    }) => {
      const slot = page.getByTestId('dashboard-search-slot');
      test.setTimeout(300_000);
      // Another traveller's request on a route of its own, to contact from the search.
      const other = await createSignedInUser(baseURL!, { fullname: 'Nikhil Joshi' });
      const route = { from: 'COK', to: 'DOH', date: futureDate(90 + randomInt(0, 250)) };
      const posted = await other.client.post<{ caseid: string }>('/api/companions/requests', {
        serviceType: 'provide',
        fromAirport: route.from,
        toAirport: route.to,
        airline: 'Qatar Airways',
        flightNumber: `QR ${randomInt(100, 1000)}`,
        travelDate: route.date,
        confirmedTicket: true,
        passengerName: 'Nikhil Joshi',
        passengerAge: 31,
        passengerGender: 'male',
        languagesKnown: 'Malayalam, English',
        freeService: true,
      });
      expect(posted.status).toBe(200);
      await expect
        .poll(
          async () => {
            const answer = await other.client.get<{ results: SearchResult[] }>(
              `/api/search/public?service=companion&from=${route.from}&to=${route.to}`,
            );
            return answer.body.results?.some((result) => result.caseid === posted.body.caseid) ?? false;
          },
          { timeout: 20_000 },
        )
        .toBe(true);

      const me = await signUpAndSkipTour(page, 'Anjali Menon');
      // The default from-airport fills in once the airport list has loaded: typing starts after it.
      await expect(slot.getByTestId('search-from-airport')).toHaveValue(/\(ORD\)$/);
      await pickAirport(page, 'search-from-airport', route.from, route.from);
      await pickAirport(page, 'search-to-airport', route.to, route.to);
      await slot.getByRole('button', { name: 'Search' }).click();
      const card = slot.locator(`[data-testid="search-result-card"][data-caseid="${posted.body.caseid}"]`);
      await card.getByRole('button', { name: 'Contact' }).click();
      await page
        .getByRole('dialog', { name: 'Create a request first' })
        .getByRole('button', { name: 'Continue to Create Request' })
        .click();

      // The contact flow: its banner on the companion screen, then the Discard dialog on leaving.
      await expect(page.getByTestId('contact-banner')).toBeVisible();
      await checkScreen(page, 'contact-banner');
      // The companion form with an error: a required field typed in and emptied again.
      await page.getByText('Find Companion').click();
      const passenger = page.getByRole('textbox', { name: /^Passenger Name/ });
      await passenger.fill('A');
      await passenger.fill('');
      // The form shows a field's error once the field is left (react-hook-form, mode onTouched).
      await passenger.blur();
      await expect(passenger).toHaveAttribute('aria-invalid', 'true');
      await checkScreen(page, 'companion-form-errors');
      await page.getByRole('tab', { name: 'My Companions' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard Contact Request' });
      await expect(discard).toBeVisible();
      await checkScreen(page, 'discard-dialog', { modal: true });
      await discard.getByRole('button', { name: 'Yes, Go Back' }).click();
      await expect(discard).toBeHidden();

      // Contact again, now with a request of one's own: the chat opens; its Report dialog.
      await postBookedRequest(page, {
        role: 'need',
        from: ['cochin', 'COK'],
        to: ['doha', 'DOH'],
        airline: 'Qatar Airways',
        flightNumber: `QR ${randomInt(100, 1000)}`,
        date: futureDate(10 + randomInt(0, 60)),
        name: 'Anjali Menon',
        age: 70,
        gender: 'Female',
        language: 'Malayalam',
      });
      await page.goto('/dashboard');
      // The default from-airport fills in once the airport list has loaded: typing starts after it.
      await expect(slot.getByTestId('search-from-airport')).toHaveValue(/\(ORD\)$/);
      await pickAirport(page, 'search-from-airport', route.from, route.from);
      await pickAirport(page, 'search-to-airport', route.to, route.to);
      await slot.getByRole('button', { name: 'Search' }).click();
      const contact = card.getByRole('button', { name: 'Contact' });
      await contact.click();
      const chat = page.getByTestId('chat-dialog');
      await expect(chat.getByRole('textbox', { name: 'Message' })).toBeEnabled();
      const options = chat.getByRole('button', { name: 'Conversation options' });
      await options.click();
      await page.getByRole('menuitem', { name: /Report/ }).click();
      const report = page.getByRole('dialog', { name: 'Report conversation' });
      await report.getByRole('button', { name: 'Send report' }).click();
      const details = report.getByRole('textbox', { name: 'What happened?' });
      await expect(details).toHaveAttribute('aria-invalid', 'true');
      // The error is announced and the focus is back on the field to fix.
      await expect(report.getByRole('alert')).toHaveText(
        'Please tell us what happened (minimum 20 characters).',
      );
      await expect(details).toBeFocused();
      await checkScreen(page, 'report-dialog-errors', { modal: true });
      // The menu closed when Report was chosen: the focus goes back to the options button.
      await closeAndExpectFocusOn(page, report, options);
      await closeAndExpectFocusOn(page, chat, contact);

      // My request: Share (and its dialog), then the shared page in a visitor's browser, then Cancel.
      await page.goto('/companion-service');
      const requestCard = page.getByTestId('companion-request-card');
      const share = requestCard.getByRole('button', { name: 'Share' });
      await share.click();
      const shareDialog = page.getByRole('dialog', { name: 'Share this trip' });
      const link = shareDialog.getByRole('textbox', { name: 'Share link' });
      await expect(link).toHaveValue(/\/shared\//);
      const sharedUrl = await link.inputValue();
      await checkScreen(page, 'share-dialog', { modal: true });
      await closeAndExpectFocusOn(page, shareDialog, share);
      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      await visitor.goto(sharedUrl);
      await expect(visitor.getByTestId('shared-status')).toBeVisible();
      await checkScreen(visitor, 'shared-trip');
      await visitorContext.close();

      // Travel plan delete confirmation (from the card's action menu).
      await page.goto('/travel-form');
      await page.getByRole('radio', { name: 'I need assistance' }).check();
      await page.getByRole('combobox', { name: /^From Airport/ }).click();
      await page.getByRole('option', { name: 'Hyderabad (HYD)' }).click();
      await page.getByRole('combobox', { name: /^To Airport/ }).click();
      await page.getByRole('option', { name: 'Singapore (SIN)' }).click();
      await page.getByLabel(/^Travel Date/).fill(futureDate(20));
      await page.getByRole('button', { name: 'Submit Travel Plan' }).click();
      await expect(
        page.getByText('Travel plan submitted successfully! You will be matched with companions soon.'),
      ).toBeVisible();
      await page.goto('/travel-list');
      const actions = page
        .getByTestId('travel-plan-card')
        .getByRole('button', { name: 'Travel plan actions' });
      await actions.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const deletePlan = page.getByRole('dialog', { name: /Delete/ });
      await expect(deletePlan).toBeVisible();
      await checkScreen(page, 'travel-delete-dialog', { modal: true });
      await closeAndExpectFocusOn(page, deletePlan, actions);

      // Profile delete confirmation, from the profile dialog.
      const accountMenu = page.getByRole('button', { name: 'Account menu' });
      await page.goto('/dashboard');
      await accountMenu.click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      const profile = page.getByTestId('profile-dialog');
      const deleteProfile = profile.getByRole('button', { name: 'Delete Profile' });
      await deleteProfile.click();
      const confirm = page.getByTestId('delete-profile-confirm');
      await expect(confirm).toBeVisible();
      await checkScreen(page, 'profile-delete-dialog', { modal: true });
      await closeAndExpectFocusOn(page, confirm, deleteProfile);
      await closeAndExpectFocusOn(page, profile, accountMenu);

      // Blocked by an administrator: the next page shows only the blocked screen.
      const admin = await adminContext(browser);
      try {
        const blocked = await admin.request.post('/api/auth/update-user-status', {
          data: { phoneNumber: `+1${me.digits}`, status: 'Block', status_reason: 'Accessibility check' },
        });
        expect(blocked.status()).toBe(200);
      } finally {
        await admin.close();
      }
      await reloadUntil(
        page,
        (timeout) => expect(page.getByTestId('blocked-screen')).toBeVisible({ timeout }),
        {
          timeout: 60_000,
        },
      );
      await checkScreen(page, 'blocked');
    });
  });
}
