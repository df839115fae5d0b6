/** Browser-side helpers: sign a fresh traveller in through the real login dialog, code read from the mail catcher. */
import { expect, type Page } from '@playwright/test';
import { createMailClient } from '../../platform/src/testing/mail-client';
import { freshEmail, freshMobileDigits } from '../../platform/src/testing/users';

export { freshEmail };

export async function readCode(email: string, after: number): Promise<string> {
  const message = await createMailClient().waitForMessageTo(email, {
    timeoutMs: 20_000,
    predicate: (m) => /verification code/i.test(m.Subject) && new Date(m.Date).getTime() >= after - 1000,
  });
  const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}`);
  return code;
}

/** From an open login dialog or /login page: e-mail, consent, code. */
export async function enterEmailAndCode(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('checkbox', { name: 'I agree to receive emails for login verification and account alerts' }).check();
  const requestedAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent successfully! Check your email for the verification code.')).toBeVisible();
  const code = await readCode(email, requestedAt);
  await page.getByRole('textbox', { name: 'Digit 1' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Completes the registration dialog shown to a first-time user. */
export async function completeRegistration(page: Page, fullName: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Complete Your Registration' });
  await expect(dialog.getByText('OTP verified! Please complete your registration.')).toBeVisible();
  const digits = freshMobileDigits();
  await dialog.getByRole('textbox', { name: 'Full Name' }).fill(fullName);
  await dialog.getByRole('textbox', { name: 'Mobile Number' }).fill(digits);
  await dialog.getByRole('checkbox', { name: 'I have read and accept the Terms & Conditions' }).check();
  await dialog.getByRole('button', { name: 'Complete Registration' }).click();
  return digits;
}

/** A new traveller signs up from the landing page and lands on the dashboard. */
export async function signUpFromLanding(page: Page, fullName = 'Priya Sharma'): Promise<{ email: string; digits: string }> {
  const email = freshEmail('e2e');
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await enterEmailAndCode(page, email);
  const digits = await completeRegistration(page, fullName);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return { email, digits };
}
